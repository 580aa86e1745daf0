package veil.cards.sample;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import veil.ludeme.CompiledGame;
import veil.ludeme.compile.Ludeme;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.LudState;
import veil.model.Determinizer;
import veil.model.Observation;
import veil.model.State;

/**
 * The fast information-set sampler for card games: it deals the cards the observer has not located straight into
 * the hidden places, then replays the whole history to check it.
 *
 * <p>How. Every percept of a ludeme card game is a card move (face or hidden, from, to), so the observation is a
 * skeleton of card moves ({@link Skeleton}). Each card is followed as an anonymous token ({@link TokenWalk}): a
 * face-up move pins a token to its card, and the rules, probed at each face-up play by another player ({@link
 * RuleProbe}), say which cards that player's hand could not hold then (not following suit, leading hearts before
 * they are broken, ...). The unknown cards are then given to the unpinned tokens by an exact uniform draw among the
 * bijections that respect every token's allowed cards ({@link UniformAssignment}). The draw fixes every card of
 * every hidden move, so the complete history of joint moves (random's deals, the other players' moves) follows,
 * and it is replayed from the initial state ({@link HistoryBuilder}): every joint move must be legal and give the
 * observer exactly its percepts and its own moves; otherwise the draw is rejected and redrawn.
 *
 * <p>Distribution. All histories consistent with the observation have the same chance probability (every deal
 * step draws from a source whose size the observer knows), and the sampler draws them uniformly: voids and pins are
 * necessary conditions, so the draw is uniform over a superset, and rejection by replay conditions it exactly.
 * Other players' moves are not weighted by any model of how they play (every consistent play counts once), which
 * is the posterior the contract of {@link Determinizer} describes ("with the probability the chance moves give
 * it"). A general sampler that plays the other roles uniformly at random weights a history by the product of
 * 1/|legal moves| along it instead; the two agree when that product is the same for every consistent history.
 *
 * <p>What it declines ({@link #sample} returns false and counts why in {@link #stats()}): observations whose
 * hidden moves could have taken cards that are not interchangeable (a hidden card the observer knows, hidden in a
 * place with unknown ones, leaving it face down) — which one moved would change the posterior; and observations it
 * cannot analyse within its effort bounds. {@link #supports} is false for games without cards or with percepts
 * that are not card moves (told words, boards, random moves other than deals).
 *
 * <p>Thread-safe: each thread has its own scratch and, per observing player, its own cached analysis (the
 * analysis of an observation is reused while later observations of that player extend it).
 */
public final class CardSampler implements Determinizer {
  private final CompiledGame game;
  private final Stats stats = new Stats();
  /** Per thread, one worker per observing player (so a thread serving several seats keeps every analysis). */
  private final ThreadLocal<Worker[]> workers;

  public CardSampler(CompiledGame game) {
    this(game, false);
  }

  /**
   * With {@code brokenCopies}, a sampler broken on purpose for tests: copies seen face up always get the lowest
   * copies of their face (no permutation of copies), which must fail the distribution tests.
   */
  CardSampler(CompiledGame game, boolean brokenCopies) {
    this(game, brokenCopies, false);
  }

  /**
   * With {@code brokenFaceWeights}, a sampler broken on purpose for tests: hidden plays of copies are relabelled to
   * the copy the rules move without the weights that keep the draw exact (Worker's face weights).
   */
  CardSampler(CompiledGame game, boolean brokenCopies, boolean brokenFaceWeights) {
    this.brokenFaceWeights = brokenFaceWeights;
    if (!supports(game)) {
      throw new IllegalArgumentException(game.name + ": not a card game the card sampler supports");
    }
    this.game = game;
    this.brokenCopies = brokenCopies;
    this.workers = ThreadLocal.withInitial(() -> new Worker[game.players]);
  }

