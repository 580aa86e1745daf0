package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;

/**
 * Compares the players' keys, (KEY PLAYER K), pairwise: (higher P Q) when Q's key is higher than P's, (tied P Q)
 * when they are equal. Comparing two variables needs a table over pairs of values, which grows with the square
 * of the number of values; with many values each key is split into two digits of its position in the sorted
 * values, compared high digit first, so the ground rules grow only linearly.
 */
public final class KeyOrder {
  /** Up to this many values, keys are compared directly. */
  public static final int DIRECT = 16;

  public final String higher;
  public final String tied;

  private KeyOrder(String higher, String tied) {
    this.higher = higher;
    this.tied = tied;
  }

  public static KeyOrder of(Exprs x, Rel key, NavigableSet<Integer> values) {
    Model m = x.m;
    Program out = x.out;
    String p = out.var();
    String q = out.var();
    String a = out.var();
    String b = out.var();
    String players = m.players();
    String higher = out.rel("higher");
    String tied = out.rel("tied");
    List<String> both = List.of(Program.atom(players, p), Program.atom(players, q));
    if (values.size() <= DIRECT) {
      for (int u : values) {
        for (int v : values) {
          m.lt(u, v);
        }
      }
      List<String> h = new ArrayList<>(both);
      h.addAll(List.of(key.call(p, a), key.call(q, b), Program.atom("lt", a, b)));
      out.rule(Program.atom(higher, p, q), h);
      List<String> t = new ArrayList<>(both);
      t.addAll(List.of(key.call(p, a), key.call(q, a)));
      out.rule(Program.atom(tied, p, q), t);
      return new KeyOrder(higher, tied);
    }
    int base = (int) Math.ceil(Math.sqrt(values.size()));
    String digits = out.rel("keydigits");
    int i = 0;
    for (int v : values) {
      out.table(digits, "(" + digits + " " + v + " " + (i / base) + " " + (i % base) + ")",
          "(" + digits + " k h l): the position of key k among the values keys take, as two digits in base " + base);
      i++;
    }
    for (int u = 0; u < base; u++) {
      for (int v = 0; v < base; v++) {
        m.lt(u, v);
      }
    }
    String hi = out.rel("keyhigh");
    String lo = out.rel("keylow");
    String h = out.var();
    String l = out.var();
    out.rule(Program.atom(hi, p, h), List.of(key.call(p, a), Program.atom(digits, a, h, l)));
    out.rule(Program.atom(lo, p, l), List.of(key.call(p, a), Program.atom(digits, a, h, l)));
    String sameHigh = out.rel("samehigh");
    List<String> sh = new ArrayList<>(both);
    sh.addAll(List.of(Program.atom(hi, p, h), Program.atom(hi, q, h)));
    out.rule(Program.atom(sameHigh, p, q), sh);
    String u = out.var();
    String v = out.var();
    List<String> byHigh = new ArrayList<>(both);
    byHigh.addAll(List.of(Program.atom(hi, p, u), Program.atom(hi, q, v), Program.atom("lt", u, v)));
    out.rule(Program.atom(higher, p, q), byHigh);
    List<String> byLow = new ArrayList<>(List.of(Program.atom(sameHigh, p, q), Program.atom(lo, p, u),
        Program.atom(lo, q, v), Program.atom("lt", u, v)));
    out.rule(Program.atom(higher, p, q), byLow);
    out.rule(Program.atom(tied, p, q), List.of(Program.atom(sameHigh, p, q), Program.atom(lo, p, u),
        Program.atom(lo, q, u)));
    return new KeyOrder(higher, tied);
  }

  /**
   * Compares ordered keys ({@link LexKey}, e.g. a match's totals written digit by digit, {@link DigitNum}): {@code
   * key} is Player's, its digit relation taking the player variable {@code p} alone; the same relation taken for
   * another player gives the key compared with, digit by digit, most significant first.
   */
  public static KeyOrder ofKey(Exprs x, Val key, String p) throws ExportException {
    LexKey a = x.lexKey(key);
    if (a == null || !a.digits().fv().equals(List.of(p))) {
      throw new ExportException("export-gdl: players are ranked by " + (a == null ? "a value" : a.what()) + " that "
          + "is not a key of the player alone; a ranking by such a value must read it directly, e.g. (var \"Total\" "
          + "Player)");
    }
    Program out = x.out;
    String players = x.m.players();
    String q = out.var();
    LexKey b = new LexKey(a.what(), new Rel(a.digits().name(), List.of(q)), a.width(), a.maxDigit(),
        List.of(Program.atom(players, q)));
    String higher = out.rel("higher");
    String tied = out.rel("tied");
    List<String> h = new ArrayList<>(List.of(Program.atom(players, p), Program.atom(players, q)));
    LexKey.compare(x, "<", a, b, h);
    out.rule(Program.atom(higher, p, q), h);
    List<String> t = new ArrayList<>(List.of(Program.atom(players, p), Program.atom(players, q)));
    LexKey.compare(x, "=", a, b, t);
    out.rule(Program.atom(tied, p, q), t);
    return new KeyOrder(higher, tied);
  }
}
