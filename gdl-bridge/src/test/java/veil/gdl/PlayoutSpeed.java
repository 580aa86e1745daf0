package veil.gdl;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.SplittableRandom;
import veil.gdl.reason.KifGame;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/**
 * Random playouts per second of CPU time on bundled games (a measuring tool, not a test: timing is never asserted).
 * Run from the gdl-bridge folder: {@code java -cp <test and main classes> veil.gdl.PlayoutSpeed [game…]}. Each game
 * is warmed up for a second, then measured for three, with percepts computed at every step (as a match does) and
 * without (as a search playout does).
 */
public final class PlayoutSpeed {
  private PlayoutSpeed() {}

  public static void main(String[] args) {
    List<String> games = args.length > 0 ? List.of(args) : List.of("tic-tac-toe", "blind-tic-tac-toe-gdl",
        "monty-hall-3");
    for (String name : games) {
      KifGame g = Kif.bundled(name);
      measure(g, true, 1.0);
      double with = measure(g, true, 3.0);
      double without = measure(g, false, 3.0);
      System.out.printf("%-24s %9.0f playouts/s with percepts, %9.0f without  (%d ground rules, %d atoms)%n",
          name, with, without, ((veil.gdl.reason.GroundedGame) g).groundRuleCount(), ((veil.gdl.reason.GroundedGame) g).groundAtomCount());
    }
  }

  static double measure(KifGame g, boolean percepts, double seconds) {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    SplittableRandom rng = new SplittableRandom(1);
    MoveList ml = new MoveList();
    int[] joint = new int[g.roleCount()];
    Percepts ps = percepts ? new Percepts(g.roleCount()) : null;
    State s = g.initialState();
    State init = g.initialState();
    long t0 = mx.getCurrentThreadCpuTime();
    long limit = (long) (seconds * 1e9);
    int n = 0;
    long sink = 0;
    while (mx.getCurrentThreadCpuTime() - t0 < limit) {
      for (int k = 0; k < 100; k++) {
        s.copyFrom(init);
        while (!g.isTerminal(s)) {
          for (int r = 0; r < g.roleCount(); r++) {
            g.legalMoves(s, r, ml);
            joint[r] = ml.get(rng.nextInt(ml.size()));
          }
          g.apply(s, joint, ps);
        }
        for (int r = 0; r < g.roleCount(); r++) {
          sink += g.goal(s, r);
        }
        n++;
      }
    }
    if (sink < 0) {
      System.out.println(sink);
    }
    return n / ((mx.getCurrentThreadCpuTime() - t0) / 1e9);
  }
}
