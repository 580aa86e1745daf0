package veil.cards.sample;

import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Table;
import veil.model.MoveList;
import veil.model.Percepts;

/**
 * Learns from the rules what a face-up play says about the hand it came from, without knowing the rules' text.
 * The state before the play is copied with the hand reduced to the played card c, then with one other card d
 * added: when the play is legal with {c} but not with {c, d}, holding d would have forbidden it, so the hand held
 * no d (a void: "did not follow suit", "led a heart before hearts were broken", "had the two of clubs").
 *
 * <p>This is exact for rules of the usual "priority" form (play from the first non-empty tier, each tier being the
 * hand's cards that pass a test that does not look at the rest of the hand). The caller drops a learned void that
 * contradicts a hand known to have made the play legal; a void that is too weak only costs replays that fail.
 */
final class RuleProbe {
  private final CompiledGame game;
  private final int[] visibleMask;
  private final LudState base;
  private final LudState probe;
  private final MoveList moves = new MoveList();
  private final Percepts percepts;
  private final int[] joint;

  RuleProbe(CompiledGame game) {
    this.game = game;
    this.visibleMask = game.places.visibleMask();
    this.base = game.initialState();
    this.probe = game.initialState();
    this.percepts = new Percepts(game.roleCount());
    this.joint = new int[game.roleCount()];
    this.faces = game.cards.hasCopies() ? game.cards.face() : null;
  }

  /** Each card's face (first copy), or null without copies. */
  private final int[] faces;

  /**
   * The cards place {@code x} could not have held beside {@code c} when {@code mover} played {@code move} in
   * {@code s}, into {@code out} ({@code s.words} longs). With {@code move < 0} the move is the one of the mover,
   * legal with the reduced hand, that gives the observer {@code percept}. With {@code c < 0} the move plays no card
   * (a draw when unable to play, a pass): the place is emptied, and a card whose presence would have forbidden the
   * move is one it did not hold. Returns false (out empty) when nothing is learned. With identical copies, c is the
   * face the percept names, and its first copy stands for the card played (copies are alike to the rules).
   */
  boolean forbidden(LudState s, int mover, int c, int x, int move, int observer, int percept, long[] out) {
    int words = s.words;
    java.util.Arrays.fill(out, 0, words, 0);
    base.copyFrom(s);
    if (c >= 0) {
      int at = game.table.whereIs(base, c);
      if (at >= 0) {
        CardSets.remove(base.places, at * words, c);
      }
    }
    java.util.Arrays.fill(base.places, x * words, x * words + words, 0);
    if (c >= 0) {
      CardSets.add(base.places, x * words, c);
    }
    if (move < 0) {
      move = findMove(mover, observer, percept);
      if (move < 0) {
        return false;
      }
    } else {
      game.legalMoves(base, mover, moves);
      if (!moves.contains(move)) {
        return false;
      }
    }
    // Cards the observer cannot locate: only they can be in a hidden hand.
    long[] unseen = new long[words];
    int placeCount = s.places.length / words;
    for (int i = 0; i < placeCount; i++) {
      if ((visibleMask[i] & 1 << observer) == 0) {
        for (int w = 0; w < words; w++) {
          unseen[w] |= s.places[i * words + w];
        }
      }
    }
    if (c >= 0) {
      CardSets.remove(unseen, 0, c);
    }
    boolean any = false;
    for (int d = CardSets.first(unseen, 0, words); d >= 0; d = CardSets.next(unseen, 0, words, d)) {
      probe.copyFrom(base);
      int where = game.table.whereIs(probe, d);
      if (where >= 0) {
        CardSets.remove(probe.places, where * words, d);
      }
      if (c < 0) {
        // The control: the card taken from where it was, not yet added. When that alone forbids the move (the draw
        // took the stock's last card), holding it is not what forbids it.
        game.legalMoves(probe, mover, moves);
        if (!moves.contains(move)) {
          continue;
        }
      }
      CardSets.add(probe.places, x * words, d);
      game.legalMoves(probe, mover, moves);
      if (!moves.contains(move)) {
        CardSets.add(out, 0, d);
        any = true;
      }
    }
    if (any && faces != null) {
      // Copies are alike to the rules: holding any copy of a forbidden card would have forbidden the move too. The
      // copies the witness put where the observer sees them were not probed (the observer knows only their face).
      for (int d = CardSets.first(out, 0, words); d >= 0; d = CardSets.next(out, 0, words, d)) {
        for (int e = faces[d]; e < faces.length && faces[e] == faces[d]; e++) {
          CardSets.add(out, 0, e);
        }
      }
    }
    return any;
  }

  private int findMove(int mover, int observer, int percept) {
    MoveList own = new MoveList();
    game.legalMoves(base, mover, own);
    for (int i = 0; i < own.size(); i++) {
      int m = own.get(i);
      probe.copyFrom(base);
      for (int r = 0; r < joint.length; r++) {
        joint[r] = 0;
      }
      joint[mover] = m;
      try {
        game.apply(probe, joint, percepts);
      } catch (RuntimeException e) {
        continue; // the reduced state may break an effect that expects more cards; that move is not it
      }
      for (int k = 0; k < percepts.size(observer); k++) {
        if (percepts.get(observer, k) == percept) {
          return m;
        }
      }
    }
    return -1;
  }

  /** The face-up percept of a card leaving a place the observer cannot see, or 0 when there is not exactly one. */
  static int hiddenSourcePlay(int[] sortedPercepts, int[] visibleMask, int observer) {
    int found = 0;
    for (int p : sortedPercepts) {
      int c = Table.perceptCard(p);
      if (c >= 0 && (visibleMask[Table.perceptFrom(p)] & 1 << observer) == 0) {
        if (found != 0) {
          return 0;
        }
        found = p;
      }
    }
    return found;
  }
}
