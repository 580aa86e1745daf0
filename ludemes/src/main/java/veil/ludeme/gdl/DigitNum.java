package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.List;

/**
 * A number variable whose values are too many for one constant each (a match's totals: Spades to 500 reaches
 * thousands of sums), written digit by digit: {@code (NAME [PLAYER] I D)} holds when digit {@code I} (0 the most
 * significant) of the value plus {@code bias} is {@code D}, with {@code width} decimal digits. The bias makes every
 * value the variable can hold a number 0..10^width-1, so that comparing two values is comparing their digit tuples
 * most significant first ({@link LexKey}), and a constant compares as its own digits. Adding an amount (negative or
 * positive) adds its ten's complement digit by digit with a carry chain, from the least significant digit, over the
 * fixed table {@code (digitadd A B C D C2)}: A + B + C = D + 10·C2, 200 facts; the last carry is dropped (the sum
 * is taken modulo 10^width, exact for every sum within the range). The tables therefore grow with the digits, not
 * with the values.
 *
 * @param bias added to a value before it is written (at least 0)
 * @param width the number of digits
 */
public record DigitNum(int bias, int width) {

  /** The smallest encoding covering lo..hi: bias −lo when lo is negative, the digits of hi + bias. */
  public static DigitNum covering(long lo, long hi) {
    long bias = Math.max(0, -lo);
    long top = hi + bias;
    int w = 1;
    for (long p = 10; p <= top; p *= 10) {
      w++;
    }
    if (w > 9) {
      throw new IllegalArgumentException("a number of more than 9 digits: " + lo + ".." + hi);
    }
    return new DigitNum((int) bias, w);
  }

  /** 10^width. */
  public int modulus() {
    int p = 1;
    for (int i = 0; i < width; i++) {
      p *= 10;
    }
    return p;
  }

  /** What such a value is, for messages and for telling keys of different encodings apart. */
  public String what() {
    return "a number written as " + width + " digits (offset " + bias + ")";
  }

  /** The digits of a value of the variable, most significant first (a native state's value, for its facts). */
  public int[] digits(int value) {
    long u = (long) value + bias;
    if (u < 0 || u >= modulus()) {
      throw new IllegalStateException("the value " + value + " is outside " + (-bias) + ".." + (modulus() - 1 - bias)
          + ", the range its digits cover");
    }
    return digitsOf(u);
  }

  private int[] digitsOf(long u) {
    int[] d = new int[width];
    for (int i = width - 1; i >= 0; i--) {
      d[i] = (int) (u % 10);
      u /= 10;
    }
    return d;
  }

  /**
   * Reads the variable at the store's current version as an ordered key: a helper relation (DIGITS V… I D) over the
   * key's variables V (players), defined once per version and shape of key.
   */
  public Val read(Exprs x, Family f, List<String> key, List<String> body) {
    List<String> pattern = new ArrayList<>();
    List<String> headVars = new ArrayList<>();
    List<String> useVars = new ArrayList<>();
    List<String> defKey = new ArrayList<>();
    for (String k : key) {
      if (k.startsWith("?")) {
        pattern.add("?");
        String v = x.out.var();
        headVars.add(v);
        defKey.add(v);
        useVars.add(k);
      } else {
        pattern.add(k);
        defKey.add(k);
      }
    }
    String memo = "digitread " + f.id + " " + x.store.version(f) + " " + pattern;
    String rel = (String) x.out.memo().get(memo);
    String i = x.out.var();
    String d = x.out.var();
    List<String> readKey = new ArrayList<>(defKey);
    readKey.add(i);
    String lit = x.store.read(f, readKey, d); // marks the family read in every pass
    if (rel == null) {
      rel = x.out.rel("digits");
      x.out.memo().put(memo, rel);
      List<String> head = new ArrayList<>(headVars);
      head.addAll(List.of(i, d));
      x.out.rule(Program.atom(rel, head), List.of(lit));
    }
    List<String> domains = new ArrayList<>();
    for (String v : useVars) {
      domains.add(Program.atom(x.m.players(), v));
    }
    return x.digitKey(new LexKey(what(), new Rel(rel, useVars), width, 9, domains), this);
  }

  /** A constant as a key of this encoding, or null when it lies outside the range (below or above every value). */
  LexKey constant(Exprs x, int c) {
    long u = (long) c + bias;
    if (u < 0 || u >= modulus()) {
      return null;
    }
    String memo = "digitconst " + width + " " + u;
    String rel = (String) x.out.memo().get(memo);
    if (rel == null) {
      rel = x.out.rel("digitsof");
      x.out.memo().put(memo, rel);
      int[] d = digitsOf(u);
      for (int i = 0; i < width; i++) {
        x.out.table(rel, "(" + rel + " " + i + " " + d[i] + ")",
            "(" + rel + " i d): digit i of the constant " + c + " written as " + what());
      }
    }
    return new LexKey(what(), new Rel(rel, List.of()), width, 9, List.of());
  }

