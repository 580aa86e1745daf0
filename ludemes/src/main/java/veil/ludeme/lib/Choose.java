package veil.ludeme.lib;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.Action;
import veil.ludeme.BoolExpr;
import veil.ludeme.CompiledGame;
import veil.ludeme.Effect;
import veil.ludeme.LudState;
import veil.ludeme.Names;
import veil.ludeme.Table;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Symbols;
import veil.ludeme.compile.Type;
import veil.ludeme.gdl.ActionGdl;
import veil.ludeme.gdl.Bound;
import veil.ludeme.gdl.Ctx;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.Exprs;
import veil.ludeme.gdl.Flow;
import veil.ludeme.gdl.GdlEmitter;
import veil.ludeme.gdl.Kind;
import veil.ludeme.gdl.Program;
import veil.ludeme.gdl.Rel;
import veil.ludeme.gdl.Val;
import veil.model.MoveList;

/**
 * {@code (choose name [values] [then:effect] [visible:All|Mover])}: a move everyone sees (a bid, a bet, a fold). With
 * values ({@code 0..13}, {@code {Hearts Spades}}, {@code {P1 P2}}) the mover picks one, the move is the term
 * {@code (name value)} and its effects read the value as {@code Choice}; without, the move is the bare name.
 */
public final class Choose extends SimpleLudeme {
  public Choose() {
    super("choose", Type.MOVE, "A move that is announced: the mover picks one of the values (a number range, suits, "
        + "ranks or players), played as (name value) with the value readable as Choice in if: and then:; without "
        + "values, the bare name (bet, fold). Everyone perceives the move (visible:Mover: only the mover).",
        Param.pos("name", "name", "the move's GDL name, e.g. bid"),
        Param.optPos("values", "lo..hi or {value …} or Players or Ranks",
            "what may be chosen: numbers, suit names, rank names (Ranks: every rank) or players (Players: every one)"),
        Param.named("if", "condition", "only the values for which this holds (Choice is the value), e.g. a rank you "
            + "hold: (not (empty (cards (hand Mover) rank:Choice)))"),
        Param.named("then", "effect", "what happens after (Choice is the value chosen), before the turn passes on (Mover is the one who chose)"),
        Param.named("visible", "All|Mover", "who perceives the move (default All)"));
  }

  /**
   * The values of a choice: their ints, their GDL terms and their kind. A choice of ranks is of kind NUM in GDL-II
   * (a rank compares with (rank Card), whose GDL-II value is its position), with rank names as its move terms.
   */
  record Values(int[] ints, String[] terms, Kind kind, boolean ranks) {}

  /** How a choice's names resolve: suits, ranks and players to their index (-1 when not one) and GDL term. */
  interface Lookup {
    int suit(String name);

    String suitTerm(int suit);

    int player(String name);

    String playerTerm(int player);

    int rank(String name);

    String rankTerm(int rank);

    int players();

    int ranks();
  }

  static Values values(Node n, Lookup c) throws DslException {
    List<Integer> ints = new ArrayList<>();
    List<String> terms = new ArrayList<>();
    Kind kind = Kind.NUM;
    boolean ranks = false;
    List<Node> items = n instanceof Node.Braces b ? b.items() : List.of(n);
    if (n instanceof Node.Sym s && s.name().equals("Players")) {
      for (int p = 0; p < c.players(); p++) {
        ints.add(p);
        terms.add(c.playerTerm(p));
      }
      kind = Kind.PLAYER;
      items = List.of();
    } else if (n instanceof Node.Sym s && s.name().equals("Ranks")) {
      if (c.ranks() == 0) {
        throw new DslException(Diagnostic.at(n.pos(), "Ranks: the game's deck has no ranks", "a deck with ranks:"));
      }
      for (int r = 0; r < c.ranks(); r++) {
        ints.add(r);
        terms.add(c.rankTerm(r));
      }
      ranks = true;
      items = List.of();
    }
    for (Node item : items) {
      if (item instanceof Node.Range r) {
        if (r.to() - r.from() > 1000) {
          throw new DslException(Diagnostic.at(r.pos(), "a choice among more than 1001 numbers", "0..13"));
        }
        for (long k = r.from(); k <= r.to(); k++) {
          ints.add((int) k);
          terms.add(Long.toString(k));
        }
      } else if (item instanceof Node.Int i) {
        ints.add((int) i.value());
        terms.add(Long.toString(i.value()));
      } else if (item instanceof Node.Sym s && c.suit(s.name()) >= 0) {
        kind = mix(kind, Kind.SUIT, ints, s);
        ints.add(c.suit(s.name()));
        terms.add(c.suitTerm(c.suit(s.name())));
      } else if (item instanceof Node.Sym s && c.player(s.name()) >= 0) {
        kind = mix(kind, Kind.PLAYER, ints, s);
        int p = c.player(s.name());
        ints.add(p);
        terms.add(c.playerTerm(p));
      } else if (item instanceof Node.Sym s && c.rank(s.name()) >= 0) {
        if (!ints.isEmpty() && !ranks) {
          throw new DslException(Diagnostic.at(s.pos(), "the values of a choice are all numbers, all suits, all ranks "
              + "or all players", "0..13 or {Hearts Spades} or {Jack Queen} or {P1 P2}"));
        }
        ranks = true;
        ints.add(c.rank(s.name()));
        terms.add(c.rankTerm(c.rank(s.name())));
      } else {
        throw new DslException(Diagnostic.at(item.pos(), "expected numbers (lo..hi), suit or rank names or players to "
            + "choose from (or Players, Ranks), found " + item.kind(), "0..13 or {Hearts Spades} or {P1 P2} or Ranks"));
      }
      if (ranks && (kind != Kind.NUM || item instanceof Node.Range || item instanceof Node.Int)) {
        throw new DslException(Diagnostic.at(item.pos(), "the values of a choice are all numbers, all suits, all ranks "
            + "or all players", "0..13 or {Hearts Spades} or {Jack Queen} or {P1 P2}"));
      }
    }
    if (ints.isEmpty() || ints.size() > 0xFFFF) {
      throw new DslException(Diagnostic.at(n.pos(), "a choice needs at least one value", "0..13"));
    }
    if (new TreeSet<>(ints).size() != ints.size()) {
      throw new DslException(Diagnostic.at(n.pos(), "a value is listed twice among the choices", "0..13"));
    }
    return new Values(ints.stream().mapToInt(Integer::intValue).toArray(), terms.toArray(new String[0]), kind, ranks);
  }

