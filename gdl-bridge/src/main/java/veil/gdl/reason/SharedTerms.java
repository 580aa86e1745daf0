package veil.gdl.reason;

import java.util.Arrays;
import veil.gdl.term.Symbols;

/**
 * Ground terms interned to ids for the top-down reasoner, shared by every thread that plays one game: equal terms
 * get the same id, so moves and percepts (term ids) mean the same on every thread and comparing terms is comparing
 * ints. Interning takes a lock; reading a term's functor, arity and arguments does not: records live in fixed
 * chunks that never move once written, and an id is only ever obtained through the lock or from a term read after
 * it, so its record is visible to the reader.
 *
 * <p>A record is {@code [functor, arity, depth, arg…]} in a chunk of {@value #DATA_CHUNK} ints.
 */
final class SharedTerms {
  private static final int ID_BITS = 12;
  private static final int ID_CHUNK = 1 << ID_BITS;
  private static final int MAX_ID_CHUNKS = 1 << 15;
  private static final int DATA_BITS = 16;
  static final int DATA_CHUNK = 1 << DATA_BITS;
  private static final int MAX_DATA_CHUNKS = 1 << 15;
  /** At most this many arguments per function (a record must fit in one chunk). */
  static final int MAX_ARITY = 1024;

  private final int[][] at = new int[MAX_ID_CHUNKS][];
  private final int[][] data = new int[MAX_DATA_CHUNKS][];
  private int size;
  private int dataChunk = -1;
  private int dataOff = DATA_CHUNK;
  private int[] table = new int[4096];
  private int mask = table.length - 1;

  SharedTerms() {
    Arrays.fill(table, -1);
  }

  synchronized int size() {
    return size;
  }

  int functor(int id) {
    int p = at[id >>> ID_BITS][id & (ID_CHUNK - 1)];
    return data[p >>> DATA_BITS][p & (DATA_CHUNK - 1)];
  }

  int arity(int id) {
    int p = at[id >>> ID_BITS][id & (ID_CHUNK - 1)];
    return data[p >>> DATA_BITS][(p & (DATA_CHUNK - 1)) + 1];
  }

  int depth(int id) {
    int p = at[id >>> ID_BITS][id & (ID_CHUNK - 1)];
    return data[p >>> DATA_BITS][(p & (DATA_CHUNK - 1)) + 2];
  }

  int arg(int id, int i) {
    int p = at[id >>> ID_BITS][id & (ID_CHUNK - 1)];
    return data[p >>> DATA_BITS][(p & (DATA_CHUNK - 1)) + 3 + i];
  }

  /** Whether {@code id} names a term (for checking moves handed in from outside). */
  boolean valid(int id) {
    return id >= 0 && id < size();
  }

  int constant(int sym) {
    return intern(sym, null, 0, 0);
  }

  /** The id of f(args[off..off+n)), created if new. */
  synchronized int intern(int f, int[] args, int off, int n) {
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
    if (n > MAX_ARITY) {
      throw new GdlPlayException("a term with more than " + MAX_ARITY + " arguments");
    }
    int id = size;
    if ((id >>> ID_BITS) >= MAX_ID_CHUNKS) {
      throw new GdlPlayException("the top-down reasoner met more than " + (long) MAX_ID_CHUNKS * ID_CHUNK
          + " distinct terms");
    }
    if (dataOff + 3 + n > DATA_CHUNK) {
      dataChunk++;
      if (dataChunk >= MAX_DATA_CHUNKS) {
        throw new GdlPlayException("the top-down reasoner's terms take more than " + MAX_DATA_CHUNKS + " chunks");
      }
      data[dataChunk] = new int[DATA_CHUNK];
      dataOff = 0;
    }
    int[] d = data[dataChunk];
    int depth = 0;
    for (int i = 0; i < n; i++) {
      depth = Math.max(depth, depth(args[off + i]));
    }
    d[dataOff] = f;
    d[dataOff + 1] = n;
    d[dataOff + 2] = depth + 1;
    for (int i = 0; i < n; i++) {
      d[dataOff + 3 + i] = args[off + i];
    }
    int[] chunk = at[id >>> ID_BITS];
    if (chunk == null) {
      chunk = at[id >>> ID_BITS] = new int[ID_CHUNK];
    }
    chunk[id & (ID_CHUNK - 1)] = dataChunk << DATA_BITS | dataOff;
    dataOff += 3 + n;
    size = id + 1;
    table[slot] = id;
    if (size * 2 > table.length) {
      rehash();
    }
    return id;
  }

  private boolean equal(int id, int f, int[] args, int off, int n) {
    if (functor(id) != f || arity(id) != n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (arg(id, i) != args[off + i]) {
        return false;
      }
    }
    return true;
  }

  private static int hash(int f, int[] args, int off, int n) {
    return veil.gdl.ground.GroundTerms.hash(f, args, off, n);
  }

  private void rehash() {
    table = new int[table.length * 2];
    mask = table.length - 1;
    Arrays.fill(table, -1);
    int[] args = new int[MAX_ARITY];
    for (int id = 0; id < size; id++) {
      int n = arity(id);
      for (int i = 0; i < n; i++) {
        args[i] = arg(id, i);
      }
      int slot = hash(functor(id), args, 0, n) & mask;
      while (table[slot] >= 0) {
        slot = (slot + 1) & mask;
      }
      table[slot] = id;
    }
  }

  String toKif(int id, Symbols symbols) {
    StringBuilder sb = new StringBuilder();
    appendKif(id, symbols, sb);
    return sb.toString();
  }

  void appendKif(int id, Symbols symbols, StringBuilder sb) {
    int n = arity(id);
    if (n == 0) {
      sb.append(symbols.name(functor(id)));
      return;
    }
    sb.append('(').append(symbols.name(functor(id)));
    for (int i = 0; i < n; i++) {
      sb.append(' ');
      appendKif(arg(id, i), symbols, sb);
    }
    sb.append(')');
  }
}
