package veil.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one role knows of a game in progress: its own move and its percepts at every step, and nothing else — the
 * GDL-II play messages. The set of states consistent with an observation is the role's information set.
 */
public final class Observation {
  private final int role;
  private final List<Integer> moves;
  private final List<int[]> percepts;

  public Observation(int role) {
    this.role = role;
    this.moves = new ArrayList<>();
    this.percepts = new ArrayList<>();
  }

  private Observation(int role, List<Integer> moves, List<int[]> percepts) {
    this.role = role;
    this.moves = new ArrayList<>(moves);
    this.percepts = new ArrayList<>(percepts);
  }

  public int role() {
    return role;
  }

  /** Number of steps observed (joint moves played so far). */
  public int length() {
    return moves.size();
  }

  public int move(int step) {
    return moves.get(step);
  }

  /** The role's percepts at {@code step}, sorted and without duplicates. Do not modify. */
  public int[] percepts(int step) {
    return percepts.get(step);
  }

  /** Records one step: the role's own move and its percepts (sorted, duplicate-free, as {@link Percepts#sorted}). */
  public void add(int move, int[] sortedPercepts) {
    moves.add(move);
    percepts.add(sortedPercepts);
  }

  public Observation copy() {
    return new Observation(role, moves, percepts);
  }

  /** The first {@code steps} steps of this observation. */
  public Observation prefix(int steps) {
    return new Observation(role, moves.subList(0, steps), percepts.subList(0, steps));
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Observation other) || other.role != role || !other.moves.equals(moves)) {
      return false;
    }
    for (int i = 0; i < percepts.size(); i++) {
      if (!Arrays.equals(percepts.get(i), other.percepts.get(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = role * 31 + moves.hashCode();
    for (int[] p : percepts) {
      h = h * 31 + Arrays.hashCode(p);
    }
    return h;
  }

  /** The observation as text, one step a line: own move, then percepts. */
  public String toText(Game game) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < length(); i++) {
      sb.append(i).append(": ").append(game.moveText(role, move(i)));
      for (int p : percepts(i)) {
        sb.append(' ').append(game.perceptText(role, p));
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
