package veil.ludeme.lib;

import java.util.List;
import veil.ludeme.Ints;
import veil.ludeme.Slot;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.GdlEmitter;

/** {@code (turns)}, {@code (step)}: counters the engine keeps. */
public final class Counters extends SimpleLudeme {
  private final int slot;

  private Counters(String name, int slot, String doc) {
    super(name, Type.INT, doc);
    this.slot = slot;
  }

  public static List<Counters> all() {
    return List.of(new Counters("turns", Slot.TURNS, "Number of moves made so far in turn-based phases."),
        new Counters("step", Slot.STEP, "Number of joint moves played so far (chance steps included)."));
  }

  @Override
  public String category() {
    return "integers";
  }

  @Override
  public Object build(Args a) {
    int k = slot;
    return Ints.read(k);
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    if (name().equals("turns")) {
      return (GdlEmitter.Num) (b, ctx, body, x) -> x.read(x.fam.turns(), List.of(), body);
    }
    return (GdlEmitter.Num) (b, ctx, body, x) -> x.read(x.fam.step(), List.of(), body);
  }
}
