package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import veil.ludeme.LudState;

/**
 * One kind of fact of the exported state, e.g. {@code (at CARD PLACE)} or {@code (pvar points PLAYER N)}: a key
 * (zero or more terms) and, unless it is a flag, one value per key. Persistent families are fluents carried by
 * {@code next}; the others are registers that live within one step (who the mover is while effects run).
 */
public final class Family {
  public final String id;
  public final String fluent;
  public final List<String> fixed;
  public final int keys;
  public final boolean valued;
  public final Kind valueKind;
  public final boolean persistent;
  /** The family's facts in a native state (full fluent terms), for init and for state comparison. */
  public final Function<LudState, List<String>> encode;
  /** Read by some expression (in the last pass): only families someone reads are exported. */
  public boolean read;

  public Family(String id, String fluent, List<String> fixed, int keys, boolean valued, Kind valueKind, boolean persistent,
      Function<LudState, List<String>> encode) {
    this.id = id;
    this.fluent = fluent;
    this.fixed = List.copyOf(fixed);
    this.keys = keys;
    this.valued = valued;
    this.valueKind = valueKind;
    this.persistent = persistent;
    this.encode = encode;
  }

  /** The fluent term for some key terms and a value (null for flags). */
  public String term(List<String> key, String value) {
    List<String> args = new ArrayList<>(fixed);
    args.addAll(key);
    if (valued) {
      args.add(value);
    }
    return Program.atom(fluent, args);
  }

  /** The stage relation of version v ≥ 1. */
  public String stage(int v, List<String> key, String value) {
    List<String> args = new ArrayList<>(key);
    if (valued) {
      args.add(value);
    }
    return Program.atom(id + "_" + v, args);
  }

  /** The relation saying which keys version v wrote. */
  public String written(int v, List<String> key) {
    return Program.atom(id + "_w" + v, key);
  }

  @Override
  public String toString() {
    return id;
  }
}
