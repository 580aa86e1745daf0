package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import veil.ludeme.compile.Type;

/**
 * Outcomes: (result Who Win|Loss|Draw), (byScore expr [misere:True]), (ranking by:expr). Each gives a key per
 * player, (R PLAYER KEY), higher is better; the end of the game ranks by them.
 */
public final class OutcomeGdl {
  private OutcomeGdl() {}

  /** The key relation and the values a key may take. */
  public record Keys(Rel rel, NavigableSet<Integer> nums) {}

  public static void register(Emitters e) {
    e.add(Type.OUTCOME, (GdlEmitter.Outcome) OutcomeGdl::result, "result");
    e.add(Type.OUTCOME, (GdlEmitter.Outcome) OutcomeGdl::byScore, "byScore", "ranking");
  }

  public static Keys result(Bound b, Flow f) throws ExportException {
    Exprs x = f.x;
    String kind = b.text("kind");
    String p = x.out.var();
    String player = Program.atom(x.m.players(), p);
    TreeSet<Integer> nums = new TreeSet<>(List.of(0, 1));
    if (kind.equals("Draw") || b.text("who").equals("All")) {
      Rel r = x.helper("key", Ctx.EMPTY, List.of(List.of(player)), List.of(List.of(p, "0")));
      return new Keys(r, nums);
    }
    String mine = kind.equals("Win") ? "1" : "0";
    String theirs = kind.equals("Win") ? "0" : "1";
    List<String> whoBody = new ArrayList<>();
    Val who = x.num(b.get("who"), Kind.PLAYER, Ctx.EMPTY, whoBody);
    List<String> me = new ArrayList<>(whoBody);
    me.add(player);
    me.add(Program.atom("eq", p, who.term()));
    x.m.eqKind(Kind.PLAYER, null);
    List<String> others = new ArrayList<>(whoBody);
    others.add(player);
    others.add(Program.atom("distinct", p, who.term()));
    Rel r = x.helper("key", Ctx.EMPTY, List.of(me, others), List.of(List.of(p, mine), List.of(p, theirs)));
    return new Keys(r, nums);
  }

  public static Keys byScore(Bound b, Flow f) throws ExportException {
    Exprs x = f.x;
    boolean ranking = b.name().equals("ranking");
    String p = x.out.var();
    String player = Program.atom(x.m.players(), p);
    Ctx ctx = Ctx.EMPTY.bind("Player", Val.of(p, Kind.PLAYER), player);
    List<String> body = new ArrayList<>(List.of(player));
    Val score = x.num(b.get(ranking ? "by" : "score"), Kind.NUM, ctx, body);
    if (!ranking && b.flag("misere", false)) {
      score = x.arith('-', Val.num(0), score, body, b.call);
    }
    Rel r = x.helper("key", Ctx.EMPTY, List.of(body), List.of(List.of(p, score.term())));
    return new Keys(r, score.nums());
  }
}
