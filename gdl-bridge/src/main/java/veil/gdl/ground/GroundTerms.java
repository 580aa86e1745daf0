package veil.gdl.ground;

import java.util.Arrays;
import veil.gdl.term.Symbols;

/**
 * Interns ground terms to ids: a term is a functor (symbol id) with argument ids, so equal terms get the same id
 * and comparing terms is comparing ints. Atoms are terms too ({@code (true (cell 1 1 b))} has an id).
 */
public final class GroundTerms {
  private int[] functor = new int[1024];
  private int[] arity = new int[1024];
  private int[] argStart = new int[1024];
  private int[] depth = new int[1024];
  private int[] pool = new int[4096];
  private int poolSize;
  private int size;
  private int[] table = new int[2048];
  private int mask = table.length - 1;

  public GroundTerms() {
    Arrays.fill(table, -1);
  }

  public int size() {
    return size;
  }

  public int functor(int id) {
    return functor[id];
  }

  public int arity(int id) {
    return arity[id];
  }

  public int arg(int id, int i) {
    return pool[argStart[id] + i];
  }

  /** Nesting depth: 1 for a constant. */
  public int depth(int id) {
    return depth[id];
  }

  public int constant(int sym) {
    return intern(sym, null, 0, 0);
  }

  public int intern(int f, int... args) {
    return intern(f, args, 0, args.length);
  }

  /** The id of f(args[off..off+n)), created if new. */
  public int intern(int f, int[] args, int off, int n) {
    int h = hash(f, args, off, n);
    int slot = h & mask;
    while (true) {
      int id = table[slot];
      if (id < 0) {
        break;
      }
      if (equal(id, f, args, off, n)) {
        return id;
      }
      slot = (slot + 1) & mask;
    }
    int id = size++;
    if (id == functor.length) {
      int cap = id * 2;
      functor = Arrays.copyOf(functor, cap);
      arity = Arrays.copyOf(arity, cap);
      argStart = Arrays.copyOf(argStart, cap);
      depth = Arrays.copyOf(depth, cap);
    }
    if (poolSize + n > pool.length) {
      pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolSize + n));
    }
    functor[id] = f;
    arity[id] = n;
    argStart[id] = poolSize;
    int d = 0;
    for (int i = 0; i < n; i++) {
      pool[poolSize++] = args[off + i];
      d = Math.max(d, depth[args[off + i]]);
    }
    depth[id] = d + 1;
    table[slot] = id;
    if (size * 2 > table.length) {
      rehash();
    }
    return id;
  }

  /** The id of f(args[off..off+n)), or -1 when no such term was interned. */
  public int find(int f, int[] args, int off, int n) {
    int slot = hash(f, args, off, n) & mask;
    while (true) {
      int id = table[slot];
      if (id < 0) {
        return -1;
      }
      if (equal(id, f, args, off, n)) {
        return id;
      }
      slot = (slot + 1) & mask;
    }
  }

  private boolean equal(int id, int f, int[] args, int off, int n) {
    if (functor[id] != f || arity[id] != n) {
      return false;
    }
    int s = argStart[id];
    for (int i = 0; i < n; i++) {
      if (pool[s + i] != args[off + i]) {
        return false;
      }
    }
    return true;
  }

  /** The hash of a term with functor f and arguments args[off..off+n), shared by every term store (SharedTerms). */
  public static int hash(int f, int[] args, int off, int n) {
    int h = f * 0x9E3779B1 + n;
    for (int i = 0; i < n; i++) {
      h = (h ^ args[off + i]) * 0x85EBCA6B;
      h ^= h >>> 15;
    }
    return h ^ (h >>> 16);
  }

  private void rehash() {
    table = new int[table.length * 2];
    mask = table.length - 1;
    Arrays.fill(table, -1);
    for (int id = 0; id < size; id++) {
      int slot = hash(functor[id], pool, argStart[id], arity[id]) & mask;
      while (table[slot] >= 0) {
        slot = (slot + 1) & mask;
      }
      table[slot] = id;
    }
  }

  public String toKif(int id, Symbols symbols) {
    StringBuilder sb = new StringBuilder();
    appendKif(id, symbols, sb);
    return sb.toString();
  }

  public void appendKif(int id, Symbols symbols, StringBuilder sb) {
    if (arity[id] == 0) {
      sb.append(symbols.name(functor[id]));
      return;
    }
    sb.append('(').append(symbols.name(functor[id]));
    for (int i = 0; i < arity[id]; i++) {
      sb.append(' ');
      appendKif(arg(id, i), symbols, sb);
    }
    sb.append(')');
  }
}