  private final boolean brokenCopies;
  private final boolean brokenFaceWeights;
  /**
   * For tests, set before the first sample: a sampler broken on purpose whose weighted draws weigh copies as if every
   * card still in a hidden hand had been there at every play out of it ({@link MixedFaceWeights}).
   */
  boolean brokenArrivals;
  /**
   * Set before the first sample: whether a weighted draw's mixed choices (a face-up card that tokens of different
   * allowed sets could be) are drawn in proportion to their completions rather than uniformly (Worker's counted mixed
   * choices). Both are exact; the option is there to measure one against the other.
   */
  boolean countedMixedChoices = true;
  /**
   * For tests, set before the first sample: a sampler broken on purpose whose counted mixed choices enter the draw's
   * weight as if drawn uniformly ({@code TokenWalk#brokenMixedCounts}).
   */
  boolean brokenMixedCounts;
  /**
   * Set before the first sample: the sampler's switches (feature flags and test mutations); each role's Worker takes
   * its own copy when it is created.
   */
  final SamplerOptions options = new SamplerOptions();
  /** Set before the first sample: Worker's uniform draws before the mixed choices are counted (tests set 0). */
  int uniformAttempts = 100;
  /**
   * Set before the first sample: the "no pair" witness redraws an analysed step may make before the analysis turns to
   * its witness search (Worker#advance; Long.MAX_VALUE: only after its 400 witness redraws, as before).
   */
  long pairRedrawBudget = 200_000;

  /**
   * True for the games the card sampler models exactly: cards (any number the engine takes, identical copies
   * included, in at most 64 place instances), a random
   * role, and only ludemes that declare what they are to the sampler ({@link CardSampling}) and are not {@link
   * CardSampling#OUTSIDE} it. All six bundled card games qualify; Blind Tic-Tac-Toe does not (a board, a claim).
   */
  public static boolean supports(CompiledGame game) {
    return unsupported(game) == null;
  }

  /** Why the card sampler does not model a game, in words for {@code veil check}; null when it does. */
  public static String unsupported(CompiledGame game) {
    if (game.syntax() == null) {
      return "the game was not compiled from a .lud text";
    }
    if (!game.hasRandom) {
      return "the game has no chance";
    }
    if (game.cards.count() == 0) {
      return "the game has no cards";
    }
    if (game.places.defOf().length > 64) {
      return "the game has more than 64 places";
    }
    if (game.cards.hasCopies() && game.places.anyTopShown()) {
      return "a pile that shows its top card (visible:Top) in a game with identical copies of cards";
    }
    for (Ludeme l : game.syntax().used()) {
      CardSampling role = l.cardSampling();
      if (role == null) {
        return "(" + l.name() + " …) does not declare what it is to the card sampler";
      }
      if (role == CardSampling.OUTSIDE) {
        return "(" + l.name() + " …) is outside what the card sampler models";
      }
    }
    veil.ludeme.compile.GameSyntax syn = game.syntax();
    List<veil.dsl.Node> roots = new ArrayList<>(syn.start());
    for (veil.ludeme.compile.GameSyntax.PhaseSyntax p : syn.phases()) {
      roots.add(p.move());
      roots.add(p.then());
      roots.add(p.entry());
      for (veil.ludeme.compile.GameSyntax.Transition t : p.transitions()) {
        roots.add(t.then());
      }
    }
    for (veil.ludeme.compile.GameSyntax.EndSyntax e : syn.ends()) {
      roots.add(e.before());
    }
    for (veil.dsl.Node n : roots) {
      if (hiddenChoice(n)) {
        return "(choose … visible:Mover) is a choice the other players do not see: the card sampler replays only "
            + "choices everyone perceives";
      }
    }
    return null;
  }

