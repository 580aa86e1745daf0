package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.DslException;
import veil.ludeme.BoolExpr;
import veil.ludeme.IntExpr;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.ReplayedLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Model;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;

/**
 * {@code (hasSubset "Map" cards sum:V [with:card] [most:N])}: true when some subset of the cards (holding the card,
 * with {@code with:}) has map values summing to V. What a sum capture asks (Scopa, Casino, Cuarenta: may this card
 * be taken towards what is still needed?), where {@code (> (subsets …) 0)} says the same but its GDL-II translation
 * writes the count, which a table of 13 cards worth 1..10 takes past what the export can write.
 *
 * <p>Engine: {@link Subsets}' branch, stopped at the first subset found. GDL-II ({@link Gdl}): a chain of the sums
 * reachable so far, true or absent, never a number, so nothing bounds the set's size; with {@code with:} W the chain
 * also carries the card it leaves out, and the call holds when W is in the set and the rest reaches V − W's value.
 */
public final class HasSubset extends ReplayedLudeme {
  public HasSubset() {
    super("hasSubset", Type.BOOL, "cards", (GdlEmitter.Cond) Gdl::condition, "True when some subset of the cards "
            + "has map values summing to sum: (the empty set sums to 0); with with:, some subset that holds that "
            + "card (false if the cards do not hold it). A sum capture: (cards (pile \"Table\") if:(hasSubset \"V\" "
            + "(pile \"Table\") sum:(var \"Need\") with:Card)) are the table cards that may still be taken towards "
            + "Need. The same as (> (subsets …) 0), but exported as reachable sums rather than counts, so the GDL-II "
            + "export needs no bound on the set's size. Map values must be 0 or more. More than most: cards "
            + "(default " + Subsets.MAX_CARDS + ") is a rule failure.",
        Subsets.params("only the subsets holding this card, e.g. Card"));
  }

  @Override
  public Object build(Args a) throws DslException {
    IntExpr found = Subsets.expr(a, name(), true);
    return (BoolExpr) s -> found.eval(s) != 0;
  }

  /**
   * The GDL-II translation: (hassubset_i FV… T) for the i-th card the set may hold (worth at most the largest sum):
   * some subset of the set's cards up to it sums to T. With with: W, (hassubset_i FV… W T) for W among the cards
   * walked: some subset of those cards other than W does.
   */
  static final class Gdl {
    private Gdl() {}

    static void condition(Bound b, Ctx ctx, List<String> body, Exprs x) throws ExportException {
      Subsets.Gdl.Setup su = Subsets.Gdl.setup(b, ctx, body, x);
      Model m = x.m;
      Rel mem = su.mem();
      boolean with = su.with() != null;
      String last = chain(x, su, with);
      Rel reach = new Rel(last, mem.fv());
      if (!with) {
        // A sum outside 0..top (a negative one) has no fact: false.
        body.add(reach.call(su.target().term()));
        return;
      }
      // W in the set, worth v, and the rest reaches T − v (no minus fact below 0: false).
      for (int t : su.targets()) {
        for (int c : su.walk()) {
          if (t >= su.value()[c]) {
            m.minus(t, su.value()[c]);
          }
        }
      }
      String v = x.out.var();
      String u = x.out.var();
      String w = su.with().term();
      body.add(mem.call(w));
      body.add(Program.atom(m.mapValue(su.map()), veil.ludeme.Names.gdl(su.map()), w, v));
      body.add(Program.atom("minus", su.target().term(), v, u));
      body.add(reach.call(w, u));
    }

    /** The chain's relations; returns the last. */
    private static String chain(Exprs x, Subsets.Gdl.Setup su, boolean with) {
      Model m = x.m;
      Rel mem = su.mem();
      String prev = x.out.rel("hassubset");
      // Before any card: only the empty subset, which sums to 0 (whichever card is left out).
      if (with) {
        for (int c : su.walk()) {
          x.out.rule(new Rel(prev, mem.fv()).call(m.cardTerm[c], "0"), su.dom());
        }
      } else {
        x.out.rule(new Rel(prev, mem.fv()).call("0"), su.dom());
      }
      for (int c : su.walk()) {
        int v = su.value()[c];
        String card = m.cardTerm[c];
        for (int t = v; t <= su.top(); t++) {
          m.minus(t, v);
        }
        Rel next = new Rel(x.out.rel("hassubset"), mem.fv());
        Rel before = new Rel(prev, mem.fv());
        String w = x.out.var();
        String t = x.out.var();
        String u = x.out.var();
        List<String> keep = with ? List.of(w, t) : List.of(t);
        List<String> from = with ? List.of(w, u) : List.of(u);
        // Without this card: what was reachable stays so.
        x.out.rule(next.call(keep), List.of(before.call(keep)));
        // With it (in the set, and not the card left out): every reachable sum u gives u + v, up to top.
        List<String> in = new ArrayList<>(List.of(mem.call(card), before.call(from)));
        if (with) {
          in.add("(distinct " + w + " " + card + ")");
        }
        in.add(Program.atom("minus", t, Integer.toString(v), u));
        x.out.rule(next.call(keep), in);
        prev = next.name();
      }
      return prev;
    }
  }
}