  private static Kind mix(Kind now, Kind next, List<Integer> before, Node at) throws DslException {
    if (!before.isEmpty() && now != next) {
      throw new DslException(Diagnostic.at(at.pos(), "the values of a choice are all numbers, all suits or all players",
          "0..13 or {Hearts Spades} or {P1 P2}"));
    }
    return next;
  }

  private static boolean toAll(String visible, Node at) throws DslException {
    if (visible.equals("All")) {
      return true;
    }
    if (visible.equals("Mover")) {
      return false;
    }
    throw new DslException(Diagnostic.at(at.pos(), "unknown visibility " + visible, "All Mover"));
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    String verb = Names.gdl(a.text("name"));
    Lookup names = new Lookup() {
      public int suit(String name) {
        return c.cardTable.findSuit(name);
      }

      public String suitTerm(int suit) {
        return Names.gdl(c.cardTable.suitNames().get(suit));
      }

      public int player(String name) {
        return Symbols.player(c, name);
      }

      public String playerTerm(int player) {
        return Names.gdl(c.game.playerNames.get(player));
      }

      public int rank(String name) {
        return c.cardTable.findRank(name);
      }

      public String rankTerm(int rank) {
        return Names.gdl(c.cardTable.rankNames().get(rank));
      }

      public int players() {
        return c.players();
      }

      public int ranks() {
        return c.cardTable.rankNames().size();
      }
    };
    Values vals = a.has("values") ? values(a.node("values"), names) : null;
    boolean all = toAll(a.text("visible", "All"), a.has("visible") ? a.node("visible") : a.call());
    if (vals == null && a.has("if")) {
      throw a.error("if", "if: filters the values of a choice, and this choice has none", "(choose ask Players if:…)");
    }
    Effect then;
    BoolExpr when;
    c.choiceDepth += vals == null ? 0 : 1;
    try {
      then = a.effect("then");
      when = a.has("if") ? a.bool("if") : null;
    } finally {
      c.choiceDepth -= vals == null ? 0 : 1;
    }
    Table t = c.table;
    int k = vals == null ? 1 : vals.ints().length;
    int[] values = vals == null ? new int[] {-1} : vals.ints();
    int[] words = new int[k];
    String[] texts = new String[k];
    for (int i = 0; i < k; i++) {
      texts[i] = vals == null ? verb : "(" + verb + " " + vals.terms()[i] + ")";
      words[i] = t.tellIndex(texts[i]);
    }
    int n = c.players();
    Action act = new Action(verb) {
      @Override
      public void generate(LudState s, MoveList out) {
        if (when == null) {
          for (int i = 0; i < k; i++) {
            out.add(move(i));
          }
          return;
        }
        int saved = s.choice;
        for (int i = 0; i < k; i++) {
          s.choice = values[i];
          if (when.eval(s)) {
            out.add(move(i));
          }
        }
        s.choice = saved;
      }

      @Override
      public void apply(LudState s, int payload) {
        s.choice = values[payload];
        if (all) {
          for (int p = 0; p < n; p++) {
            t.tell(s, p, words[payload]);
          }
        } else {
          t.tell(s, s.cur, words[payload]);
        }
        then.run(s);
      }

      @Override
      public String text(CompiledGame g, int payload) {
        return texts[payload];
      }
    };
    c.game.actions.add(act);
    return act;
  }

