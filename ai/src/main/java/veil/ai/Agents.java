package veil.ai;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import veil.ai.agent.IsmctsAgent;
import veil.ai.agent.PimcAgent;
import veil.ai.agent.RandomAgent;
import veil.ai.agent.UctCheatAgent;
import veil.ai.search.Mast;
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
 *   <li>{@code pool=W} (so-ismcts, mo-ismcts): W worlds drawn per decision and revisited in random order, one
 *       tree over them (default 0: a fresh world every iteration; see {@link IsmctsAgent#withPool});
 *   <li>{@code rollout=mast} (every search agent): rollouts by move-average sampling, ε-greedy with {@code eps}
 *       (default 0.4), instead of uniformly random ones; {@code rollout=nst}: with pairs of moves too (see {@link
 *       veil.ai.search.Mast});
 *   <li>{@code leaf=K} (uct-cheat, pimc, so-ismcts, mo-ismcts): every rollout is cut after K moves (0: where the
 *       iteration leaves the tree) and valued by the game's running score ({@link veil.model.Game#heuristic}: its
 *       end rule's byScore, ranking, byTeam or payoff applied now) instead of playing to the end; refused on a game
 *       whose end rule does not score (default: rollouts play to the end);
 *   <li>{@code hp-ismcts} — multiple-observer ISMCTS whose opponents learn from their own information sets
 *       and whose rollouts guess from the searcher's information set ({@code c}, {@code particles}, default 8);
 *   <li>{@code smooth-ismcts} — mixed strategies by smooth UCT: multiple-observer ISMCTS whose trees are keyed by
 *       each role's observation of the whole game, whose choices are UCB with probability at most {@code eta}
 *       (default 0.9) and otherwise drawn from the node's average strategy, whose opponents learn in worlds drawn
 *       from their own information sets (against the searcher's whole range) for a share 1 - {@code target} of the
 *       iterations (default target 0.5), and whose final move is drawn from the searcher's average strategy (a
 *       poker player's bluffs and calls; see {@link IsmctsAgent#withSmooth}); {@code c}, {@code rollout},
 *       {@code eps}.
 * </ul>
 *
 * {@code c} is the UCB exploration constant (rewards are in [0,1]); default 0.7 (smooth-ismcts: 0.1).
 */
public final class Agents {
  private Agents() {}

  public static final double DEFAULT_EXPLORATION = 0.7;
  /**
   * smooth-ismcts's default c: smaller than the others', as its average strategy counts the exploring visits too
   * (Kuhn poker, 1000 iterations: exploitability 0.065 at c=0.1, 0.088 at 0.2, 0.12 at 0.7; KuhnMixedStrategyTest).
   */
  public static final double DEFAULT_SMOOTH_EXPLORATION = 0.1;
  public static final int DEFAULT_WORLDS = 10;
  /** The largest exploration constant accepted (rewards are in [0,1], so larger ones only explore). */
  public static final double MAX_EXPLORATION = 100;
  /** The most worlds PIMC samples per decision. */
  public static final int MAX_WORLDS = 100_000;
  public static final int DEFAULT_ROLLOUT_PARTICLES = 8;

  private static final Map<String, Set<String>> PARAMETERS = new LinkedHashMap<>();

  static {
    PARAMETERS.put("random", Set.of());
    PARAMETERS.put("uct-cheat", Set.of("c", "rollout", "eps", "leaf"));
    PARAMETERS.put("pimc", Set.of("c", "worlds", "rollout", "eps", "leaf"));
    PARAMETERS.put("so-ismcts", Set.of("c", "infer", "final", "reuse", "pool", "rollout", "eps", "leaf"));
    PARAMETERS.put("mo-ismcts", Set.of("c", "infer", "final", "reuse", "pool", "rollout", "eps", "leaf"));
    PARAMETERS.put("hp-ismcts", Set.of("c", "particles", "final", "rollout", "eps"));
    PARAMETERS.put("smooth-ismcts", Set.of("c", "eta", "target", "root", "rollout", "eps"));
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
    double c =
        number(name, params, "c", name.equals("smooth-ismcts") ? DEFAULT_SMOOTH_EXPLORATION : DEFAULT_EXPLORATION);
    if (!Double.isFinite(c) || c < 0 || c > MAX_EXPLORATION) {
      throw new IllegalArgumentException("agent '" + name + "': c must be a number in 0.." + (int) MAX_EXPLORATION
          + ", was '" + params.get("c") + "'");
    }
    double mast = mastEpsilon(name, params);
    boolean nst = params.getOrDefault("rollout", "").trim().equals("nst");
    int leaf = leaf(name, params);
    Player agent = build(name, trimmed, params, c, mast, nst);
    if (leaf >= 0) {
      ((veil.ai.agent.SearchAgent) agent).setLeaf(leaf);
    }
    return agent;
  }

  /**
   * Why the agent of {@code spec} cannot play {@code game}, or null when it can: {@code leaf=K} needs a game with a
   * running score ({@link veil.model.Game#heuristic}).
   */
  public static String refusal(String spec, veil.model.Game game) {
    Player p = create(spec);
    if (p instanceof veil.ai.agent.SearchAgent a && a.leaf() >= 0 && game.heuristic() == null) {
      return "agent '" + spec.trim() + "': leaf=" + a.leaf() + " cuts rollouts at the game's running score, and "
          + game.name() + " has none (its end rule does not score: byScore, ranking, byTeam or payoff)";
    }
    return null;
  }

  /** The most rollout moves {@code leaf=K} takes before the cut. */
  public static final int MAX_LEAF = 100_000;

  /** {@code leaf=K}: rollout moves before the cut, 0..{@link #MAX_LEAF}; -1 when not given. */
  private static int leaf(String agent, Map<String, String> params) {
    String v = params.get("leaf");
    if (v == null) {
      return -1;
    }
    int k;
    try {
      k = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      k = -1;
    }
    if (k < 0 || k > MAX_LEAF) {
      throw new IllegalArgumentException("agent '" + agent + "': leaf must be a whole number in 0.." + MAX_LEAF
          + " (rollout moves before the running score values the world), was '" + v + "'");
    }
    return k;
  }

  private static Player build(String name, String trimmed, Map<String, String> params, double c, double mast,
      boolean nst) {
    switch (name) {
      case "random":
        return new RandomAgent();
      case "uct-cheat": {
        UctCheatAgent a = new UctCheatAgent(trimmed, c);
        if (mast >= 0) {
          a.setMast(mast, nst);
        }
        return a;
      }
      case "pimc": {
        PimcAgent a = new PimcAgent(trimmed, c, worlds(name, params));
        if (mast >= 0) {
          a.setMast(mast, nst);
        }
        return a;
      }
      case "so-ismcts":
        return new IsmctsAgent(trimmed, SearchWorker.Mode.SO_ISMCTS, c)
            .withInference((int) number(name, params, "infer", 0)).withVisitDraw(visitDraw(name, params))
            .withReuse(reuse(name, params)).withPool(pool(name, params)).withMast(mast, nst);
      case "hp-ismcts":
        return new IsmctsAgent(trimmed, SearchWorker.Mode.HP_ISMCTS, c,
            (int) number(name, params, "particles", DEFAULT_ROLLOUT_PARTICLES)).withVisitDraw(visitDraw(name, params))
            .withMast(mast, nst);
      case "smooth-ismcts": {
        double eta = number(name, params, "eta", IsmctsAgent.DEFAULT_ETA);
        if (!(eta > 0 && eta <= 1)) {
          throw new IllegalArgumentException("agent '" + name + "': eta must be a number in (0,1] (the largest "
              + "probability of a UCB choice), was '" + params.get("eta") + "'");
        }
        double target = number(name, params, "target", IsmctsAgent.DEFAULT_TARGET);
        if (!(target > 0 && target < 1)) {
          throw new IllegalArgumentException("agent '" + name + "': target must be a number strictly between 0 and 1 "
              + "(the share of worlds drawn from the searcher's information set), was '" + params.get("target") + "'");
        }
        String root = params.getOrDefault("root", IsmctsAgent.DEFAULT_ROOT).trim();
        if (!root.equals("start") && !root.equals("now")) {
          throw new IllegalArgumentException("agent '" + name + "': root must be start or now, was '" + root + "'");
        }
        return new IsmctsAgent(trimmed, SearchWorker.Mode.MO_ISMCTS, c).withSmooth(eta, target, root.equals("start"))
            .withMast(mast, nst);
      }
      default:
        return new IsmctsAgent(trimmed, SearchWorker.Mode.MO_ISMCTS, c)
            .withInference((int) number(name, params, "infer", 0)).withVisitDraw(visitDraw(name, params))
            .withReuse(reuse(name, params)).withPool(pool(name, params)).withMast(mast, nst);
    }
  }

  /**
   * {@code rollout=random} (the default): uniformly random rollouts; {@code rollout=mast}: move-average sampling
   * (see {@link veil.ai.search.Mast}), ε-greedy with {@code eps} (default {@link Mast#DEFAULT_EPSILON});
   * {@code rollout=nst}: the same with pairs of moves (NST). Returns the ε, or -1 for random rollouts.
   */
  private static double mastEpsilon(String agent, Map<String, String> params) {
    String v = params.getOrDefault("rollout", "random").trim();
    if (!v.equals("random") && !v.equals("mast") && !v.equals("nst")) {
      throw new IllegalArgumentException(
          "agent '" + agent + "': rollout must be random, mast or nst, was '" + v + "'");
    }
    if (v.equals("random")) {
      if (params.containsKey("eps")) {
        throw new IllegalArgumentException(
            "agent '" + agent + "': eps is MAST's exploration; it needs rollout=mast or rollout=nst");
      }
      return -1;
    }
    double eps = number(agent, params, "eps", Mast.DEFAULT_EPSILON);
    if (!(eps >= 0 && eps <= 1)) {
      throw new IllegalArgumentException("agent '" + agent + "': eps must be a number in 0..1, was '"
          + params.get("eps") + "'");
    }
    return eps;
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

  /** {@code pool=W}: worlds per decision drawn once and revisited (default 0: none), see {@link IsmctsAgent#withPool}. */
  private static int pool(String agent, Map<String, String> params) {
    String v = params.get("pool");
    if (v == null) {
      return 0;
    }
    int k;
    try {
      k = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      k = -1;
    }
    if (k < 1 || k > IsmctsAgent.MAX_POOL) {
      throw new IllegalArgumentException("agent '" + agent + "': pool must be a whole number in 1.."
          + IsmctsAgent.MAX_POOL + ", was '" + v + "'");
    }
    if (params.containsKey("reuse") || params.containsKey("infer")) {
      throw new IllegalArgumentException("agent '" + agent + "': pool does not combine with reuse or infer");
    }
    return k;
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
