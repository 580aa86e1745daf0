package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Node;
import veil.ludeme.Names;
import veil.ludeme.compile.Type;

/** Move rules: (move …), (pass …), (trick …), (or {…}) or {…}, (priority {…}), (if c a b). */
public final class MoveRuleGdl {
  private MoveRuleGdl() {}

  public static void register(Emitters e) {
    e.add(Type.MOVE, (GdlEmitter.Move) (b, x) -> new MoveCard(b), "move");
    e.add(Type.MOVE, (GdlEmitter.Move) (b, x) -> new Pass(b), "pass");
    e.add(Type.MOVE, (GdlEmitter.Move) (b, x) -> new TrickGdl(b), "trick");
    e.add(Type.MOVE, (GdlEmitter.Move) (b, x) -> new Or(parts(b.list("moves"), x), false), "or");
    e.add(Type.MOVE, (GdlEmitter.Move) (b, x) -> new Or(parts(b.list("moves"), x), true), "priority");
    e.add(Type.MOVE, (GdlEmitter.Move) (b, x) -> new If(b.get("c"), move(b.get("a"), x),
        b.has("b") ? move(b.get("b"), x) : null), "if");
  }

  public static MoveGdl move(Node n, Exprs x) throws ExportException {
    if (n instanceof Node.Braces b) {
      return new Or(parts(b.items(), x), false);
    }
    Bound b = x.em.bind(n, Type.MOVE);
    return x.em.emitter(b, Type.MOVE, GdlEmitter.Move.class).emit(b, x);
  }

  private static List<MoveGdl> parts(List<Node> nodes, Exprs x) throws ExportException {
    List<MoveGdl> out = new ArrayList<>();
    for (Node n : nodes) {
      out.add(move(n, x));
    }
    return out;
  }

  /** Every move of every part; with priority, the moves of the first part that has any. */
  public static final class Or implements MoveGdl {
    private final List<MoveGdl> parts;
    private final boolean priority;

    Or(List<MoveGdl> parts, boolean priority) {
      this.parts = parts;
      this.priority = priority;
    }

    @Override
    public Rel legal(Ctx ctx, Exprs x) throws ExportException {
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      List<String> earlierNone = new ArrayList<>();
      for (MoveGdl p : parts) {
        Rel r = p.legal(ctx, x);
        String mv = x.out.var();
        List<String> body = new ArrayList<>(earlierNone);
        body.add(r.call(mv));
        bodies.add(body);
        outs.add(List.of(mv));
        if (priority) {
          String any = x.out.var();
          earlierNone.add(Program.not(x.helper("hasmoves", ctx, List.of(List.of(r.call(any))),
              List.of(List.of())).call()));
        }
      }
      return x.helper("moves", ctx, bodies, outs);
    }

    @Override
    public void actions(List<ActionGdl> out) {
      for (MoveGdl p : parts) {
        p.actions(out);
      }
    }
  }

  public static final class If implements MoveGdl {
    private final Node cond;
    private final MoveGdl yes;
    private final MoveGdl no;

    If(Node cond, MoveGdl yes, MoveGdl no) {
      this.cond = cond;
      this.yes = yes;
      this.no = no;
    }

    @Override
    public Rel legal(Ctx ctx, Exprs x) throws ExportException {
      String c = x.condAtom(cond, ctx);
      List<List<String>> bodies = new ArrayList<>();
      List<List<String>> outs = new ArrayList<>();
      String mv = x.out.var();
      bodies.add(List.of(c, yes.legal(ctx, x).call(mv)));
      outs.add(List.of(mv));
      if (no != null) {
        String mv2 = x.out.var();
        bodies.add(List.of(Program.not(c), no.legal(ctx, x).call(mv2)));
        outs.add(List.of(mv2));
      }
      return x.helper("moves", ctx, bodies, outs);
    }

    @Override
    public void actions(List<ActionGdl> out) {
      yes.actions(out);
      if (no != null) {
        no.actions(out);
      }
    }
  }

  /** (move [from:P] to:Q [cards:S] [name:N] [then:effect]): (N CARD). */
  public static final class MoveCard implements ActionGdl {
    private final Bound b;
    private final String verb;

    MoveCard(Bound b) throws ExportException {
      this.b = b;
      this.verb = Names.gdl(b.text("name", "move"));
    }

    @Override
    public String verb() {
      return verb;
    }

    @Override
    public boolean hasCard() {
      return true;
    }

    private Val from(Ctx ctx, Exprs x, List<String> body) throws ExportException {
      if (b.has("from")) {
        return x.place(b.get("from"), ctx, body);
      }
      veil.ludeme.PlaceTable.Def hand = x.m.place("Hand");
      if (hand == null) {
        throw ExportException.at(b.call, "no place named \"Hand\" to move from");
      }
      return x.instance(hand, x.mover(ctx, body), body);
    }

    @Override
    public Rel legal(Ctx ctx, Exprs x) throws ExportException {
      List<String> body = new ArrayList<>();
      Val from = from(ctx, x, body);
      String c;
      if (b.has("cards")) {
        c = x.cards(b.get("cards"), ctx, body);
      } else {
        c = x.out.var();
      }
      body.add(x.store.read(x.fam.at(), List.of(c), from.term()));
      return x.helper("moves", ctx, List.of(body), List.of(List.of(Program.atom(verb, c))));
    }

    @Override
    public void apply(Flow f, String card, String cardLit) throws ExportException {
      List<String> body = new ArrayList<>(List.of(cardLit));
      Val from = from(Ctx.EMPTY, f.x, body);
      Val to = f.x.place(b.get("to"), Ctx.EMPTY, body);
      f.moveCard(card, from.term(), to.term(), body);
      f.effect(b.get("then"), Ctx.EMPTY);
    }
  }

  /** (pass [name:N] [then:effect]): the bare verb. */
  public static final class Pass implements ActionGdl {
    private final Bound b;
    private final String verb;

    Pass(Bound b) throws ExportException {
      this.b = b;
      this.verb = Names.gdl(b.text("name", "pass"));
    }

    @Override
    public String verb() {
      return verb;
    }

    @Override
    public boolean hasCard() {
      return false;
    }

    @Override
    public Rel legal(Ctx ctx, Exprs x) {
      return x.helper("moves", ctx, List.of(List.of()), List.of(List.of(verb)));
    }

    @Override
    public void apply(Flow f, String card, String cardLit) throws ExportException {
      f.effect(b.get("then"), Ctx.EMPTY);
    }
  }
}
