package veil.model;

import java.util.Arrays;

/**
 * What one role knows of a game in progress: its own move and its percepts at every step, and nothing else — the
 * GDL-II play messages. The set of states consistent with an observation is the role's information set. Moves are
 * kept in an int array: samplers read them at every step of every history they replay.
 */
public final class Observation {
  private final int role;
  private int[] moves;
  private int[][] percepts;
  private int length;

  public Observation(int role) {
    this(role, new int[16], new int[16][], 0);
  }

  private Observation(int role, int[] moves, int[][] percepts, int length) {
    this.role = role;
    this.moves = moves;
    this.percepts = percepts;
    this.length = length;
  }

  public int role() {
    return role;
  }

  /** Number of steps observed (joint moves played so far). */
  public int length() {
    return length;
  }

  public int move(int step) {
    return moves[checked(step)];
  }

  /** The role's percepts at {@code step}, sorted and without duplicates. Do not modify. */
  public int[] percepts(int step) {
    return percepts[checked(step)];
  }

  private int checked(int step) {
    if (step < 0 || step >= length) {
      throw new IndexOutOfBoundsException("step " + step + " of an observation of " + length + " steps");
    }
    return step;
  }

  /** Records one step: the role's own move and its percepts (sorted, duplicate-free, as {@link Percepts#sorted}). */
  public void add(int move, int[] sortedPercepts) {
    if (length == moves.length) {
      moves = Arrays.copyOf(moves, length * 2);
      percepts = Arrays.copyOf(percepts, length * 2);
    }
    moves[length] = move;
    percepts[length] = sortedPercepts;
    length++;
  }

  public Observation copy() {
    return prefix(length);
  }

  /** The first {@code steps} steps of this observation. */
  public Observation prefix(int steps) {
    if (steps < 0 || steps > length) {
      throw new IndexOutOfBoundsException("a prefix of " + steps + " steps of an observation of " + length);
    }
    int capacity = Math.max(16, steps);
    return new Observation(role, Arrays.copyOf(moves, capacity), Arrays.copyOf(percepts, capacity), steps);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Observation other) || other.role != role || other.length != length
        || !Arrays.equals(moves, 0, length, other.moves, 0, length)) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (!Arrays.equals(percepts[i], other.percepts[i])) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = role;
    for (int i = 0; i < length; i++) {
      h = h * 31 + moves[i];
    }
    for (int i = 0; i < length; i++) {
      h = h * 31 + Arrays.hashCode(percepts[i]);
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
