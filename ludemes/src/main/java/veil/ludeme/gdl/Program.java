package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GDL-II rules being written: sections of rules with a comment each, and static tables (facts) kept apart and
 * printed once each at the end. Hands out fresh variable and relation names.
 */
public final class Program {
  private static final int LINE = 100;
  private static final Pattern VAR = Pattern.compile("\\?[a-z0-9_]+");

  private record Section(String comment, List<String> rules) {}

  private final List<String> header = new ArrayList<>();
  private final List<Section> sections = new ArrayList<>();
  private final Map<String, Set<String>> tables = new LinkedHashMap<>();
  private final Map<String, String> tableComments = new LinkedHashMap<>();
  private final Set<String> relations = new LinkedHashSet<>();
  private int nextVar;
  private int nextRel;

  /** A fresh variable. */
  public String var() {
    return "?x" + (nextVar++);
  }

  /** A fresh relation name: {@code prefix} and a number. */
  public String rel(String prefix) {
    return prefix + "_" + (nextRel++);
  }

  public void header(String line) {
    header.add(line);
  }

  /** Starts a section; the rules that follow are printed under its comment. */
  public void section(String comment) {
    sections.add(new Section(comment, new ArrayList<>()));
  }

  /** The number of sections so far: where {@link #insert} can put a section later. */
  public int mark() {
    return sections.size();
  }

  /** Puts a section of rules (heads and bodies given as full rules) at a mark. */
  public void insert(int mark, String comment, List<String> heads) {
    List<String> rules = new ArrayList<>();
    for (String h : heads) {
      relations.add(functor(h));
      rules.add(h);
    }
    sections.add(mark, new Section(comment, rules));
  }

  public void rule(String head, List<String> body) {
    if (sections.isEmpty()) {
      section("");
    }
    relations.add(functor(head));
    sections.get(sections.size() - 1).rules().add(format(head, body));
  }

  public void fact(String head) {
    rule(head, List.of());
  }

  /** A static fact of a table, printed once among the tables at the end. */
  public void table(String relation, String fact, String comment) {
    tables.computeIfAbsent(relation, k -> new LinkedHashSet<>()).add(fact);
    tableComments.putIfAbsent(relation, comment);
    relations.add(relation);
  }

  private final Set<String> done = new java.util.HashSet<>();
  private final Map<Object, Object> memo = new java.util.HashMap<>();

  /**
   * What a translation remembers for the rest of this program (keyed by the caller), e.g. the relations it already
   * wrote for the same call in the same state version, so that they are written once.
   */
  public Map<Object, Object> memo() {
    return memo;
  }

  /** True the first time it is asked for a key: for writing a table once. */
  public boolean once(String key) {
    return done.add(key);
  }

  /** Names of every relation with a rule or a fact. */
  public Set<String> relations() {
    return relations;
  }

  public int ruleCount() {
    int n = 0;
    for (Section s : sections) {
      n += s.rules().size();
    }
    for (Set<String> t : tables.values()) {
      n += t.size();
    }
    return n;
  }

  public String text() {
    StringBuilder sb = new StringBuilder();
    for (String h : header) {
      sb.append(h.isEmpty() ? ";" : "; " + h).append('\n');
    }
    for (Section s : sections) {
      if (s.rules().isEmpty()) {
        continue;
      }
      sb.append('\n');
      comment(s.comment(), sb);
      for (String r : s.rules()) {
        sb.append(r).append('\n');
      }
    }
    for (Map.Entry<String, Set<String>> t : tables.entrySet()) {
      sb.append('\n');
      comment(tableComments.get(t.getKey()), sb);
      StringBuilder line = new StringBuilder();
      for (String f : t.getValue()) {
        if (line.length() > 0 && line.length() + f.length() + 1 > LINE) {
          sb.append(line).append('\n');
          line.setLength(0);
        }
        line.append(line.length() == 0 ? "" : " ").append(f);
      }
      if (line.length() > 0) {
        sb.append(line).append('\n');
      }
    }
    return sb.toString();
  }

  private static void comment(String text, StringBuilder sb) {
    if (text == null || text.isBlank()) {
      return;
    }
    for (String l : text.split("\n")) {
      sb.append("; ").append(l).append('\n');
    }
  }

  private static String format(String head, List<String> body) {
    if (body.isEmpty()) {
      return head;
    }
    String one = "(<= " + head + " " + String.join(" ", body) + ")";
    if (one.length() <= LINE) {
      return one;
    }
    StringBuilder sb = new StringBuilder("(<= ").append(head);
    for (String l : body) {
      sb.append("\n    ").append(l);
    }
    return sb.append(')').toString();
  }

  /** The relation name of an atom. */
  public static String functor(String atom) {
    if (!atom.startsWith("(")) {
      return atom;
    }
    int end = 1;
    while (end < atom.length() && atom.charAt(end) != ' ' && atom.charAt(end) != ')') {
      end++;
    }
    return atom.substring(1, end);
  }

  /** {@code name} alone, or {@code (name a b …)}. */
  public static String atom(String name, List<String> args) {
    if (args.isEmpty()) {
      return name;
    }
    return "(" + name + " " + String.join(" ", args) + ")";
  }

  public static String atom(String name, String... args) {
    return atom(name, List.of(args));
  }

  public static String not(String atom) {
    return "(not " + atom + ")";
  }

  /** The variables in some literals, in order of first appearance. */
  public static Set<String> vars(List<String> literals) {
    Set<String> out = new LinkedHashSet<>();
    for (String l : literals) {
      Matcher m = VAR.matcher(l);
      while (m.find()) {
        out.add(m.group());
      }
    }
    return out;
  }

  public static Set<String> vars(String literal) {
    return vars(List.of(literal));
  }
}
