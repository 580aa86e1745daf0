package veil.ai;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import veil.ai.agent.IsmctsAgent;
import veil.ai.agent.PimcAgent;
import veil.ai.agent.RandomAgent;
import veil.ai.agent.UctCheatAgent;
import veil.ai.search.SearchWorker;

/**
 * Creates agents from specs: a name, optionally followed by {@code :key=value} parameters, e.g. {@code so-ismcts},
 * {@code pimc:worlds=20}, {@code mo-ismcts:c=1.0}. Colons (not commas) separate parameters so that a
 * comma-separated list of specs stays unambiguous.
 *
 * <ul>
 *   <li>{@code random} — uniform among legal moves;
 *   <li>{@code uct-cheat} — clairvoyant decoupled UCT on the true state ({@code c});
 *   <li>{@code pimc} — determinized UCT, vote over worlds ({@code c}, {@code worlds}, default 10);
 *   <li>{@code so-ismcts} — single-observer ISMCTS ({@code c}; {@code infer=N}: inference from the opponents'
 *       moves over N weighted worlds per decision, default 0 = off);
 *   <li>{@code mo-ismcts} — multiple-observer ISMCTS ({@code c}, {@code infer});
 *   <li>{@code reuse=K} (so-ismcts, mo-ismcts): each sampled world serves K iterations (default 1);
 *   <li>{@code hp-ismcts} — multiple-observer ISMCTS whose opponents learn from their own information sets
 *       and whose rollouts guess from the searcher's information set ({@code c}, {@code particles}, default 8).
 * </ul>
 *
 * {@code c} is the UCB exploration constant (rewards are in [0,1]); default 0.7.
 */
public final class Agents {
  private Agents() {}

  public static final double DEFAULT_EXPLORATION = 0.7;
  public static final int DEFAULT_WORLDS = 10;
  /** The largest exploration constant accepted (rewards are in [0,1], so larger ones only explore). */
  public static final double MAX_EXPLORATION = 100;
  /** The most worlds PIMC samples per decision. */
  public static final int MAX_WORLDS = 100_000;
  public static final int DEFAULT_ROLLOUT_PARTICLES = 8;

  private static final Map<String, Set<String>> PARAMETERS = new LinkedHashMap<>();

  static {
    PARAMETERS.put("random", Set.of());
    PARAMETERS.put("uct-cheat", Set.of("c"));
    PARAMETERS.put("pimc", Set.of("c", "worlds"));
    PARAMETERS.put("so-ismcts", Set.of("c", "infer", "final", "reuse"));
    PARAMETERS.put("mo-ismcts", Set.of("c", "infer", "final", "reuse"));
    PARAMETERS.put("hp-ismcts", Set.of("c", "particles", "final"));
  }

  /** The agent names, in the order they are documented. */
  public static List<String> names() {
    return List.copyOf(PARAMETERS.keySet());
  }

  /** True for specs of agents that are handed the true state. */
  public static boolean isClairvoyant(String spec) {
    return create(spec) instanceof ClairvoyantAgent;
  }

  /**
   * A new agent for {@code spec}.
   *
   * @throws IllegalArgumentException naming the known agents (or parameters) when the spec is not understood
   */
  public static Player create(String spec) {
    String trimmed = spec.trim();
    String[] parts = trimmed.split(":");
    String name = parts[0];
    Set<String> allowed = PARAMETERS.get(name);
    if (allowed == null) {
      throw new IllegalArgumentException(
          "unknown agent '" + name + "'; known agents: " + String.join(", ", names()));
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      String p = parts[i];
      int eq = p.indexOf('=');
      String key = eq < 0 ? p : p.substring(0, eq);
      if (eq < 0 || !allowed.contains(key)) {
        throw new IllegalArgumentException("agent '" + name + "': bad parameter '" + p + "'; "
            + (allowed.isEmpty() ? "it takes none" : "it takes " + String.join(", ", allowed) + " as key=value"));
      }
      if (params.put(key, p.substring(eq + 1)) != null) {
        throw new IllegalArgumentException("agent '" + name + "': parameter " + key + " is given twice");
      }
    }
    double c = number(name, params, "c", DEFAULT_EXPLORATION);
    if (!Double.isFinite(c) || c < 0 || c > MAX_EXPLORATION) {
      throw new IllegalArgumentException("agent '" + name + "': c must be a number in 0.." + (int) MAX_EXPLORATION
          + ", was '" + params.get("c") + "'");
    }
    switch (name) {
      case "random":
        return new RandomAgent();
      case "uct-cheat":
        return new UctCheatAgent(trimmed, c);
      case "pimc":
        return new PimcAgent(trimmed, c, worlds(name, params));
      case "so-ismcts":
        return new IsmctsAgent(trimmed, SearchWorker.Mode.SO_ISMCTS, c)
            .withInference((int) number(name, params, "infer", 0)).withVisitDraw(visitDraw(name, params))
            .withReuse(reuse(name, params));
      case "hp-ismcts":
        return new IsmctsAgent(trimmed, SearchWorker.Mode.HP_ISMCTS, c,
            (int) number(name, params, "particles", DEFAULT_ROLLOUT_PARTICLES)).withVisitDraw(visitDraw(name, params));
      default:
        return new IsmctsAgent(trimmed, SearchWorker.Mode.MO_ISMCTS, c)
            .withInference((int) number(name, params, "infer", 0)).withVisitDraw(visitDraw(name, params))
            .withReuse(reuse(name, params));
    }
  }

  /**
   * {@code final=max} (the default): the most visited move; {@code final=visits}: a move drawn with probability
   * proportional to its root visits (a mixed strategy, as poker needs to bluff), from a generator seeded by the agent's
   * seed and the observation's length, so one information set still gives one move.
   */
  private static boolean visitDraw(String agent, Map<String, String> params) {
    String v = params.getOrDefault("final", "max").trim();
    if (!v.equals("max") && !v.equals("visits")) {
      throw new IllegalArgumentException("agent '" + agent + "': final must be max or visits, was '" + v + "'");
    }
    return v.equals("visits");
  }

  /** {@code reuse=K}: iterations per sampled world (default 1), see {@link IsmctsAgent#withReuse}. */
  private static int reuse(String agent, Map<String, String> params) {
    String v = params.get("reuse");
    if (v == null) {
      return 1;
    }
    try {
      int k = Integer.parseInt(v.trim());
      if (k >= 1 && k <= IsmctsAgent.MAX_REUSE) {
        return k;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw new IllegalArgumentException("agent '" + agent + "': reuse must be a whole number in 1.."
        + IsmctsAgent.MAX_REUSE + ", was '" + v + "'");
  }

  private static int worlds(String agent, Map<String, String> params) {
    String v = params.get("worlds");
    if (v == null) {
      return DEFAULT_WORLDS;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n >= 1 && n <= MAX_WORLDS) {
        return n;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw new IllegalArgumentException("agent '" + agent + "': worlds must be a whole number in 1.." + MAX_WORLDS
        + ", was '" + v + "'");
  }

  private static double number(String agent, Map<String, String> params, String key, double dflt) {
    String v = params.get(key);
    if (v == null) {
      return dflt;
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("agent '" + agent + "': " + key + " must be a number, was '" + v + "'");
    }
  }
}