  /**
   * The key whose order is the reverse of {@code v}'s (each digit d becomes 9 − d: 10^width − 1 minus the value), for
   * a ranking where the lowest value wins.
   */
  public static Val negated(Exprs x, Val v) throws ExportException {
    LexKey k = x.lexKey(v);
    if (k == null) {
      throw new ExportException("export-gdl: only an ordered key can be negated");
    }
    if (x.out.once("ninecomp")) {
      for (int d = 0; d <= 9; d++) {
        x.out.table("ninecomp", "(ninecomp " + d + " " + (9 - d) + ")", "(ninecomp d e): e = 9 - d, a digit reversed");
      }
    }
    String rel = x.out.rel("reversed");
    String i = x.out.var();
    String d = x.out.var();
    String e = x.out.var();
    List<String> head = new ArrayList<>(k.digits().fv());
    head.addAll(List.of(i, e));
    x.out.rule(Program.atom(rel, head), List.of(k.digits().call(i, d), Program.atom("ninecomp", d, e)));
    return x.key(new LexKey(k.what() + ", reversed", new Rel(rel, k.digits().fv()), k.width(), 9, k.domains()));
  }

  /**
   * Adds an amount (a number, its values known) to the variable at {@code key}, under the flow's guard: the amount's
   * ten's complement digits from a table, then one rule per digit with the carry into it.
   */
  public void add(Flow f, Family fam, List<String> key, Val amount, List<String> body) {
    if (!fam.read) {
      return;
    }
    Program out = f.out;
    int mod = modulus();
    String tens = (String) out.memo().computeIfAbsent("tendigits " + width, k -> out.rel("tendigits"));
    for (int s : amount.nums()) {
      int[] d = digitsOf((((long) s % mod) + mod) % mod);
      for (int i = 0; i < width; i++) {
        out.table(tens, "(" + tens + " " + s + " " + i + " " + d[i] + ")", "(" + tens + " s i d): digit i of the "
            + "amount s modulo 10^" + width + " (its ten's complement when negative), added to a number of " + width
            + " digits");
      }
    }
    digitAddTable(out);
    List<String> kv = new ArrayList<>(Program.vars(key));
    String addend = out.rel("addend");
    String s = out.var();
    List<String> head = new ArrayList<>(kv);
    head.add(amount.term());
    out.rule(Program.atom(addend, head), f.guarded(body));
    // One relation per digit (no recursion among them): (SUM_i KV… D C2), digit i of the sum and the carry out of
    // it, from digit i of the value, of the amount, and the carry out of digit i + 1 (none into the last digit).
    // The amount's digit and the carry come through projections (AMT_i KV… B), (CARRY_i KV… C), so that grounding
    // meets each digit value once, not once per amount or per digit of the sum below.
    List<String> addendLit = new ArrayList<>(kv);
    addendLit.add(s);
    String[] sum = new String[width];
    List<Flow.W> ws = new ArrayList<>();
    for (int i = width - 1; i >= 0; i--) {
      sum[i] = out.rel("digitsum");
      String idx = Integer.toString(i);
      String a = out.var();
      String b = out.var();
      String c = i == width - 1 ? "0" : out.var();
      String d = out.var();
      String c2 = out.var();
      String amt = out.rel("amountdigit");
      out.rule(Program.atom(amt, with(kv, b)), List.of(Program.atom(addend, addendLit),
          Program.atom(tens, s, idx, b)));
      List<String> readKey = new ArrayList<>(key);
      readKey.add(idx);
      List<String> rb = new ArrayList<>(List.of(Program.atom(amt, with(kv, b)), f.store.read(fam, readKey, a)));
      if (i < width - 1) {
        String carry = out.rel("carry");
        out.rule(Program.atom(carry, with(kv, c)), List.of(Program.atom(sum[i + 1], with(kv, out.var(), c))));
        rb.add(Program.atom(carry, with(kv, c)));
      }
      rb.add(Program.atom("digitadd", a, b, c, d, c2));
      out.rule(Program.atom(sum[i], with(kv, d, c2)), rb);
      String d2 = out.var();
      List<String> writeKey = new ArrayList<>(key);
      writeKey.add(idx);
      ws.add(new Flow.W(writeKey, d2, List.of(Program.atom(sum[i], with(kv, d2, out.var()))), null));
    }
    f.write(fam, ws); // the last carry is dropped: the sum modulo 10^width
  }

