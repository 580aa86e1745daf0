package veil.model;

import java.util.Arrays;

/** A growable list of int moves, reused across calls so that move generation does not allocate. */
public final class MoveList {
  private int[] moves;
  private int size;

  public MoveList() {
    this(64);
  }

  public MoveList(int capacity) {
    moves = new int[Math.max(4, capacity)];
  }

  public void clear() {
    size = 0;
  }

  public void add(int move) {
    if (size == moves.length) {
      moves = Arrays.copyOf(moves, size * 2);
    }
    moves[size++] = move;
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  public int get(int i) {
    if (i >= size) {
      throw new IndexOutOfBoundsException(i + " >= " + size);
    }
    return moves[i];
  }

  public boolean contains(int move) {
    for (int i = 0; i < size; i++) {
      if (moves[i] == move) {
        return true;
      }
    }
    return false;
  }

  public int indexOf(int move) {
    for (int i = 0; i < size; i++) {
      if (moves[i] == move) {
        return i;
      }
    }
    return -1;
  }

  /** A copy of the moves, sorted; for tests and comparisons, not the playout path. */
  public int[] toSortedArray() {
    int[] a = Arrays.copyOf(moves, size);
    Arrays.sort(a);
    return a;
  }

  public int[] toArray() {
    return Arrays.copyOf(moves, size);
  }

  @Override
  public String toString() {
    return Arrays.toString(toArray());
  }
}
