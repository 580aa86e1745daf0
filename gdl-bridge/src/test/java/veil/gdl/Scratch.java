package veil.gdl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import veil.gdl.reason.KifGame;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

public class Scratch {
  public static void main(String[] a) throws Exception {
    String text = Files.readString(Path.of(a[0]));
    KifGame g = new KifLoader().load(a[0], text, Map.of("mode", a.length > 1 ? a[1] : "lenient"));
    System.out.println(g.name() + ": " + g.description() + " rules=" + g.groundRuleCount() + " atoms=" + g.groundAtomCount() + " base=" + g.basePropositionCount());
    g.warnings().forEach(w -> System.out.print(w.format()));
    SplittableRandom rng = new SplittableRandom(1);
    MoveList ml = new MoveList();
    int[] joint = new int[g.roleCount()];
    Percepts ps = new Percepts(g.roleCount());
    State s = g.initialState();
    System.out.print(g.render(s, -1));
    while (!g.isTerminal(s)) {
      StringBuilder sb = new StringBuilder();
      for (int r = 0; r < g.roleCount(); r++) {
        g.legalMoves(s, r, ml);
        joint[r] = ml.get(rng.nextInt(ml.size()));
        sb.append(g.roleName(r)).append('=').append(g.moveText(r, joint[r])).append(' ');
      }
      g.apply(s, joint, ps);
      for (int r = 0; r < g.roleCount(); r++) for (int p : ps.sorted(r)) sb.append(" ").append(g.roleName(r)).append(" sees ").append(g.perceptText(r, p));
      System.out.println(sb);
    }
    System.out.print(g.render(s, -1));
    for (int r = 0; r < g.roleCount(); r++) System.out.println(g.roleName(r) + " goal " + g.goal(s, r));
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean(); long t0 = mx.getCurrentThreadCpuTime(); int n = 0; State w = g.initialState();
    while (mx.getCurrentThreadCpuTime() - t0 < 2_000_000_000L) {
      w = g.initialState();
      int steps = 0;
      while (!g.isTerminal(w) && steps++ < g.stepBound()) {
        for (int r = 0; r < g.roleCount(); r++) { g.legalMoves(w, r, ml); joint[r] = ml.get(rng.nextInt(ml.size())); }
        g.apply(w, joint, a.length > 2 ? ps : null);
      }
      for (int r = 0; r < g.roleCount(); r++) if (r != g.randomRole()) g.goal(w, r);
      n++;
    }
    System.out.println("playouts/s " + n / 2.0);
  }
}
