package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Node;
import veil.ludeme.compile.Type;

/**
 * A move rule's translation, found through its ludeme ({@link veil.ludeme.compile.Ludeme#gdl()}); {@code {a b …}}
 * and (or …) are alternatives, (priority …) the first alternative that gives moves.
 */
public final class MoveRuleGdl {
  private MoveRuleGdl() {}

  public static MoveGdl move(Node n, Exprs x) throws ExportException {
    if (n instanceof Node.Braces b) {
      return new Or(parts(b.items(), x), false);
    }
    Bound b = x.em.bind(n, Type.MOVE);
    return x.em.emitter(b, Type.MOVE, GdlEmitter.Move.class).emit(b, x);
  }

  public static List<MoveGdl> parts(List<Node> nodes, Exprs x) throws ExportException {
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

    public Or(List<MoveGdl> parts, boolean priority) {
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
}
