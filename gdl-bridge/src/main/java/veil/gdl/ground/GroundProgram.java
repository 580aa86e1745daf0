package veil.gdl.ground;

import java.util.List;
import veil.gdl.term.Rule;
import veil.gdl.term.Symbols;

/**
 * The rules instantiated over the reachable domain. {@code atoms} are the ground atoms that may ever hold (an
 * over-approximation: negation was ignored while finding them); every ground rule's head and body atoms are among
 * them. A negated atom that can never hold was dropped from its rule (it is always true).
 */
public record GroundProgram(
    Symbols symbols,
    GroundTerms terms,
    int[] atoms,
    int[] ruleHead,
    int[] ruleBodyStart,
    int[] ruleBody,
    int[] ruleOrigin,
    List<Rule> sourceRules) {

  public int ruleCount() {
    return ruleHead.length;
  }

  /** Body entry {@code i} of the program: a term id shifted left once, the low bit set for a negated atom. */
  public static boolean negated(int entry) {
    return (entry & 1) != 0;
  }

  public static int atomOf(int entry) {
    return entry >>> 1;
  }
}