  /**
   * Whether a rule holds {@code (choose … visible:Mover)}: the replay finds another player's choice by the word
   * the observer perceives, and a choice it does not perceive would be taken as the first that fits rather than drawn.
   */
  private static boolean hiddenChoice(veil.dsl.Node n) {
    if (n instanceof veil.dsl.Node.Call c) {
      if ("choose".equals(c.headName())) {
        for (veil.dsl.Node arg : c.args()) {
          if (arg instanceof veil.dsl.Node.Named nm && nm.name().equals("visible")
              && !(nm.value() instanceof veil.dsl.Node.Sym sym && sym.name().equals("All"))) {
            return true;
          }
        }
      }
      for (veil.dsl.Node item : c.items()) {
        if (hiddenChoice(item)) {
          return true;
        }
      }
    } else if (n instanceof veil.dsl.Node.Braces b) {
      for (veil.dsl.Node item : b.items()) {
        if (hiddenChoice(item)) {
          return true;
        }
      }
    } else if (n instanceof veil.dsl.Node.Named nm) {
      return hiddenChoice(nm.value());
    }
    return false;
  }

  private Worker worker(int role) {
    if (role < 0 || role >= game.players) {
      return null;
    }
    Worker[] mine = workers.get();
    if (mine[role] == null) {
      mine[role] = new Worker(game, stats, options.copy());
      mine[role].brokenCopies = brokenCopies;
      mine[role].brokenFaceWeights = brokenFaceWeights;
      mine[role].brokenArrivals = brokenArrivals;
      mine[role].countedMixedChoices = countedMixedChoices;
      mine[role].brokenMixedCounts = brokenMixedCounts;
      mine[role].uniformAttempts = uniformAttempts;
      mine[role].pairRedrawBudget = pairRedrawBudget;
    }
    return mine[role];
  }

  @Override
  public boolean sample(Observation observation, SplittableRandom rng, State out) {
    Worker w = worker(observation.role());
    if (w == null || !w.draw(observation, rng, null)) {
      stats.failures.increment();
      return false;
    }
    stats.samples.increment();
    ((LudState) out).copyFrom(w.builder.state);
    return true;
  }

  /**
   * A complete history of joint moves (one int per role per step, random's deals included) consistent with the
   * observation, drawn as {@link #sample} draws states; null when {@link #sample} would return false. Replaying it
   * from the initial state reaches the state {@link #sample} would give for the same random numbers.
   */
  public int[][] sampleHistory(Observation observation, SplittableRandom rng) {
    int[][] history = new int[observation.length()][game.roleCount()];
    Worker w = worker(observation.role());
    if (w == null || !w.draw(observation, rng, history)) {
      stats.failures.increment();
      return null;
    }
    stats.samples.increment();
    return history;
  }

  /** Counters over every thread, for tests and reports. */
  public Stats stats() {
    return stats;
  }

