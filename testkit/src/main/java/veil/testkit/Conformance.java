package veil.testkit;

import java.util.ArrayList;
import java.util.List;

/** The suite as a whole: which checks apply to a game, and running them. */
public final class Conformance {
  private Conformance() {}

  /** Every check, except (l) for a game without GDL-II rules (a hand-written Java game). */
  public static List<Check> checks(Target target) {
    List<Check> out = new ArrayList<>();
    for (Check c : Check.values()) {
      if (c != Check.GDL_LOCKSTEP || target.gdl() != null) {
        out.add(c);
      }
    }
    return out;
  }

  /** Runs {@code checks} in order on one subject (which loads and records the game once for all of them). */
  public static List<CheckResult> run(Subject subject, List<Check> checks) {
    List<CheckResult> out = new ArrayList<>();
    for (Check c : checks) {
      out.add(c.run(subject));
    }
    return out;
  }
}
