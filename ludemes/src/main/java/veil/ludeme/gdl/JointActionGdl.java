package veil.ludeme.gdl;

/**
 * A move whose players' choices are resolved together, with a chance tie-break (Blind Tic-Tac-Toe's claims): it must
 * be its simultaneous phase's only move rule, and the whole joint move is translated at once.
 */
public interface JointActionGdl extends ActionGdl {
  /** The random role's tie-break move naming a player. */
  String randomMove(String player);

  /** The whole joint move of a step of this action. */
  void applyJoint(Flow f);
}
