package veil.model;

import java.util.Arrays;

/**
 * The percepts of every role for one step, filled by {@link Game#apply}. A percept is an int whose meaning is the
 * game's ({@link Game#perceptText}). A role's percepts of one step form a set; {@link #sorted} gives it in a
 * canonical order so that two steps can be compared.
 */
public final class Percepts {
  private final int[][] buf;
  private final int[] size;
  /** Roles whose percepts are kept (bit r); the others' are dropped as they are added. */
  private long listeners = -1L;

  public Percepts(int roleCount) {
    buf = new int[roleCount][16];
    size = new int[roleCount];
  }

  public void clear() {
    // A loop, not Arrays.fill: the arrays hold a handful of roles and this runs at every step of every replay.
    for (int r = 0; r < size.length; r++) {
      size[r] = 0;
    }
  }

  public int roleCount() {
    return size.length;
  }

  /**
   * Keeps only {@code role}'s percepts from now on: a search or a sampler that follows one player's view need not
   * store everyone's. {@link #listenAll} undoes it.
   */
  public void listenOnly(int role) {
    listeners = 1L << role;
  }

  public void listenAll() {
    listeners = -1L;
  }

  public boolean listens(int role) {
    return (listeners >>> role & 1) != 0;
  }

  /** The roles whose percepts are kept, bit r for role r. */
  public long listeners() {
    return listeners;
  }

  public void add(int role, int percept) {
    if ((listeners >>> role & 1) == 0) {
      return;
    }
    int[] b = buf[role];
    int n = size[role];
    if (n == b.length) {
      b = buf[role] = Arrays.copyOf(b, n * 2);
    }
    b[n] = percept;
    size[role] = n + 1;
  }

  /** Adds the same percept for every role in [0, roleCount) except {@code skip} (use -1 to skip none). */
  public void addAll(int percept, int skip) {
    for (int r = 0; r < size.length; r++) {
      if (r != skip) {
        add(r, percept);
      }
    }
  }

  public int size(int role) {
    return size[role];
  }

  public int get(int role, int i) {
    return buf[role][i];
  }

  /** The percepts of {@code role} as a new sorted array without duplicates (percepts are a set). */
  public int[] sorted(int role) {
    int[] a = Arrays.copyOf(buf[role], size[role]);
    Arrays.sort(a);
    int n = 0;
    for (int i = 0; i < a.length; i++) {
      if (n == 0 || a[n - 1] != a[i]) {
        a[n++] = a[i];
      }
    }
    return n == a.length ? a : Arrays.copyOf(a, n);
  }

  /** True when {@code role}'s percepts equal the sorted, duplicate-free {@code expected}, without allocating. */
  public boolean sameAs(int role, int[] expected) {
    int n = size[role];
    int[] b = buf[role];
    // Every percept must be in expected, and every expected one present; sizes may differ only by duplicates.
    for (int i = 0; i < n; i++) {
      if (Arrays.binarySearch(expected, b[i]) < 0) {
        return false;
      }
    }
    outer:
    for (int e : expected) {
      for (int i = 0; i < n; i++) {
        if (b[i] == e) {
          continue outer;
        }
      }
      return false;
    }
    return true;
  }
}
