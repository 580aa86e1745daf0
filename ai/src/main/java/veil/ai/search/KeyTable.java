package veil.ai.search;

import java.util.Arrays;

/**
 * An open-addressing hash map from (int, long) to a non-negative int, on primitive arrays. Search trees use it for
 * child lookup ((node, edge key) to child) and for move statistics ((node, role and move) to arm), so that a
 * lookup allocates nothing and a whole tree is cleared with one fill.
 */
final class KeyTable {
  private int[] keyA;
  private long[] keyB;
  private int[] value;
  private int mask;
  private int size;

  KeyTable(int capacity) {
    int cap = Integer.highestOneBit(Math.max(16, capacity - 1)) << 1;
    allocate(cap);
  }

  private void allocate(int cap) {
    keyA = new int[cap];
    keyB = new long[cap];
    value = new int[cap];
    Arrays.fill(value, -1);
    mask = cap - 1;
    size = 0;
  }

  void clear() {
    if (size > 0) {
      Arrays.fill(value, -1);
      size = 0;
    }
  }

  int size() {
    return size;
  }

  private static int slot(int a, long b, int mask) {
    long h = b * 0x9E3779B97F4A7C15L + a * 0xC2B2AE3D27D4EB4FL;
    h ^= h >>> 31;
    h *= 0xBF58476D1CE4E5B9L;
    h ^= h >>> 29;
    return (int) h & mask;
  }

  /** The value for (a, b), or -1. */
  int get(int a, long b) {
    int i = slot(a, b, mask);
    while (true) {
      int v = value[i];
      if (v < 0) {
        return -1;
      }
      if (keyA[i] == a && keyB[i] == b) {
        return v;
      }
      i = (i + 1) & mask;
    }
  }

  /** Stores (a, b) to v; the key must not be present. */
  void put(int a, long b, int v) {
    if ((size + 1) * 2 > value.length) {
      grow();
    }
    int i = slot(a, b, mask);
    while (value[i] >= 0) {
      i = (i + 1) & mask;
    }
    keyA[i] = a;
    keyB[i] = b;
    value[i] = v;
    size++;
  }

  private void grow() {
    int[] oa = keyA;
    long[] ob = keyB;
    int[] ov = value;
    allocate(ov.length * 2);
    for (int i = 0; i < ov.length; i++) {
      if (ov[i] >= 0) {
        put(oa[i], ob[i], ov[i]);
      }
    }
  }
}
