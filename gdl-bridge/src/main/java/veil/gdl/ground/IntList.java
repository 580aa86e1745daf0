package veil.gdl.ground;

import java.util.Arrays;

/** A growable list of ints. */
public final class IntList {
  private int[] a;
  private int size;

  public IntList() {
    this(8);
  }

  public IntList(int capacity) {
    a = new int[Math.max(2, capacity)];
  }

  public void add(int v) {
    if (size == a.length) {
      a = Arrays.copyOf(a, size * 2);
    }
    a[size++] = v;
  }

  public int get(int i) {
    return a[i];
  }

  public void set(int i, int v) {
    a[i] = v;
  }

  public int size() {
    return size;
  }

  public void truncate(int n) {
    size = n;
  }

  public int[] toArray() {
    return Arrays.copyOf(a, size);
  }
}
