package veil.ludeme;

/**
 * Two shapes of compiled integer that builders recognise: a constant, and a read of one fixed int of the state (a
 * variable, a counter, the led suit, the last card moved). A comparison or a lookup over these shapes compiles to
 * one closure that reads the int itself instead of calling two more: every call through a shared closure
 * interface is a megamorphic call the JIT cannot inline, and they are most of a playout's cost.
 */
public final class Ints {
  private Ints() {}

  /** A constant. */
  public record Const(int value) implements IntExpr {
    @Override
    public int eval(LudState s) {
      return value;
    }
  }

  /** The int at a fixed index of {@link LudState#v}. */
  public record Read(int slot) implements IntExpr {
    @Override
    public int eval(LudState s) {
      return s.v[slot];
    }
  }

  /** A table entry indexed by one fixed int of the state (the suit of the last card moved), or outside if negative. */
  public record Lookup(int slot, int[] table, int outside) implements IntExpr {
    @Override
    public int eval(LudState s) {
      int k = s.v[slot];
      return k < 0 ? outside : table[k];
    }
  }

  /**
   * A comparison of one fixed int of the state with a constant, op 0..5 for = != < <= > >=: the usual end and
   * phase conditions ((= (tricks) 13)), which the engine tests without a call.
   */
  public record ReadTest(int slot, int op, int k) implements BoolExpr {
    @Override
    public boolean eval(LudState s) {
      return test(s.v[slot]);
    }

    public boolean test(int x) {
      switch (op) {
        case 0:
          return x == k;
        case 1:
          return x != k;
        case 2:
          return x < k;
        case 3:
          return x <= k;
        case 4:
          return x > k;
        default:
          return x >= k;
      }
    }
  }

  public static IntExpr constant(int value) {
    return new Const(value);
  }

  public static IntExpr read(int slot) {
    return new Read(slot);
  }

  /** The index read, or -1 when {@code e} is not a {@link Read}. */
  public static int slotOf(IntExpr e) {
    return e instanceof Read r ? r.slot() : -1;
  }

  /**
   * {@code f(e)} for a table {@code f} over the values of {@code e} (a card's suit, rank or mapped value), with
   * {@code outside} for a negative value (no card). One closure where {@code e} is a read or a constant.
   */
  public static IntExpr lookup(IntExpr e, int[] table, int outside) {
    if (e instanceof Const c) {
      int k = c.value();
      return constant(k < 0 ? outside : table[k]);
    }
    if (e instanceof Read r) {
      return new Lookup(r.slot(), table, outside);
    }
    return s -> {
      int k = e.eval(s);
      return k < 0 ? outside : table[k];
    };
  }
}