  /** What the sampler did. */
  public static final class Stats {
    /** States or histories returned. */
    public final LongAdder samples = new LongAdder();
    /** Calls that returned false. */
    public final LongAdder failures = new LongAdder();
    /** Full replays tried (accepted + rejected + walk failures). */
    public final LongAdder replays = new LongAdder();
    /** Replays that did not reproduce the observation (a constraint the token model does not know). */
    public final LongAdder rejected = new LongAdder();
    /** Of {@link #rejected}: weighted draws not accepted against their bound (no replay was made). */
    public final LongAdder weightRejected = new LongAdder();
    /** Replays that matched the observation's percepts but not the skeleton's raw order or repeats. */
    public final LongAdder structureMismatches = new LongAdder();
    /** Token walks or assignments that found no consistent draw. */
    public final LongAdder walkFailures = new LongAdder();
    /** Observations declined because a hidden move could take tokens that are not interchangeable. */
    public final LongAdder ambiguous = new LongAdder();
    /** Observations the analysis could not follow. */
    public final LongAdder analysisFailures = new LongAdder();
    /** Analyses started (a new observation that does not extend the last one). */
    public final LongAdder analyses = new LongAdder();
    /** Witness histories redrawn during analyses. */
    public final LongAdder witnessRedraws = new LongAdder();
    /** Probed voids dropped because a witness contradicted them. */
    public final LongAdder droppedProbes = new LongAdder();
    /** Draws whose tokens failed a SOME fact (a hand that held at least one card of a set), redrawn before replay. */
    public final LongAdder someRejected = new LongAdder();
    /**
     * Copies relabelled at replay in the draws returned: a play the rules made with another copy of the face than the
     * draw gave, the two copies' futures swapped (exact, see Worker's face weights).
     */
    public final LongAdder relabelled = new LongAdder();
    /** Observations declined because the bound's walks found no draw at all. */
    public final LongAdder noBound = new LongAdder();
    /** Observations declined because a draw's weight was above the bound (the bound was not one). */
    public final LongAdder overBound = new LongAdder();
    /** SOME facts the draws found implied by an earlier one and did not designate ({@code TokenWalk}). */
    public final LongAdder implied = new LongAdder();
    /** Of those, facts with an open token of the earlier fact seen leaving with another card. */
    public final LongAdder impliedPastReveals = new LongAdder();
    /** Mixed choices restricted to the candidates with a completion ({@link LaterPlays}), and candidates left out. */
    public final LongAdder restricted = new LongAdder();
    public final LongAdder leftOut = new LongAdder();
    /** Assignments drawn by the exact count of SOME facts ({@link FactAssignment}), and those with two or more open. */
    public final LongAdder factsCounted = new LongAdder();
    public final LongAdder severalFactsCounted = new LongAdder();
    /** Counted assignments with no bijection (or a fact left with no token or no card). */
    public final LongAdder countInfeasible = new LongAdder();
    /** Draws declined because the count did not cover their walk's structure. */
    public final LongAdder countNotApplicable = new LongAdder();
    /** Bounds whose walk the count did not cover (the designations' path taken instead). */
    public final LongAdder countFellBack = new LongAdder();
    /** The count's refusals by cause: too many classes or facts, a group of types too wide, too many states. */
    public final LongAdder countTooManyClasses = new LongAdder();
    public final LongAdder countGroupTooWide = new LongAdder();
    public final LongAdder countTooLarge = new LongAdder();
    /**
     * Samples declined because a replay found more joint moves reproducing a step than its bound (a step whose
     * cards the observer sees as a set; see HistoryBuilder's matchBound): the bound's premises fail in this game.
     */
    public final LongAdder matchBoundExceeded = new LongAdder();
    /** Draws that broke a "no pair" fact (PairFacts), redrawn before replay. */
    public final LongAdder pairRejected = new LongAdder();
    /** Assignments that met the "no pair" facts by construction (PairAssignment), draws and witnesses. */
    public final LongAdder pairAssigned = new LongAdder();
    /** Pair assignments that failed: the walk's pins already broke a fact, or a card had no token left. */
    public final LongAdder pairPinsBreak = new LongAdder();
    public final LongAdder pairDeadEnds = new LongAdder();
    /**
     * The analysis's witness tokens redrawn for "no pair" facts (Worker#pairsHold, no replay), and witnesses whose
     * 2,000 such redraws all failed.
     */
    public final LongAdder witnessPairRedraws = new LongAdder();
    public final LongAdder witnessPairRedrawsSpent = new LongAdder();
    /**
     * The analysis's last-resort searches over sequences of exchanges (WitnessSearch): run, found a witness, stopped
     * with the budget spent, tried every sequence within the depth, not started (the witness's cards unknown).
     */
    public final LongAdder witnessSearches = new LongAdder();
    public final LongAdder witnessSearchFound = new LongAdder();
    public final LongAdder witnessSearchBudgetSpent = new LongAdder();
    public final LongAdder witnessSearchExhausted = new LongAdder();
    public final LongAdder witnessSearchNotStarted = new LongAdder();
    /** Reveal choices drawn in proportion to their exact counts (TokenWalk#countReveals). */
    public final LongAdder revealsCounted = new LongAdder();
    /**
     * Draws declined because the bound of counted reveals (TokenWalk#logFirst) differed from the skeleton's first:
     * the choices before the first counted one were not alike after all (never seen; a check, not a figure).
     */
    public final LongAdder firstCountDiffers = new LongAdder();
    /**
     * Bounds of counted reveals taken as the maximum weight over every sequence of counted classes (Worker's path
     * bound), and those left at the first counted choice's bound (an unalike choice, a count that did not apply, too
     * many sequences).
     */
    public final LongAdder pathBounds = new LongAdder();
    public final LongAdder pathBoundsDeclined = new LongAdder();
    /** Weighted draws whose copies MixedFaceWeights weighed, and of their declines, those above the bound. */
    public final LongAdder mixedWeighed = new LongAdder();
    public final LongAdder mixedOverBound = new LongAdder();
    /** Bounds of weighted draws found exactly over every path of the walk ({@link ExactBound}), and those with too many. */
    public final LongAdder exactBounds = new LongAdder();
    public final LongAdder exactBoundTooLarge = new LongAdder();
    /**
     * Mixed choices of weighted draws drawn in proportion to their completions (TokenWalk#countMixed), and those drawn
     * uniformly because the count was too large a program.
     */
    public final LongAdder mixedCounted = new LongAdder();
    public final LongAdder mixedUncounted = new LongAdder();
    /** Samples whose draws went on with counted mixed choices after the uniform ones found nothing (Worker). */
    public final LongAdder countedMixedDraws = new LongAdder();
    /** Of those, samples that went on counted because a uniform draw's weight was above the greedy walk's bound. */
    public final LongAdder greedyOverBound = new LongAdder();
    /** Hidden moves a walk drew among the tokens that may hold a card of the set an IN_SET fact names (TokenWalk). */
    public final LongAdder hiddenMovesOfASet = new LongAdder();
    /** IN_SET and NONE facts learned from the witness of a hidden move's step (HiddenMoveFacts). */
    public final LongAdder hiddenMoveFacts = new LongAdder();