  /** The table {@code (digitadd A B C D C2)}: A + B + C = D + 10·C2 for digits A B and carries C C2 (200 facts). */
  static void digitAddTable(Program out) {
    if (out.once("digitadd")) {
      for (int a = 0; a <= 9; a++) {
        for (int b = 0; b <= 9; b++) {
          for (int c = 0; c <= 1; c++) {
            int t = a + b + c;
            out.table("digitadd", "(digitadd " + a + " " + b + " " + c + " " + (t % 10) + " " + (t / 10) + ")",
                "(digitadd a b c d c2): a + b + c = d + 10 c2, for digits a b, carries c c2");
          }
        }
      }
    }
  }

  /**
   * The literal of {@code v = a + b} for a sum of too many pairs of values for a {@code plus} table of one fact each:
   * {@code (widesum_K A B V)}, a relation derived by one rule from small tables rather than listed pair by pair.
   * {@code (decimal_W X D0 … D(W-1))} gives the W digits of X modulo 10^W (most significant first; a negative X as its
   * ten's complement) for every value of a, b and the sum, with W the least width such that every such value lies
   * strictly between −10^W/2 and 10^W/2 (so no two of them share digits, and the table read from the digits back to
   * the number is exact); a ripple of {@code digitadd} from the least significant digit adds them, the last carry
   * dropped (modulo 10^W); {@code (sumvalues_J X)} ranges A and B over their values. The relation depends on no state
   * (a grounder derives it once, a top-down reasoner for the values asked), and the rule using it joins one literal,
   * as with a table. One relation per pair of value sets, shared by every sum of them.
   *
   * @param result every value the sum can take (its analysis)
   */
  static void sum(Program out, Val a, Val b, String v, java.util.NavigableSet<Integer> result, List<String> body) {
    String key = "widesum " + a.nums() + " " + b.nums();
    String rel = (String) out.memo().get(key);
    if (rel == null) {
      rel = out.rel("widesum");
      out.memo().put(key, rel);
      sumRule(out, rel, a.nums(), b.nums(), result);
    }
    body.add(Program.atom(rel, a.term(), b.term(), v));
  }

  private static void sumRule(Program out, String rel, java.util.NavigableSet<Integer> as,
      java.util.NavigableSet<Integer> bs, java.util.NavigableSet<Integer> result) {
    long most = 0;
    java.util.TreeSet<Integer> all = new java.util.TreeSet<>(as);
    all.addAll(bs);
    all.addAll(result);
    for (int x : all) {
      most = Math.max(most, Math.abs((long) x));
    }
    int w = 1;
    long mod = 10;
    while (2 * most >= mod) {
      w++;
      mod *= 10;
    }
    if (w > 9) {
      throw new IllegalArgumentException("a sum of more than 9 digits: " + all.first() + ".." + all.last());
    }
    String dec = "decimal_" + w;
    for (int x : all) {
      long u = ((x % mod) + mod) % mod;
      StringBuilder f = new StringBuilder("(").append(dec).append(' ').append(x);
      long p = mod / 10;
      for (int i = 0; i < w; i++, p /= 10) {
        f.append(' ').append(u / p % 10);
      }
      out.table(dec, f.append(')').toString(), "(" + dec + " x d0 … d" + (w - 1) + "): the " + w + " digits of x "
          + "modulo 10^" + w + ", most significant first (a negative x as its ten's complement), for sums written "
          + "digit by digit");
    }
    digitAddTable(out);
    String a = out.var();
    String b = out.var();
    String v = out.var();
    String[] da = new String[w];
    String[] db = new String[w];
    String[] ds = new String[w];
    for (int i = 0; i < w; i++) {
      da[i] = out.var();
      db[i] = out.var();
      ds[i] = out.var();
    }
    List<String> body = new ArrayList<>();
    body.add(Program.atom(values(out, as), a));
    body.add(Program.atom(values(out, bs), b));
    body.add(Program.atom(dec, with(List.of(a), da)));
    body.add(Program.atom(dec, with(List.of(b), db)));
    String carry = "0";
    for (int i = w - 1; i >= 0; i--) {
      String c2 = out.var();
      body.add(Program.atom("digitadd", da[i], db[i], carry, ds[i], c2));
      carry = c2;
    }
    body.add(Program.atom(dec, with(List.of(v), ds)));
    out.rule(Program.atom(rel, a, b, v), body);
  }

  /** A table (sumvalues_J X) of a set of values, one per set. */
  private static String values(Program out, java.util.NavigableSet<Integer> xs) {
    String key = "sumvalues " + xs;
    String rel = (String) out.memo().get(key);
    if (rel == null) {
      rel = out.rel("sumvalues");
      out.memo().put(key, rel);
      for (int x : xs) {
        out.table(rel, "(" + rel + " " + x + ")", "(" + rel + " x): the values one side of a sum written digit by "
            + "digit can take");
      }
    }
    return rel;
  }

  private static List<String> with(List<String> first, String... more) {
    List<String> out = new ArrayList<>(first);
    out.addAll(List.of(more));
    return out;
  }
}
