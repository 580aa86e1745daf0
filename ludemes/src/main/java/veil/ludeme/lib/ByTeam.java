package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import veil.dsl.DslException;
import veil.ludeme.IntExpr;
import veil.ludeme.LudState;
import veil.ludeme.Outcome;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.KeyOrder;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.OutcomeGdl;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;
import veil.model.PayoffRange;

/**
 * {@code (byTeam score)}: the side with the highest score wins, whole. A side's score is the expression with Player
 * bound to the side's first member in {@code (teams …)} (without it every player is a side alone), e.g. the tricks
 * Player and its partner took. Every member of a side no other side beats or ties wins (amount 2, goal 100), of a
 * side tied at the top draws (1, goal 50), of a beaten side loses (0, goal 0): it pays amounts 0..2, so the members
 * of a side always get the same whole result.
 */
public final class ByTeam extends SimpleLudeme {
  /** The amounts: 0 lost, 1 tied at the top, 2 won. */
  static final PayoffRange RANGE = new PayoffRange(0, 2);

  public ByTeam() {
    super("byTeam", Type.OUTCOME, "The team with the highest score wins (every member scores 1), teams tied at the "
        + "top draw (1/2 each), the others lose (0); a team's score is this with Player bound to its first member in "
        + "(teams …) (without it every player is a team alone).",
        Param.pos("score", "int", "the score of Player's team"));
  }

  @Override
  public Object build(Args a) throws DslException {
    IntExpr score = a.intExpr("score");
    int n = a.compiler().players();
    int[] declared = a.compiler().game.teams;
    int[] team = new int[n];
    for (int p = 0; p < n; p++) {
      team[p] = declared == null ? p : declared[p];
    }
    return new Outcome() {
      @Override
      public void keys(LudState s, int[] keys) {
        int saved = s.boundPlayer;
        for (int p = 0; p < n; p++) {
          s.boundPlayer = p;
          keys[p] = score.eval(s);
        }
        s.boundPlayer = saved;
        // A side's score is its first member's; results packed two bits a player (n <= 16) so the scores can be
        // read while the results are found.
        int results = 0;
        for (int p = 0; p < n; p++) {
          int mine = keys[team[p]];
          int r = 2;
          for (int q = 0; q < n; q++) {
            if (team[q] == q && q != team[p]) {
              if (keys[q] > mine) {
                r = 0;
                break;
              }
              if (keys[q] == mine) {
                r = 1;
              }
            }
          }
          results |= r << (2 * p);
        }
        for (int p = 0; p < n; p++) {
          keys[p] = (results >>> (2 * p)) & 3;
        }
      }

      @Override
      public PayoffRange payoffRange() {
        return RANGE;
      }

      @Override
      public boolean scores() {
        return true;
      }
    };
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Outcome) Gdl::byTeam;
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /**
     * (score P S) as in byScore, compared pairwise by {@link KeyOrder}; (sameteam P Q) and (sidelead P L) from the
     * declared teams; (key P 0) when another side's first member has a higher score than P's side's first member,
     * (key P 1) when none does but one ties, else 2.
     */
    public static OutcomeGdl.Keys byTeam(Bound b, Flow f) throws ExportException {
      Exprs x = f.x;
      Program out = x.out;
      String p = out.var();
      String players = x.m.players();
      String player = Program.atom(players, p);
      Ctx ctx = Ctx.EMPTY.bind("Player", Val.of(p, Kind.PLAYER), player);
      List<String> body = new ArrayList<>(List.of(player));
      Val score = x.num(b.get("score"), ctx, body);
      KeyOrder order;
      if (score.kind() == Kind.KEY) {
        order = KeyOrder.ofKey(x, score, p); // a match's totals written digit by digit
      } else {
        score = x.coerce(score, Kind.NUM, b.get("score"));
        Rel s = x.helper("teamscore", Ctx.EMPTY, List.of(body), List.of(List.of(p, score.term())));
        order = KeyOrder.of(x, s, score.nums());
      }
      int n = x.m.n;
      String same = out.rel("sameteam");
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (x.m.game.team(i) == x.m.game.team(j)) {
            out.table(same, "(" + same + " " + x.m.player[i] + " " + x.m.player[j] + ")",
                "(" + same + " P Q): P and Q play for the same side (teams …)");
          }
        }
      }
      String lead = out.rel("sidelead");
      for (int i = 0; i < n; i++) {
        out.table(lead, "(" + lead + " " + x.m.player[i] + " " + x.m.player[x.m.game.team(i)] + ")",
            "(" + lead + " P L): L is the first member of P's side, whose score is the side's");
      }
      String q = out.var();
      String l = out.var();
      // Beaten: another side's first member has a higher score than P's side's first member; drawn: an equal one.
      String beaten = out.rel("beaten");
      out.rule(Program.atom(beaten, p), List.of(Program.atom(lead, p, l), Program.atom(lead, q, q),
          Program.atom(order.higher, l, q), Program.not(Program.atom(same, l, q))));
      String drawn = out.rel("drawn");
      out.rule(Program.atom(drawn, p), List.of(Program.atom(lead, p, l), Program.atom(lead, q, q),
          Program.atom(order.tied, l, q), Program.not(Program.atom(same, l, q))));
      String key = out.rel("teamresult");
      out.rule(Program.atom(key, p, "0"), List.of(player, Program.atom(beaten, p)));
      out.rule(Program.atom(key, p, "1"), List.of(player, Program.not(Program.atom(beaten, p)), Program.atom(drawn, p)));
      out.rule(Program.atom(key, p, "2"),
          List.of(player, Program.not(Program.atom(beaten, p)), Program.not(Program.atom(drawn, p))));
      return new OutcomeGdl.Keys(new Rel(key, List.of()), new TreeSet<>(List.of(0, 1, 2)), RANGE);
    }
  }
}