    @Override
    public String toString() {
      return "samples=" + samples + " failures=" + failures + " replays=" + replays + " rejected=" + rejected
          + " weightRejected=" + weightRejected + " structureMismatches=" + structureMismatches + " walkFailures=" + walkFailures + " ambiguous="
          + ambiguous + " analysisFailures=" + analysisFailures + " analyses=" + analyses + " witnessRedraws="
          + witnessRedraws + " droppedProbes=" + droppedProbes + " someRejected=" + someRejected + " relabelled=" + relabelled
          + " matchBoundExceeded=" + matchBoundExceeded + " pairRejected=" + pairRejected + " pairAssigned=" + pairAssigned + " pairPinsBreak=" + pairPinsBreak
          + " pairDeadEnds=" + pairDeadEnds + " witnessPairRedraws="
          + witnessPairRedraws + " witnessPairRedrawsSpent=" + witnessPairRedrawsSpent + " noBound=" + noBound
          + " overBound=" + overBound + " implied=" + implied + " restricted=" + restricted + " factsCounted="
          + factsCounted + " countNotApplicable=" + countNotApplicable + " witnessSearches=" + witnessSearches
          + " found=" + witnessSearchFound + " budgetSpent=" + witnessSearchBudgetSpent + " exhausted="
          + witnessSearchExhausted + " notStarted=" + witnessSearchNotStarted + " revealsCounted=" + revealsCounted
          + " firstCountDiffers=" + firstCountDiffers + " mixedWeighed=" + mixedWeighed
          + " mixedOverBound=" + mixedOverBound + " exactBounds=" + exactBounds + " exactBoundTooLarge="
          + exactBoundTooLarge + " countFellBack=" + countFellBack + " countTooLarge=" + countTooLarge
          + " pathBounds=" + pathBounds + " pathBoundsDeclined=" + pathBoundsDeclined + " mixedCounted="
          + mixedCounted + " mixedUncounted=" + mixedUncounted + " countedMixedDraws=" + countedMixedDraws
          + " greedyOverBound=" + greedyOverBound + " hiddenMovesOfASet=" + hiddenMovesOfASet + " hiddenMoveFacts="
          + hiddenMoveFacts;
    }
  }
}
