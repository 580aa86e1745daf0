package veil.ai.sample;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import veil.model.State;

/** A set of distinct states (by {@link State#sameAs}), each with its insertion index; hashed by content. */
final class StateIndex {
  private final List<State> states = new ArrayList<>();
  private long[] hashes = new long[16];
  private int[] table = new int[64]; // index + 1, 0 = empty
  private int mask = 63;

  int size() {
    return states.size();
  }

  State get(int i) {
    return states.get(i);
  }

  List<State> states() {
    return states;
  }

  private static int slot(long h, int mask) {
    return (int) (h ^ (h >>> 32)) * 0x9E3779B9 & mask;
  }

  /** Index of a state equal to {@code s}, or -1. */
  int indexOf(State s) {
    long h = s.contentHash();
    for (int i = slot(h, mask); table[i] != 0; i = (i + 1) & mask) {
      int k = table[i] - 1;
      if (hashes[k] == h && states.get(k).sameAs(s)) {
        return k;
      }
    }
    return -1;
  }

  /** Index of a state equal to {@code s}, adding a copy of {@code s} when absent. */
  int intern(State s) {
    int k = indexOf(s);
    if (k >= 0) {
      return k;
    }
    k = states.size();
    long h = s.contentHash();
    states.add(s.copy());
    if (k == hashes.length) {
      hashes = Arrays.copyOf(hashes, k * 2);
    }
    hashes[k] = h;
    if ((k + 1) * 2 > table.length) {
      rehash(table.length * 2);
    } else {
      insert(k);
    }
    return k;
  }

  private void insert(int k) {
    int i = slot(hashes[k], mask);
    while (table[i] != 0) {
      i = (i + 1) & mask;
    }
    table[i] = k + 1;
  }

  private void rehash(int cap) {
    table = new int[cap];
    mask = cap - 1;
    for (int k = 0; k < states.size(); k++) {
      insert(k);
    }
  }
}