  @Override
  public CardSampling cardSampling() {
    // Its percept is a word every player sees, one per value: the card sampler's replay finds the move that gives
    // it. A choice only the mover sees (visible:Mover) could not be told apart; the card sampler declines a game
    // that has one (veil.cards.sample.CardSampler.unsupported).
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return (GdlEmitter.Move) (b, x) -> new Gdl.ChooseAction(b, x);
  }

  /** The GDL-II translation of this ludeme (see {@link veil.ludeme.gdl.GdlExport}). */
  static final class Gdl {
    private Gdl() {}

    /** (does R (verb V)) for V in a static table (choice_verb V), or the bare verb; everyone sees the move. */
    public static final class ChooseAction implements ActionGdl {
      private final Bound b;
      private final String verb;
      private final Values vals;
      private final boolean all;

      @Override
      public veil.dsl.Node source() {
        return b.call;
      }

      ChooseAction(Bound b, Exprs x) throws ExportException {
        this.b = b;
        this.verb = Names.gdl(b.text("name"));
        try {
          veil.ludeme.gdl.Model m = x.m;
          Lookup names = new Lookup() {
            public int suit(String name) {
              return m.suitIndex(name);
            }

            public String suitTerm(int suit) {
              return m.suitTerm[suit];
            }

            public int player(String name) {
              return m.playerIndex(name);
            }

            public String playerTerm(int player) {
              return m.player[player];
            }

            public int rank(String name) {
              return m.rankIndex(name);
            }

            public String rankTerm(int rank) {
              return Names.gdl(m.game.cards.rankNames()[rank]);
            }

            public int players() {
              return m.n;
            }

            public int ranks() {
              return m.game.cards.rankNames().length;
            }
          };
          this.vals = b.has("values") ? values(b.get("values"), names) : null;
          this.all = toAll(b.text("visible", "All"), b.call);
        } catch (DslException e) {
          throw ExportException.at(b.call, e.getMessage());
        }
      }

      /** (choice_verb V), or for ranks (choice_verb RANK R) with R the rank's position (what (rank Card) reads). */
      private String table(Exprs x) {
        String rel = "choice_" + verb;
        for (int i = 0; i < vals.terms().length; i++) {
          String term = vals.terms()[i];
          if (vals.ranks()) {
            x.out.table(rel, "(" + rel + " " + term + " " + vals.ints()[i] + ")", "(" + rel + " v r): the ranks a "
                + verb + " may choose, with each rank's position");
          } else {
            x.out.table(rel, "(" + rel + " " + term + ")", "(" + rel + " v): the values a " + verb + " may choose");
          }
        }
        return rel;
      }

      /** Choice bound to the chosen value (the move's term, or for ranks the rank's position), bound by domain. */
      private Ctx bindChoice(Ctx ctx, Exprs x, String term, String domain, List<String> body) {
        TreeSet<Integer> nums = null;
        if (vals.kind() == Kind.NUM) {
          nums = new TreeSet<>();
          for (int i : vals.ints()) {
            nums.add(i);
          }
        }
        if (!vals.ranks()) {
          return ctx.bind("Choice", new Val(term, vals.kind(), nums), domain);
        }
        String r = x.out.var();
        String lit = Program.atom(table(x), term, r);
        body.add(lit);
        return ctx.bind("Choice", new Val(r, Kind.NUM, nums), domain == null ? lit : domain + " " + lit);
      }

      @Override
      public String verb() {
        return verb;
      }

      @Override
      public boolean hasCard() {
        return vals != null;
      }

      /** A chosen value is a number, suit, rank or player, never a card: played as named, also with copies. */
      @Override
      public boolean namesCard() {
        return false;
      }

      @Override
      public Rel legal(Ctx ctx, Exprs x) throws ExportException {
        if (vals == null) {
          return x.helper("moves", ctx, List.of(List.of()), List.of(List.of(verb)));
        }
        String v = x.out.var();
        List<String> body = new ArrayList<>();
        Ctx inner = ctx;
        if (vals.ranks()) {
          inner = bindChoice(ctx, x, v, null, body);
        } else {
          body.add(Program.atom(table(x), v));
          inner = bindChoice(ctx, x, v, body.get(0), body);
        }
        if (b.has("if")) {
          x.cond(b.get("if"), inner, body);
        }
        return x.helper("moves", ctx, List.of(body), List.of(List.of(Program.atom(verb, v))));
      }

      @Override
      public void apply(Flow f, String value, String doesLit) throws ExportException {
        Ctx ctx = Ctx.EMPTY;
        String seen = verb;
        if (vals != null) {
          ctx = bindChoice(ctx, f.x, value, doesLit, new ArrayList<>());
          seen = Program.atom(verb, value);
        }
        List<String> body = new ArrayList<>(List.of(doesLit));
        if (all) {
          for (String p : f.m.player) {
            f.sees(p, seen, body);
          }
        } else {
          List<String> mine = new ArrayList<>(body);
          Val me = f.x.mover(Ctx.EMPTY, mine);
          f.sees(me.term(), seen, mine);
        }
        f.effect(b.get("then"), ctx);
      }
    }
  }
}
