package veil.cards.sample;

import java.util.Arrays;
import java.util.SplittableRandom;
import veil.ludeme.Action;
import veil.ludeme.CardAction;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Table;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;

/**
 * One thread's sampler for one observing player: the analysis of its current observation (kept while the next
 * observations extend it) and the scratch of every draw.
 *
 * <p>Analysis. The skeleton needs the raw order and repeats of the observer's percepts, which only a history can
 * give, so the analysis walks the observation with a witness: a history consistent with the steps so far. For each
 * next step it tries the other roles' legal moves until the observer's percepts match. When no move matches (the
 * witness dealt a card elsewhere than where it is now seen, or its hand forbids the play seen), it learns what it
 * can — where the cards seen this step were (pins), and, by probing the rules, the void the play reveals — and
 * draws a new witness for the steps so far from the token model, which respects everything learned. Each matched
 * step adds its raw percepts to the skeleton, and a face-up play by another player from a hidden place is probed
 * for the void it reveals.
 */
final class Worker {
  /** Witness redraws allowed per step before the analysis gives up. */
  private static final int WITNESS_REDRAWS = 400;
  /** Joint moves a witness may try for one step. */
  private static final int WITNESS_TRIES = 3000;
  /** The observer and percepts {@link #witnessExtends} must reproduce (set before each search). */
  private int extendObserver;
  private int[] extendSeen;
  /** Whether the joint move from the witness gives the observer the percepts it saw (the state is left in ext). */
  private final JointOdometer.Test witnessExtends = this::extendsWitness;
  /** Draws (each a full replay) allowed per sample. */
  private static final int MAX_ATTEMPTS = 2000;
  /** Draws whose tokens fail a SOME fact ({@link HandFacts}) allowed per sample: no replay, so cheap. */
  private static final int MAX_SOME_REJECTIONS = 100_000;

  private final CompiledGame game;
  private final CardSampler.Stats stats;
  /** The switches of this Worker, its walk and helpers ({@link SamplerOptions}). */
  final SamplerOptions options;
  private final int roles;
  private final int players;
  private final int cards;
  /** Longs per card set. */
  private final int words;
  /** The set operations for this deck's size. */
  private final CardSets sets;
  private final long[] allCards;
  /** Each card's face (first copy), or null without copies. */
  private final int[] faces;
  private final int[] visibleMask;
  private final long[] initialPlaces;
  /** The place instances whose top card the rules read ({@link OrderedPlaces}). */
  private final long ordered;

  final HistoryBuilder builder;
  private final RuleProbe probe;
  private final FactProbe facts;
  /** IN_SET facts of hidden moves, and what stays, learned from each matched step ({@link HiddenMoveFacts}). */
  private final HiddenMoveFacts hiddenMoveFacts;
  /** "No pair" facts of the current analysis (see {@link PairFacts}; not with copies, whose plays are relabelled). */
  private final PairFacts pairFacts;
  /** The assignment that meets the "no pair" facts ({@link PairAssignment}). */
  private final PairAssignment pairAssignment;
  /**
   * The steps whose "no pair" facts {@link #assignTokens} meets by {@link #pairAssignment} (-1: a uniform bijection,
   * the facts checked after): set for the draws of one observation and for the analysis's witness redraws.
   */
  private int pairSteps = -1;
  private final UniformAssignment assignment = new UniformAssignment();
  private TokenWalk walk;
  /** The witness repair that exchanges two hidden cards' futures in the witness history ({@link WitnessSwaps}). */
  final WitnessSwaps swaps;
  /** The analysis's last resort: the search over sequences of exchanges ({@link WitnessSearch}). */
  final WitnessSearch search;
  /**
   * The witness history as the card of each skeleton move of the steps analysed (valid when {@link
   * #witnessCardsKnown}): what {@link #swaps} starts from.
   */
  private int[] witnessCard = new int[64];
  private boolean witnessCardsKnown = true;
  /** The {@link #swapWitness} calls of the step being analysed (at most {@link #SWAPS_PER_STEP}). */
  private int swapCalls;

  // Analysis of the current observation.
  private Skeleton skeleton;
  private Observation basis;
  private Observation basisCopy;
  private int done;
  private boolean failed;
  private LudState witness;
  private final SplittableRandom analysisRng = new SplittableRandom(0x5EEDCA4DL);

  // Token assignment scratch.
  final int[] cardOfToken;
  private final int[] classOfToken;
  private final int[] classOfCard;
  /** Class j's key: {@code words} longs from {@code j * words}. */
  private final long[] classKey;
  private final int[] classCap;
  private final int[][] classCards;
  private final int[] classFill;
  /** Sorting scratch: the class found j-th before sorting is at classAt[j] after; classRank is its inverse. */
  private final int[] classRank;
  private final int[] classAt;
  /** The cards no token is pinned to, and the scratch of the classes' keys. */
  private final long[] unknown;
  private final long[] keyScratch;
  /** With copies: the unknown cards left to the open classes, once the face classes have taken theirs. */
  private final long[] openUnknown;
  /** With copies, per class: the face whose copies it holds, or -1 for a class that is not one face's. */
  private final int[] classFace;
  /** With copies, per face: the unknown copies in shuffled order (scratch). */
  private final int[] copyList;

  // Witness extension scratch.
  private LudState ext;
  private final Percepts percepts;
  private final MoveList[] legal;
  private final int[] joint;
  private final int[][] candidates;
  private final int[] candidateCount;
  private final int[] active;
  private final int[] choice;
  private int[] pinCards = new int[16];
  private long[] pinPlaces = new long[16 * TokenWalk.PIN_LEVELS];
  private int pinCount;

  /** A Worker with the default options (tests that take the sampler as it ships). */
  Worker(CompiledGame game, CardSampler.Stats stats) {
    this(game, stats, new SamplerOptions());
  }

  /** @param options this Worker's own switches (its walk and helpers read them; not shared with another Worker) */
  Worker(CompiledGame game, CardSampler.Stats stats, SamplerOptions options) {
    this.options = options;
    this.game = game;
    this.stats = stats;
    this.roles = game.roleCount();
    this.players = game.players;
    this.cards = game.cards.count();
    this.words = game.cards.words();
    this.sets = CardSets.of(words);
    this.allCards = new long[words];
    for (int w = 0; w < words; w++) {
      allCards[w] = game.cards.all(w);
    }
    this.faces = game.cards.hasCopies() ? game.cards.face() : null;
    this.classKey = new long[cards * words];
    this.classCap = new int[cards];
    this.classHome = new int[cards];
    this.classCards = new int[cards][cards];
    this.classFill = new int[cards];
    this.classRank = new int[cards];
    this.classAt = new int[cards];
    this.unknown = new long[words];
    this.keyScratch = new long[words];
    this.openUnknown = new long[words];
    this.classFace = new int[cards];
    this.copyList = new int[cards];
    this.faceUpScratch = new long[words];
    this.voidScratch = new long[words];
    this.visibleMask = game.places.visibleMask();
    this.initialPlaces = game.initialState().places.clone();
    this.ordered = OrderedPlaces.of(game);
    this.builder = new HistoryBuilder(game);
    builder.brokenOrderedRelabel = options.brokenOrderedRelabel;
    this.probe = new RuleProbe(game);
    this.facts = new FactProbe(game);
    this.hiddenMoveFacts = new HiddenMoveFacts(game, options);
    this.swaps = new WitnessSwaps(game);
    this.search = new WitnessSearch(game, options);
    this.factAssignment = new FactAssignment(stats, options);
    this.pairFacts = new PairFacts(game, initialPlaces, options);
    this.pairAssignment = new PairAssignment(cards, words);
    this.cardOfToken = new int[cards];
    this.classOfToken = new int[cards];
    this.classOfCard = new int[cards];
    this.witness = game.initialState();
    this.ext = game.initialState();
    this.percepts = new Percepts(roles);
    this.legal = new MoveList[roles];
    for (int r = 0; r < roles; r++) {
      legal[r] = new MoveList();
    }
    this.joint = new int[roles];
    this.candidates = new int[roles][];
    this.candidateCount = new int[roles];
    this.active = new int[roles];
    this.choice = new int[roles];
  }

  // ---------------------------------------------------------------- sampling

  /** Draws until a history replays consistently; false when the observation is not supported or effort ran out. */
  boolean draw(Observation obs, SplittableRandom rng, int[][] history) {
    if (!prepare(obs)) {
      return false;
    }
    int steps = obs.length();
    pairSteps = pairsAssigned() ? steps : -1;
    faceWeights(steps, obs.role()); // before the bound: its walk weighs copies as the draws do (MixedFaceWeights)
    if (!bound(steps)) {
      stats.noBound.increment();
      stats.ambiguous.increment();
      return false;
    }
    walk.weighted = weightedDraws;
    walk.countMixed = false;
    double drawBound = logBound;
    walk.countSome = countFacts;
    walk.countReveals = countReveals;
    drawSteps = steps;
    faceWeights(steps, obs.role());
    int someRejections = 0;
    for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt == uniformAttempts && countableMixed && !walk.countMixed && countedBound(steps)) {
        // The uniform draws found no history: the rest count their mixed choices, under their own bound. Exact: the
        // uniform draws' rejection sampler, stopped here, returned nothing, and what follows is one of its own.
        walk.countMixed = true;
        drawBound = logCountedBound;
        stats.countedMixedDraws.increment();
      }
      stats.replays.increment();
      boolean walked = walk.runForDraw(skeleton, steps, rng);
      if (walk.countFailed) {
        // A reveal choice the count does not cover (a structure, or an order of its classes, larger than the
        // bound's walks met): this skeleton's draws start again on the designations' path, as without exactFacts.
        stats.countNotApplicable.increment();
        if (countFacts && refuseCount(steps)) {
          attempt = -1;
          someRejections = 0;
          continue;
        }
        stats.ambiguous.increment();
        return false;
      }
      if (!walked) {
        stats.walkFailures.increment();
        continue;
      }
      if (walk.ambiguous) {
        stats.ambiguous.increment();
        return false;
      }
      weighOpen = hiddenWeighted != 0 && !weightedDraws && !walk.mixed;
      weighMixed = weightedDraws;
      boolean ok0 = assignTokens(rng);
      weighOpen = false;
      weighMixed = false;
      if (!ok0 && factsNotApplicable) {
        // This draw's walk left a structure the count does not cover (the bound's walk had one it covers): the
        // designations' path for this skeleton, as above.
        stats.countNotApplicable.increment();
        if (countFacts && refuseCount(steps)) {
          attempt = -1;
          someRejections = 0;
          continue;
        }
        stats.ambiguous.increment();
        return false;
      }
      if (!ok0 && pairSteps >= 0) {
        // The walk's pins break a fact, or a card had no token left that meets them: a draw that meets no fact,
        // rejected (exact) like the bijections the facts' check rejected before, not counted as a replay.
        stats.pairRejected.increment();
        if (++someRejections < MAX_SOME_REJECTIONS) {
          attempt--;
        }
        continue;
      }
      if (!ok0) {
        stats.walkFailures.increment();
        continue;
      }
      if (countFacts && !skeleton.facts.someHold(steps, cardOfToken)) {
        throw new IllegalStateException("the counted assignment broke a SOME fact");
      }
      if (skeleton.facts.count > 0 && !skeleton.facts.someHold(steps, cardOfToken)) {
        // A SOME fact fails: the whole draw again (walk included, so the draw stays uniform), not counted as a
        // replay.
        stats.someRejected.increment();
        if (++someRejections < MAX_SOME_REJECTIONS) {
          attempt--;
        }
        continue;
      }
      if (weightedDraws) {
        // Drawn with probability 1 / (choices x bijections); accepted in proportion to that product, every history
        // consistent with the walk is equally likely.
        double logW = walk.logChoices + logBijections
            - (countFacts || !options.weighDesignations ? 0 : skeleton.facts.logDesignations(steps, cardOfToken));
        if (countReveals && !pathBounded) {
          // Counted reveals: the bound is exact (TokenWalk#countReveals) and the same for every draw; checked.
          double first = Double.isNaN(walk.logFirst) ? logW : walk.logFirst;
          if (!(Math.abs(first - logBound) <= 1e-9 * Math.max(1, Math.abs(logBound)))) {
            stats.firstCountDiffers.increment();
            stats.ambiguous.increment();
            return false;
          }
        }
        if (logW > drawBound + 1e-9 && !walk.countMixed && countableMixed && countedBound(steps)) {
          // The greedy walk's weight is no bound for this observation: the uniform draws stop here having returned
          // nothing, and the rest count their mixed choices under their own bound (exact, as after
          // uniformAttempts; a uniform draw accepted before one above the bound was met is not, as before).
          stats.greedyOverBound.increment();
          stats.countedMixedDraws.increment();
          walk.countMixed = true;
          drawBound = logCountedBound;
          continue;
        }
        if (Double.isNaN(logW) || logW > drawBound + 1e-9) {
          if (logW > drawBound + 1e-9 && lastMixedWeighed) {
            stats.mixedOverBound.increment();
          }
          stats.ambiguous.increment();
          stats.overBound.increment();
          return false; // the bound is not one: decline rather than bias
        }
        if (rng.nextDouble() >= Math.exp(logW - drawBound)) {
          stats.rejected.increment();
          stats.weightRejected.increment();
          continue;
        }
      }
      long before = builder.structureMismatches;
      if (!cardsOfMoves(steps, rng)) {
        stats.walkFailures.increment();
        continue;
      }
      if (pairFacts.count > 0 && !pairFacts.hold(skeleton, steps, moveCard)) {
        // A hand that held two related cards when its owner made a move they forbid: drawn again before the
        // replay (which would reject it), not counted as a replay.
        stats.pairRejected.increment();
        if (++someRejections < MAX_SOME_REJECTIONS) {
          attempt--;
        }
        continue;
      }
      builder.relabel = lastWeighed || brokenFaceWeights ? relabelHidden : relabelSeen;
      if (lastMixedWeighed) {
        stats.mixedWeighed.increment();
        builder.relabel = mixedWeights.relabel; // weighted by MixedFaceWeights: its plays are relabelled
      }
      long relabelledBefore = builder.relabelled;
      builder.rng = rng; // the replay draws among joint moves the observer cannot tell apart (HistoryBuilder#logAccept)
      boolean ok;
      try {
        ok = builder.replay(skeleton, obs, steps, moveIndex, moveCard, history);
      } finally {
        builder.rng = null;
        builder.relabel = null;
      }
      if (builder.boundExceeded) {
        stats.matchBoundExceeded.increment();
        return false; // the bound of matching joint moves is not one in this game: decline rather than bias
      }
      if (ok && builder.logAccept < 0 && rng.nextDouble() >= Math.exp(builder.logAccept)) {
        ok = false; // kept in proportion to its matching joint moves, so that every history is equally likely
      }
      if (ok) {
        stats.relabelled.add(builder.relabelled - relabelledBefore);
      }
      if (builder.structureMismatches != before) {
        stats.structureMismatches.increment();
      }
      if (ok) {
        return true;
      }
      stats.rejected.increment();
    }
    return false;
  }

  /** The skeleton whose draws met a count that did not apply: it takes the designations' path ({@link #bound}). */
  private Skeleton refusedSkeleton;
  private int refusedVersion = -1;
  private int refusedSteps = -1;

  /**
   * After a draw met a count that does not apply: this skeleton's bound again, on the designations' path (no draw was
   * returned from the counted one, so starting the draws afresh on another exact-or-declining path keeps them as that
   * path draws). False when that bound is not found either.
   */
  private boolean refuseCount(int steps) {
    refusedSkeleton = skeleton;
    refusedVersion = skeleton.version;
    refusedSteps = steps;
    boundSkeleton = null;
    stats.countFellBack.increment();
    if (!bound(steps)) {
      return false;
    }
    walk.weighted = weightedDraws;
    walk.countSome = countFacts;
    walk.countReveals = countReveals;
    return true;
  }

  // Weighted draws (faced with a face-up card that tokens of different allowed sets could be).
  private boolean weightedDraws;
  /**
   * Whether the weighted draws of the current bound may draw their mixed choices by counts ({@link
   * TokenWalk#countMixed}): they do after {@link #uniformAttempts} uniform draws found no history, with their own
   * bound ({@link #countedBound}, measured once per observation, and only then).
   */
  private boolean countableMixed;
  /**
   * Draws of an observation made with uniform mixed choices before they are counted (see {@link #draw}): most
   * observations find a history within them, and counting costs a measured bound (64 draws) and a count per choice.
   */
  int uniformAttempts = 100;
  private double logCountedBound;
  /**
   * The counted draws' bound over the largest of {@link DesignationBound#DRAWS} counted draws: their weights spread
   * more than designations' (later voids and plays are not in the counts); with a factor 2 the two-deck Crazy Eights
   * harness met 8 draws above it in 10 games.
   */
  static final double COUNTED_MARGIN = Math.log(4);
  private Skeleton countedBoundSkeleton;
  private int countedBoundVersion;
  private int countedBoundSteps = -1;

  /**
   * The bound of weighted draws whose mixed choices are counted: the greedy walk's weight is no bound of theirs (its
   * choices are uniform), so it is measured on counted draws as designations' is ({@link DesignationBound}), with its
   * own random numbers. False when no counted draw found a completion.
   */
  private boolean countedBound(int steps) {
    if (countedBoundSkeleton == skeleton && countedBoundVersion == skeleton.version && countedBoundSteps == steps) {
      return logCountedBound != Double.NEGATIVE_INFINITY;
    }
    SplittableRandom rng = new SplittableRandom(0xC0C0L + steps);
    boolean weighted = walk.weighted;
    weighMixed = true;
    walk.weighted = true;
    walk.countMixed = true;
    try {
      logCountedBound = DesignationBound.raise(this, Double.NEGATIVE_INFINITY, steps, rng, COUNTED_MARGIN);
    } finally {
      weighMixed = false;
      walk.weighted = weighted;
      walk.countMixed = false;
    }
    countedBoundSkeleton = skeleton;
    countedBoundVersion = skeleton.version;
    countedBoundSteps = steps;
    return logCountedBound != Double.NEGATIVE_INFINITY;
  }
  private double logBound;
  private double logBijections;
  private Skeleton boundSkeleton;
  private int boundVersion = -1;
  private int boundSteps = -1;

  /**
   * Prepares the draws of {@code steps} steps of the current skeleton. When the walk meets a face-up card that tokens
   * of different allowed sets could be (a hand holding cards dealt before a void and cards drawn after it), which
   * token it was changes the posterior: draws then pick uniformly among the candidates and are accepted with
   * probability (choices x bijections) / bound, the bound being that product along the walk that always takes the
   * candidate with the fewest allowed cards (it leaves the widest tokens for what follows: the most completions
   * when, as for cards drawn one after another into a hand, the candidates' allowed sets are nested). A draw above
   * the bound declines the sample. False when the bound's walk finds no consistent draw.
   */
  private boolean bound(int steps) {
    if (boundSkeleton == skeleton && boundVersion == skeleton.version && boundSteps == steps) {
      return true;
    }
    // Its own random numbers (ties among equal candidates), so that a draw's numbers do not depend on the cache.
    SplittableRandom rng = new SplittableRandom(0xB0B0L + steps);
    weightedDraws = false;
    countableMixed = false;
    countedBoundSteps = -1;
    walk.weighted = true;
    walk.greedy = true;
    countFacts = options.exactFacts && faces == null && skeleton.facts.someAt(-1, steps)
        && !(refusedSkeleton == skeleton && refusedVersion == skeleton.version && refusedSteps == steps);
    countReveals = countFacts && options.exactReveals;
    walk.countSome = countFacts;
    drawSteps = steps;
    try {
      if (countReveals && countedBound(steps, rng)) {
        return true;
      }
      walk.countReveals = false;
      int boundAttempts = pairSteps >= 0 ? PAIR_BOUND_ATTEMPTS : 60;
      for (int attempt = 0; attempt < boundAttempts; attempt++) {
        // When the greedy walk finds no draw (the narrowest candidate can leave a later fact no token: generated game
        // -21737, asks shown), ordinary walks give the bound's start: then raised over every path without SOME facts
        // (ExactBound), measured with them (DesignationBound), as with counted facts before.
        walk.greedy = attempt < 20 && pairSteps < 0; // the pair assignment's weights are not the greedy walk's
        boolean walked = walk.runForDraw(skeleton, steps, rng) && !walk.ambiguous;
        weighMixed = walked && walk.mixed; // the draws weigh copies when the bound's walk is mixed
        boolean found = walked && assignTokens(rng);
        weighMixed = false;
        if (!found && countFacts && factsNotApplicable) {
          // The count does not cover this skeleton: designations and their measured bound, as before.
          stats.countFellBack.increment();
          countFacts = false;
          walk.countSome = false;
          continue;
        }
        if (found) {
          weightedDraws = walk.mixed || pairSteps >= 0;
          logBound = walk.logChoices + logBijections;
          countableMixed = weightedDraws && faces != null && countedMixedChoices && !countFacts;
          if (weightedDraws && (skeleton.facts.someAt(-1, steps) || pairSteps >= 0)) {
            // Designated SOME facts, or the pair assignment: the weight depends on the assignment drawn, not only on
            // the walk's path, so the bound is measured over draws (checked on every draw).
            weighMixed = true;
            try {
              if (pairSteps >= 0) {
                logBound = pairBound(logBound, steps, rng);
              } else {
                logBound = DesignationBound.raise(this, logBound, steps, rng);
              }
            } finally {
              weighMixed = false;
            }
          } else if (weightedDraws && options.exactBounds) {
            // The walk's bound is one path's weight: the largest over every path instead, where they are few enough.
            weighMixed = true;
            try {
              double exact = ExactBound.max(this, walk, steps, rng);
              if (Double.isNaN(exact)) {
                stats.exactBoundTooLarge.increment();
              } else {
                stats.exactBounds.increment();
                logBound = Math.max(logBound, exact);
              }
            } finally {
              weighMixed = false;
            }
          }
          boundSkeleton = skeleton;
          boundVersion = skeleton.version;
          boundSteps = steps;
          return !Double.isNaN(logBound);
        }
      }
      return false;
    } finally {
      walk.greedy = false;
      walk.weighted = false;
      walk.countSome = false;
      walk.countReveals = false;
    }
  }

  /**
   * The bound of counted reveals ({@link TokenWalk#countReveals}): not measured, the first counted choice's (or, for
   * a walk without one, a whole draw's weight), which is the same for every draw. False (the draws then take the
   * designations' path) when the count does not cover this skeleton or no walk reached a counted choice.
   */
  private boolean countedBound(int steps, SplittableRandom rng) {
    countCache.clear();
    walk.countReveals = true;
    walk.weighted = true;
    walk.greedy = false;
    for (int attempt = 0; attempt < 60; attempt++) {
      boolean found = walk.runForDraw(skeleton, steps, rng) && !walk.ambiguous;
      if (walk.countFailed) {
        break;
      }
      double first = walk.logFirst;
      if (Double.isNaN(first) && found) {
        found = assignTokens(rng);
        if (!found && factsNotApplicable) {
          break;
        }
        first = walk.logChoices + logBijections;
      }
      if (!Double.isNaN(first) && (found || !Double.isNaN(walk.logFirst))) {
        weightedDraws = true;
        logBound = first;
        pathBounded = false;
        if (options.pathBounds) {
          double paths = pathBound(steps);
          if (!Double.isNaN(paths)) {
            if (paths > first + 1e-9 * Math.max(1, Math.abs(first))) {
              throw new IllegalStateException("the path bound " + paths + " is above the proved bound " + first);
            }
            logBound = paths;
            pathBounded = true;
            stats.pathBounds.increment();
          } else {
            stats.pathBoundsDeclined.increment();
            if (walk.countFailed) {
              break; // a count the draws would need does not apply: the measured path, as below
            }
          }
        }
        boundSkeleton = skeleton;
        boundVersion = skeleton.version;
        boundSteps = steps;
        return true;
      }
    }
    stats.countFellBack.increment();
    countReveals = false;
    if (walk.countFailed || factsNotApplicable) {
      // The count does not reach this skeleton (too large): the designations' path, as without exactFacts, rather
      // than counted facts with uncounted reveals (measured on Go Fish: more declines than either).
      countFacts = false;
      walk.countSome = false;
    }
    return false;
  }

  /** The current bound is {@link #pathBound}'s (the draws' first counted choice is then not checked against it). */
  private boolean pathBounded;
  /** Walks {@link #pathBound} may take at most (each is a walk and a count). */
  static final int MAX_PATH_WALKS = 64;
  private int pathWalks;
  private double pathMax;
  private final int[] pathScript = new int[16];
  private final SplittableRandom pathRng = new SplittableRandom(0x9A7L);

  /**
   * The exact bound of the draws' weights with counted reveals: their maximum. A draw's weight is a function of the
   * classes its counted choices took (tokens of one class are alike in everything, so which of them was taken does
   * not change what follows), unless the walk took one of several tokens that are not alike elsewhere ({@link
   * TokenWalk#unalikeChoice}). So every sequence of classes is walked ({@link TokenWalk#script}, depth first) and the
   * largest weight is the bound: exact, and tight where the first counted choice's bound is not (that one counts
   * only the facts recorded by its step; the facts after it remove completions, and in Go Fish's three-player games
   * the draws' acceptance fell to e^-10 against it). NaN when a walk took an unalike choice, a count did not apply,
   * or more than {@link #MAX_PATH_WALKS} walks (or 16 counted choices) would be needed: the caller keeps the first
   * choice's bound.
   */
  private double pathBound(int steps) {
    pathWalks = 0;
    pathMax = Double.NEGATIVE_INFINITY;
    walk.script = pathScript;
    try {
      return explorePaths(steps, 0) && pathMax > Double.NEGATIVE_INFINITY ? pathMax : Double.NaN;
    } finally {
      walk.script = null;
    }
  }

  /** Walks the classes' sequences extending the script's first {@code depth}; false when the bound is not exact. */
  private boolean explorePaths(int steps, int depth) {
    if (++pathWalks > MAX_PATH_WALKS) {
      return false;
    }
    walk.startScript(depth);
    boolean found = walk.runForDraw(skeleton, steps, pathRng) && !walk.ambiguous;
    if (walk.countFailed || walk.unalikeChoice) {
      return false;
    }
    int classes = walk.nextClasses;
    if (classes == 0) {
      if (found) {
        found = assignTokens(pathRng);
        if (!found && factsNotApplicable) {
          return false;
        }
        if (found) {
          double w = walk.logChoices + logBijections;
          pathMax = options.brokenPathBound ? (pathMax == Double.NEGATIVE_INFINITY ? w : Math.min(pathMax, w))
              : Math.max(pathMax, w);
        }
      }
      return true;
    }
    if (depth == pathScript.length) {
      return false;
    }
    for (int c = 0; c < classes; c++) {
      pathScript[depth] = c;
      if (!explorePaths(steps, depth + 1)) {
        return false;
      }
    }
    return true;
  }

  /** The draws of the current bound count their reveal choices. */
  private boolean countReveals;

  /**
   * The draws of the current bound count their SOME facts ({@link FactAssignment}): the walk designates none, the
   * assignment meets them all and its count is the exact number of bijections that do, so the weights need no
   * designation term and the bound no measured raise.
   */
  private boolean countFacts;
  /** The last assignment was not drawn because the count does not cover its structure. */
  private boolean factsNotApplicable;
  /** The steps of the draws (facts up to it count). */
  private int drawSteps;
  private final FactAssignment factAssignment;
  /** Counted assignment scratch: per constraint its tokens, its cards ({@code words} longs each), its classes. */
  private long[] consTokens = new long[0];
  private long[] consCards = new long[0];
  private final long[] consClasses = new long[64];
  private final boolean[] consDropped = new boolean[64];
  /** Per class of the counted assignment, the constraints whose tokens hold its tokens. */
  private long[] classBits = new long[0];
  private long[] unpinnedTokens = new long[0];

  /**
   * {@link #assignTokens} when SOME facts are counted: each open SOME fact of the steps drawn (not met by a pinned
   * token) is a constraint on the unpinned tokens that were in its place at its step; one implied by another (fewer
   * tokens, fewer cards) is left out, exact since it holds whenever that one does. Classes are tokens of one allowed
   * set and one set of constraints; {@link FactAssignment} counts and draws. False when no assignment exists, or
   * ({@link #factsNotApplicable}) when the count does not apply.
   */
  private boolean assignWithFacts(SplittableRandom rng) {
    factsNotApplicable = false;
    int r = prepareFacts(Integer.MAX_VALUE);
    if (r != FactAssignment.OK) {
      stats.countInfeasible.increment();
      factsNotApplicable = r == FactAssignment.NOT_APPLICABLE;
      return false;
    }
    int k = factClasses;
    int cons = factConstraints;
    if (!factAssignment.sample(rng, classOfCard)) {
      return false;
    }
    stats.factsCounted.increment();
    if (cons >= 2) {
      stats.severalFactsCounted.increment();
    }
    double logB = Math.log(factAssignment.count());
    for (int j = 0; j < k; j++) {
      logB += logFactorial(classCap[j]);
    }
    logBijections = logB;
    lastWeighed = false;
    lastMixedWeighed = false;
    dealWithinClasses(k, rng);
    return true;
  }

  /** The classes and constraints of the last {@link #prepareFacts}. */
  private int factClasses;
  private int factConstraints;

  /**
   * The log of the number of bijections unknown cards -> unpinned tokens that respect the walk's allowed sets as they
   * stand and the open SOME facts among the walk's first {@code factLimit} facts ({@link FactAssignment}); -infinity
   * when there is none, NaN when the count does not apply. For the walk's reveal choices ({@link
   * TokenWalk#countReveals}).
   */
  double logCompletions(int factLimit) {
    int built = buildFacts(factLimit);
    if (built != FactAssignment.OK) {
      return built == FactAssignment.NOT_APPLICABLE ? Double.NaN : Double.NEGATIVE_INFINITY;
    }
    // The same problem comes back on many walks of one skeleton (the first counted choice on every walk): cached.
    int k = factClasses;
    int cons = factConstraints;
    long[] key = new long[1 + k * (words + 1) + cons * (words + 1) + words];
    int at = 0;
    key[at++] = (long) k << 32 | cons;
    System.arraycopy(classKey, 0, key, at, k * words);
    at += k * words;
    for (int j = 0; j < k; j++) {
      key[at++] = classCap[j];
    }
    System.arraycopy(consCards, 0, key, at, cons * words);
    at += cons * words;
    System.arraycopy(consClasses, 0, key, at, cons);
    at += cons;
    System.arraycopy(unknown, 0, key, at, words);
    CountKey ck = new CountKey(key);
    Double cached = countCache.get(ck);
    if (cached != null) {
      return cached;
    }
    int r = factAssignment.prepare(classKey, classCap, k, unknown, words, consCards, consClasses, cons);
    double logB;
    if (r == FactAssignment.NOT_APPLICABLE) {
      logB = Double.NaN;
    } else if (r != FactAssignment.OK) {
      logB = Double.NEGATIVE_INFINITY;
    } else {
      logB = Math.log(factAssignment.count());
      for (int j = 0; j < k; j++) {
        logB += logFactorial(classCap[j]);
      }
    }
    if (countCache.size() >= 1 << 15) {
      countCache.clear();
    }
    countCache.put(ck, logB);
    return logB;
  }

  /** A counted problem of {@link #logCompletions}, as its arrays laid end to end. */
  private record CountKey(long[] a) {
    @Override
    public boolean equals(Object o) {
      return o instanceof CountKey other && Arrays.equals(a, other.a);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(a);
    }
  }

  /** {@link #logCompletions}' counts by problem (cleared with each counted bound, and when large). */
  private final java.util.HashMap<CountKey, Double> countCache = new java.util.HashMap<>();

  /** {@link #buildFacts}, then {@link #factAssignment} prepared on it: OK, INFEASIBLE or NOT_APPLICABLE. */
  private int prepareFacts(int factLimit) {
    int r = buildFacts(factLimit);
    return r != FactAssignment.OK ? r
        : factAssignment.prepare(classKey, classCap, factClasses, unknown, words, consCards, consClasses,
            factConstraints);
  }

  /**
   * Builds the counted assignment of {@link #assignWithFacts} from the walk as it stands, with the SOME facts of the
   * steps drawn among the first {@code factLimit} facts (classes and constraints in {@link #factClasses}, {@link
   * #factConstraints}): {@link FactAssignment#OK}, INFEASIBLE (a fact with no token or card left) or NOT_APPLICABLE
   * (more than 64 open facts).
   */
  private int buildFacts(int factLimit) {
    for (int w = 0; w < words; w++) {
      unknown[w] = allCards[w] & ~walk.known[w];
    }
    if (consTokens.length < 64 * words) {
      consTokens = new long[64 * words];
      consCards = new long[64 * words];
      unpinnedTokens = new long[words];
      classBits = new long[cards];
    }
    Arrays.fill(unpinnedTokens, 0);
    for (int t = 0; t < cards; t++) {
      if (walk.pinnedCard[t] < 0) {
        CardSets.add(unpinnedTokens, 0, t);
      }
    }
    HandFacts f = skeleton.facts;
    int cons = 0;
    for (int i = 0; i < f.count && i < factLimit && f.step[i] <= drawSteps; i++) {
      int fm = i * words;
      if (f.kind[i] != HandFacts.SOME || CardSets.isEmpty(f.open, fm, words)) {
        continue;
      }
      boolean held = false;
      for (int t = CardSets.first(f.tokens, fm, words); t >= 0 && !held; t = CardSets.next(f.tokens, fm, words, t)) {
        held = walk.pinnedCard[t] >= 0 && f.holds(i, walk.pinnedCard[t]);
      }
      if (held) {
        continue;
      }
      if (cons == 64) {
        return FactAssignment.NOT_APPLICABLE;
      }
      for (int w = 0; w < words; w++) {
        consTokens[cons * words + w] = f.tokens[fm + w] & unpinnedTokens[w];
        consCards[cons * words + w] = f.mask[fm + w] & unknown[w];
      }
      if (CardSets.isEmpty(consTokens, cons * words, words) || CardSets.isEmpty(consCards, cons * words, words)) {
        return FactAssignment.INFEASIBLE;
      }
      cons++;
    }
    // Constraint i is implied by j when j's tokens and cards are within i's (of two equal ones, the later goes).
    int kept = 0;
    for (int i = 0; i < cons; i++) {
      consDropped[i] = false;
      for (int j = 0; j < cons && !consDropped[i]; j++) {
        if (j == i || j < i && consDropped[j]) {
          continue;
        }
        boolean within = true;
        boolean equal = true;
        for (int w = 0; w < words && within; w++) {
          long tj = consTokens[j * words + w];
          long ti = consTokens[i * words + w];
          long cj = consCards[j * words + w];
          long ci = consCards[i * words + w];
          within = (tj & ~ti) == 0 && (cj & ~ci) == 0;
          equal &= tj == ti && cj == ci;
        }
        consDropped[i] = within && (!equal || j < i);
      }
      if (!consDropped[i]) {
        // Compact: kept constraints first.
        System.arraycopy(consTokens, i * words, consTokens, kept * words, words);
        System.arraycopy(consCards, i * words, consCards, kept * words, words);
        kept++;
      }
    }
    cons = kept;
    int k = 0;
    for (int t = 0; t < cards; t++) {
      if (walk.pinnedCard[t] >= 0) {
        cardOfToken[t] = walk.pinnedCard[t];
        classOfToken[t] = -1;
        continue;
      }
      long bits = 0;
      for (int i = 0; i < cons; i++) {
        if (CardSets.has(consTokens, i * words, t)) {
          bits |= 1L << i;
        }
      }
      for (int w = 0; w < words; w++) {
        keyScratch[w] = walk.allowed[t * words + w] & unknown[w];
      }
      int j = 0;
      while (j < k && !(classBits[j] == bits && sets.equal(classKey, j * words, keyScratch, 0))) {
        j++;
      }
      if (j == k) {
        sets.copy(keyScratch, 0, classKey, k * words);
        classCap[k] = 0;
        classBits[k] = bits;
        k++;
      }
      classCap[j]++;
      classOfToken[t] = j;
    }
    if (options.largestClassLast) {
      // The largest class (the stock) last: FactAssignment enumerates a type's split class by class, the last class
      // taking what is left, so the stock then ends every split instead of leaving small classes to fill.
      int big = 0;
      for (int j = 1; j < k; j++) {
        big = classCap[j] > classCap[big] ? j : big;
      }
      int last = k - 1;
      if (big != last) {
        for (int w = 0; w < words; w++) {
          long x = classKey[big * words + w];
          classKey[big * words + w] = classKey[last * words + w];
          classKey[last * words + w] = x;
        }
        int c0 = classCap[big];
        classCap[big] = classCap[last];
        classCap[last] = c0;
        long b0 = classBits[big];
        classBits[big] = classBits[last];
        classBits[last] = b0;
        for (int t = 0; t < cards; t++) {
          classOfToken[t] = classOfToken[t] == big ? last : classOfToken[t] == last ? big : classOfToken[t];
        }
      }
    }
    for (int i = 0; i < cons; i++) {
      consClasses[i] = 0;
      for (int j = 0; j < k; j++) {
        if ((classBits[j] >>> i & 1) != 0) {
          consClasses[i] |= 1L << j;
        }
      }
    }
    factClasses = k;
    factConstraints = cons;
    return FactAssignment.OK;
  }

  /**
   * One weighted draw's log weight (log of walk choices times bijections, over the designations of SOME facts), or
   * NaN when the walk or assignment fails; for {@link DesignationBound}.
   */
  double logWeightOfADraw(int steps, SplittableRandom rng) {
    boolean greedy = walk.greedy;
    walk.greedy = false;
    try {
      if (!walk.runForDraw(skeleton, steps, rng) || walk.ambiguous || !assignTokens(rng)) {
        return Double.NaN;
      }
      return walk.logChoices + logBijections
          - (countFacts || !options.weighDesignations ? 0 : skeleton.facts.logDesignations(steps, cardOfToken));
    } finally {
      walk.greedy = greedy;
    }
  }

  /** The counts of {@link #logOpenCompletions} (its own, so that the draw's assignment keeps its tables). */
  private final UniformAssignment mixedCount = new UniformAssignment();

  /**
   * The log of the number of bijections unknown cards -> unpinned tokens that respect the walk's allowed sets as they
   * stand, unweighted, with classes and face classes as {@link #assignTokens} makes them; -infinity when there is
   * none, NaN when the program is too large. For the walk's counted mixed choices ({@link TokenWalk#countMixed}).
   */
  double logOpenCompletions() {
    for (int w = 0; w < words; w++) {
      unknown[w] = allCards[w] & ~walk.known[w];
    }
    int unknownCount = sets.count(unknown, 0);
    boolean weighing = copyWeighing;
    copyWeighing = false; // faceClasses reads it: no class here is a weighted one
    try {
      int k = 0;
      for (int t = 0; t < cards; t++) {
        if (walk.pinnedCard[t] >= 0) {
          classOfToken[t] = -1;
          continue;
        }
        for (int w = 0; w < words; w++) {
          keyScratch[w] = walk.allowed[t * words + w] & unknown[w];
        }
        int j = 0;
        while (j < k && !sets.equal(classKey, j * words, keyScratch, 0)) {
          j++;
        }
        if (j == k) {
          sets.copy(keyScratch, 0, classKey, k * words);
          classCap[k] = 0;
          classHome[k] = -1;
          k++;
        }
        classCap[j]++;
        classOfToken[t] = j;
      }
      if (k == 0) {
        return unknownCount == 0 ? 0 : Double.NEGATIVE_INFINITY;
      }
      if (k == 1 && sets.equal(classKey, 0, unknown, 0) && classCap[0] == unknownCount) {
        return logFactorial(classCap[0]);
      }
      sortClasses(k);
      // The count is a function of the sorted classes and the unknown cards; many walks of one observation meet the
      // same problems (every pilot and draw passes the same early choices), so it is kept.
      long[] key = new long[k * words + k + words];
      System.arraycopy(classKey, 0, key, 0, k * words);
      for (int j = 0; j < k; j++) {
        key[k * words + j] = classCap[j];
      }
      System.arraycopy(unknown, 0, key, k * words + k, words);
      CountKey ck = new CountKey(key);
      Double cached = mixedCountCache.get(ck);
      if (cached != null) {
        return cached;
      }
      double logB = countSorted(k);
      if (mixedCountCache.size() >= 1 << 15) {
        mixedCountCache.clear();
      }
      mixedCountCache.put(ck, logB);
      return logB;
    } finally {
      copyWeighing = weighing;
    }
  }

  /** {@link #logOpenCompletions}' counts by problem (cleared when large). */
  private final java.util.HashMap<CountKey, Double> mixedCountCache = new java.util.HashMap<>();

  /** {@link #logOpenCompletions} of the k sorted classes. */
  private double countSorted(int k) {
    boolean faceSplit = faces != null && faceClasses(k);
    long[] from = faceSplit ? openUnknown : unknown;
    int open = 0;
    if (openKeys.length < cards * words) {
      openKeys = new long[cards * words];
      openCaps = new int[cards];
      openClassOfCard = new int[cards];
    }
    double logB = faceSplit ? logFaceSeats : 0;
    for (int j = 0; j < k; j++) {
      if (faceSplit && classFace[j] >= 0) {
        continue;
      }
      for (int w = 0; w < words; w++) {
        openKeys[open * words + w] = classKey[j * words + w] & from[w];
      }
      openCaps[open] = classCap[j];
      logB += logFactorial(classCap[j]);
      open++;
    }
    if (open == 0) {
      return sets.count(from, 0) == 0 ? logB : Double.NEGATIVE_INFINITY;
    }
    if (!mixedCount.prepare(openKeys, openCaps, open, from, words)) {
      return Double.NEGATIVE_INFINITY;
    }
    double count = mixedCount.weightedCount();
    return Double.isNaN(count) ? Double.NaN : logB + Math.log(count);
  }

  /** Per skeleton move, its card ({@link TokenWalk#cardsOfMoves}); moveIndex is i at i, for the replay. */
  private int[] moveCard = new int[0];
  private int[] moveIndex = new int[0];

  /** Grows {@link #moveCard} and {@link #moveIndex} to hold {@code moves} moves (amortised: doubles). */
  private void holdMoves(int moves) {
    if (moveCard.length < moves) {
      moveCard = new int[Math.max(moves, moveCard.length * 2)];
      moveIndex = new int[moveCard.length];
      for (int i = 0; i < moveIndex.length; i++) {
        moveIndex[i] = i;
      }
    }
  }

  /** The card of each skeleton move of the first {@code steps} steps, from the walk and the tokens' cards. */
  private boolean cardsOfMoves(int steps, SplittableRandom rng) {
    int moves = skeleton.stepStart[steps];
    holdMoves(moves);
    return walk.cardsOfMoves(moves, cardOfToken, moveCard, rng);
  }

  /** Gives each unpinned token a card: a uniform bijection respecting every token's allowed set. */
  private boolean assignTokens(SplittableRandom rng) {
    if (walk.countSome) {
      return assignWithFacts(rng);
    }
    if (pairSteps >= 0) {
      return assignPairs(rng);
    }
    for (int w = 0; w < words; w++) {
      unknown[w] = allCards[w] & ~walk.known[w];
    }
    int unknownCount = sets.count(unknown, 0);
    copyWeighing = weighMixed && !weighOpen && mixedWeights != null && mixedWeights.places != 0;
    if (copyWeighing) {
      mixedWeights.drawn(walk);
    }
    if (weighOpen) {
      // A token narrowed to one face (or pinned) still in a weighted place would count in k without being a class's:
      // not weighted then (the replay rejects those copies as before).
      for (int t = 0; t < cards && weighOpen; t++) {
        int x = walk.pos[t];
        if (x < 64 && (hiddenWeighted >>> x & 1) != 0 && (walk.pinnedCard[t] >= 0 || oneFace(t))) {
          weighOpen = false;
        }
      }
    }
    if (copyWeighing) {
      for (int t = 0; t < cards; t++) {
        int x = walk.pos[t];
        if (walk.pinnedCard[t] < 0 && x < 64 && (mixedWeights.places >>> x & 1) != 0 && oneFace(t)) {
          int c = CardSets.first(walk.allowed, t * words, words);
          while (c >= 0 && !CardSets.has(unknown, 0, c)) {
            c = CardSets.next(walk.allowed, t * words, words, c);
          }
          if (c >= 0) {
            mixedWeights.knownFace(walk, t, faces[c]);
          }
        }
      }
    }
    int k = 0;
    for (int t = 0; t < cards; t++) {
      if (walk.pinnedCard[t] >= 0) {
        cardOfToken[t] = walk.pinnedCard[t];
        classOfToken[t] = -1;
        continue;
      }
      for (int w = 0; w < words; w++) {
        keyScratch[w] = walk.allowed[t * words + w] & unknown[w];
      }
      int home = weighOpen && walk.pos[t] < 64 && (hiddenWeighted >>> walk.pos[t] & 1) != 0 ? walk.pos[t] : -1;
      if (copyWeighing) {
        home = oneFace(t) ? -1 : mixedWeights.home(walk, t);
      }
      int j = 0;
      while (j < k && !(classHome[j] == home && sets.equal(classKey, j * words, keyScratch, 0))) {
        j++;
      }
      if (j == k) {
        sets.copy(keyScratch, 0, classKey, k * words);
        classCap[k] = 0;
        classHome[k] = home;
        k++;
      }
      classCap[j]++;
      classOfToken[t] = j;
    }
    // Weighed: every play out of a weighted place is relabelled (a place without open tokens left has k known).
    lastWeighed = weighOpen;
    lastMixedWeighed = copyWeighing;
    if (k == 1 && classHome[0] < 0 && sets.equal(classKey, 0, unknown, 0) && classCap[0] == unknownCount) {
      // One class that may hold every unknown card (no voids yet): no tables to count bijections with.
      for (int c = sets.first(unknown, 0); c >= 0; c = sets.next(unknown, 0, c)) {
        classOfCard[c] = 0;
      }
      logBijections = logFactorial(classCap[0]);
      if (copyWeighing && !brokenFaceWeights) {
        logBijections += mixedWeights.logConstant(); // no open token weighted, but the known ones' constant stays
      }
    } else {
      sortClasses(k);
      if (faces != null && faceClasses(k)) {
        // Copies: the classes narrowed to one face's copies take theirs first (see faceClasses), the others share
        // the rest.
        if (!assignOpen(k, openUnknown, rng)) {
          return false;
        }
      } else if (!assignOpen(k, unknown, rng)) {
        return false;
      }
    }
    dealWithinClasses(k, rng);
    if (faces != null && faceClassesUsed && !brokenCopies) {
      permuteCopies(rng);
    }
    return true;
  }

  /** For tests: leave out the permutation of copies (a sampler broken on purpose). */
  boolean brokenCopies;

  /** Whether the last assignment split off the face classes (then its copies are permuted at random). */
  private boolean faceClassesUsed;

  /**
   * With identical copies: whether the k (sorted) classes split into face classes — a class whose key is exactly
   * the unknown copies of one face, at most one per face (tokens seen face up, narrowed to that face's copies) — and
   * open classes whose keys each hold all unknown copies of a face or none. Then every class is closed under
   * permuting the unknown copies of a face, and so is the set of bijections: the face classes take the lowest
   * copies of their face (in classOfCard, their tokens seated at random later), the open classes share the rest
   * (openUnknown) by the exact draw, and a uniform permutation of each face's unknown copies, applied to the whole
   * assignment ({@link #permuteCopies}), makes the bijection uniform again. The number of bijections is the
   * product, over face classes, of the ways to seat cap of the face's r unknown copies (r!/(r-cap)!), times the open
   * classes' count. This keeps the dynamic program small on decks with many faces seen (a class per face).
   */
  private boolean faceClasses(int k) {
    faceClassesUsed = false;
    int faceCount = 0;
    for (int j = 0; j < k; j++) {
      int first = CardSets.first(classKey, j * words, words);
      int f = first < 0 ? -1 : faces[first];
      boolean one = f >= 0 && !(copyWeighing && classHome[j] >= 64);
      if (one) {
        // The key is exactly the unknown copies of face f.
        for (int c = f; c < cards && faces[c] == f; c++) {
          one &= CardSets.has(classKey, j * words, c) == CardSets.has(unknown, 0, c);
        }
        for (int c = CardSets.first(classKey, j * words, words); c >= 0 && one;
            c = CardSets.next(classKey, j * words, words, c)) {
          one &= faces[c] == f;
        }
      }
      classFace[j] = one ? f : -1;
      if (classFace[j] >= 0) {
        for (int i = 0; i < j; i++) {
          if (classFace[i] == classFace[j]) {
            return false;
          }
        }
        faceCount++;
      }
    }
    if (faceCount == 0) {
      return false;
    }
    // Open keys must hold all unknown copies of a face or none.
    for (int j = 0; j < k; j++) {
      if (classFace[j] >= 0) {
        continue;
      }
      for (int c = CardSets.first(unknown, 0, words); c >= 0; c = CardSets.next(unknown, 0, words, c)) {
        if (faces[c] != c) {
          continue;
        }
        boolean some = false;
        boolean all = true;
        for (int d = c; d < cards && faces[d] == c; d++) {
          if (CardSets.has(unknown, 0, d)) {
            boolean in = CardSets.has(classKey, j * words, d);
            some |= in;
            all &= in;
          }
        }
        if (some && !all) {
          return false;
        }
      }
    }
    // Each face class takes the lowest cap unknown copies of its face.
    System.arraycopy(unknown, 0, openUnknown, 0, words);
    double logSeat = 0;
    for (int j = 0; j < k; j++) {
      int f = classFace[j];
      if (f < 0) {
        continue;
      }
      int r = 0;
      int taken = 0;
      for (int c = f; c < cards && faces[c] == f; c++) {
        if (CardSets.has(unknown, 0, c)) {
          r++;
          if (taken < classCap[j]) {
            classOfCard[c] = j;
            CardSets.remove(openUnknown, 0, c);
            taken++;
          }
        }
      }
      if (taken < classCap[j]) {
        return false;
      }
      logSeat += logFactorial(r) - logFactorial(r - classCap[j]);
    }
    faceClassesUsed = true;
    logFaceSeats = logSeat;
    return true;
  }

  private double logFaceSeats;

  /**
   * Draws the open classes' cards (every class when no face class was split off) from {@code cards} by the exact
   * draw of {@link UniformAssignment}; sets {@link #logBijections}. False when none exists.
   */
  private boolean assignOpen(int k, long[] from, SplittableRandom rng) {
    int open = 0;
    for (int j = 0; j < k; j++) {
      if (!faceClassesUsed || classFace[j] < 0) {
        classRank[open] = j; // reused as scratch: open class i is class classRank[i]
        open++;
      }
    }
    double logB;
    if (open == 0) {
      logB = 0;
    } else {
      if (openKeys.length < cards * words) {
        openKeys = new long[cards * words];
        openCaps = new int[cards];
        openClassOfCard = new int[cards];
      }
      long[] keys = openKeys;
      int[] caps = openCaps;
      for (int i = 0; i < open; i++) {
        int j = classRank[i];
        for (int w = 0; w < words; w++) {
          keys[i * words + w] = classKey[j * words + w] & from[w];
        }
        caps[i] = classCap[j];
      }
      double[][] weights = null;
      if (weighOpen || copyWeighing) {
        if (openWeights.length < cards) {
          openWeights = new double[cards][];
        }
        for (int i = 0; i < open; i++) {
          int home = classHome[classRank[i]];
          openWeights[i] = home < 0 || brokenFaceWeights ? null
              : copyWeighing ? mixedWeights.weights(home) : placeWeights[home];
        }
        weights = openWeights;
      }
      if (!assignment.prepare(keys, caps, open, from, words, weights == null ? null : faces, weights, copyCap)) {
        return false;
      }
      boolean weightAfter = false;
      if (copyWeighing && Double.isNaN(assignment.weightedCount())) {
        // Too large a program with one type per face: a uniform bijection instead, its weight (MixedFaceWeights)
        // taken into the acceptance below; an accepted draw has the same probability as by the weighted program.
        if (!assignment.prepare(keys, caps, open, from, words)) {
          return false;
        }
        weightAfter = true;
      }
      if (!assignment.sample(rng, openClassOfCard)) {
        return false;
      }
      for (int c = CardSets.first(from, 0, words); c >= 0; c = CardSets.next(from, 0, words, c)) {
        classOfCard[c] = classRank[openClassOfCard[c]];
      }
      // The bijections: the weighted tables times the ways to seat each class's cards on its tokens.
      logB = Math.log(assignment.weightedCount());
      for (int i = 0; i < open; i++) {
        logB += logFactorial(caps[i]);
      }
      if (weightAfter) {
        logB += logWeightOf(open, from, weights);
      }
    }
    logBijections = faceClassesUsed ? logB + logFaceSeats : logB;
    if (copyWeighing && !brokenFaceWeights) {
      logBijections += mixedWeights.logConstant();
    }
    return true;
  }

  private double[][] openWeights = new double[0][];

  /** The log of the weight of the open classes' cards just drawn (openClassOfCard) by their weights per face. */
  private double logWeightOf(int open, long[] from, double[][] weights) {
    double logW = 0;
    for (int i = 0; i < open; i++) {
      double[] w = weights[i];
      if (w == null) {
        continue;
      }
      for (int c = 0; c < cards; c++) {
        if (faces[c] != c) {
          continue; // face by face, from its first copy
        }
        int a = 0;
        for (int d = c; d < cards && faces[d] == c; d++) {
          if (CardSets.has(from, 0, d) && openClassOfCard[d] == i) {
            a++;
          }
        }
        logW += Math.log(w[c * (copyCap + 1) + a]);
      }
    }
    return logW;
  }

  /** Whether token t's allowed unknown cards are copies of one face. */
  private boolean oneFace(int t) {
    int f = -1;
    for (int c = CardSets.first(walk.allowed, t * words, words); c >= 0;
        c = CardSets.next(walk.allowed, t * words, words, c)) {
      if (CardSets.has(unknown, 0, c)) {
        if (f >= 0 && faces[c] != f) {
          return false;
        }
        f = faces[c];
      }
    }
    return true;
  }

  // ------------------------------------------------------------ face weights
  /**
   * Face weights: the rules move the lowest copy of a face a player may move, so a draw that gave the played token
   * another copy of that face in the same place is not itself a history, but the same draw with the two copies'
   * futures swapped is (the replay relabels them: {@link HistoryBuilder#relabel}). Relabelling makes each history
   * the image of k draws at each such play, k the number of copies of the face in that place then; the draws are
   * therefore weighted by 1/k per play, inside the exact assignment, so that relabelling stays exact:
   *
   * <ul>
   *   <li>a play out of a place the observer sees: k is the same in every consistent history (the observer sees
   *       every card there), a constant factor: relabelled, no weight ({@link #relabelSeen});
   *   <li>a face-up play out of a hidden place x, when no card entered x after x's first such play and every card
   *       leaving x since then left face up: the tokens in x at a play are those still there (the open ones, which
   *       the assignment draws, one class per such place) and those that left it later, face up; so k = q + r,
   *       q the copies of the face seen leaving x at or after the play (or narrowed to it and still there), r the
   *       open tokens of x given that face. The weight of giving r copies of face f to x's open tokens is
   *       prod over the plays of f out of x of 1/(q + r) ({@link #placeWeights}), a per-(class, face) weight the
   *       assignment's dynamic program takes exactly ({@link UniformAssignment}).
   * </ul>
   * Elsewhere (a card drawn into x after a play, a hidden move out of x, a walk of mixed candidates) the replay keeps
   * the old rule: a draw whose copy is not the one the rules move is rejected (exact too, only slower).
   */
  private long hiddenWeighted;
  /** Per place instance, per face f and r: the weight at index f * (copyCap + 1) + r; null when not weighted. */
  private double[][] placeWeights = new double[64][];
  private int copyCap;
  private boolean[] relabelSeen = new boolean[0];
  private boolean[] relabelHidden = new boolean[0];
  /** Whether the assignment being made weighs the open classes of {@link #hiddenWeighted} places. */
  private boolean weighOpen;
  /** Whether the last assignment did weigh some class (then the hidden plays may be relabelled). */
  private boolean lastWeighed;
  /** For tests: relabel hidden plays without their weights (a sampler broken on purpose). */
  boolean brokenFaceWeights;
  private Skeleton weightSkeleton;
  private int weightVersion = -1;
  private int weightSteps = -1;
  /** Per class of the assignment: the place its tokens are in when it is weighted, else -1. */
  private int[] classHome;
  /** Face weights of weighted draws ({@link MixedFaceWeights}); null without copies. */
  private MixedFaceWeights mixedWeights;
  /** Whether the assignment being made may weigh copies by {@link #mixedWeights} (a weighted draw or its bound). */
  private boolean weighMixed;
  /** Whether the assignment being made does (then its class homes are MixedFaceWeights' codes). */
  private boolean copyWeighing;
  /** Whether the last assignment did (then the draw is replayed with MixedFaceWeights' relabelling). */
  private boolean lastMixedWeighed;
  /** {@link CardSampler#countedMixedChoices}. */
  boolean countedMixedChoices = true;
  /** For tests: {@link TokenWalk#brokenMixedCounts} (a sampler broken on purpose). */
  boolean brokenMixedCounts;
  /** For tests: {@link MixedFaceWeights#brokenArrivals} (a sampler broken on purpose). */
  boolean brokenArrivals;

  private void faceWeights(int steps, int observer) {
    if (faces == null) {
      hiddenWeighted = 0;
      relabelSeen = null;
      relabelHidden = null;
      return;
    }
    if (weightSkeleton == skeleton && weightVersion == skeleton.version && weightSteps == steps) {
      return;
    }
    weightSkeleton = skeleton;
    weightVersion = skeleton.version;
    weightSteps = steps;
    int moves = skeleton.stepStart[steps];
    if (relabelSeen == null || relabelSeen.length < moves) {
      relabelSeen = new boolean[Math.max(moves, 64)];
      relabelHidden = new boolean[relabelSeen.length];
    }
    Arrays.fill(relabelSeen, false);
    Arrays.fill(relabelHidden, false);
    if (copyCap == 0) {
      for (int c = 0; c < cards; c++) {
        copyCap = Math.max(copyCap, c - faces[c] + 1);
      }
    }
    // Per place: the first face-up play out of it (hidden), and whether the conditions hold.
    long playedFrom = 0;
    long broken = 0;
    int[] firstPlay = new int[64];
    Arrays.fill(firstPlay, -1);
    for (int t = 0; t < steps; t++) {
      for (int i = skeleton.stepStart[t]; i < skeleton.stepStart[t + 1]; i++) {
        int x = skeleton.from[i];
        int y = skeleton.to[i];
        int c = skeleton.card[i];
        if (y < 64 && (playedFrom >>> y & 1) != 0 && y != x) {
          broken |= 1L << y; // a card entered y after a play out of it
        }
        if (x >= 64 || x == y) {
          continue;
        }
        boolean seen = (visibleMask[x] & 1 << observer) != 0;
        boolean copiedCard = c >= 0 && c + 1 < cards && faces[c + 1] == faces[c];
        if (seen) {
          relabelSeen[i] = copiedCard && !skeleton.chance[t];
          relabelHidden[i] = relabelSeen[i];
          continue;
        }
        if ((playedFrom >>> x & 1) != 0 && (c < 0 || skeleton.chance[t])) {
          broken |= 1L << x; // a hidden move out of x after a play out of it
        }
        if (c >= 0 && !skeleton.chance[t]) {
          if ((playedFrom >>> x & 1) == 0) {
            firstPlay[x] = i;
          }
          playedFrom |= 1L << x;
          relabelHidden[i] = copiedCard;
        }
      }
    }
    // A place whose top the rules read gives its top card, not the lowest copy: its plays are neither relabelled
    // (HistoryBuilder) nor weighted, the walk follows its order.
    broken |= options.brokenOrderedRelabel ? 0 : ordered;
    hiddenWeighted = playedFrom & ~broken;
    for (int i = 0; i < moves; i++) {
      int x = skeleton.from[i];
      if (x < 64 && (broken >>> x & 1) != 0 && (visibleMask[x] & 1 << observer) == 0) {
        relabelHidden[i] = false;
      }
    }
    // The weights: per weighted place, per play of a face f out of it, q = the copies of f seen leaving x at or after
    // the play; factor 1/(q + r) for r = 0..copyCap.
    for (int x = 0; x < 64; x++) {
      if ((hiddenWeighted >>> x & 1) == 0) {
        placeWeights[x] = null;
        continue;
      }
      double[] w = new double[cards * (copyCap + 1)];
      Arrays.fill(w, 1.0);
      for (int i = firstPlay[x]; i < moves; i++) {
        int c = skeleton.card[i];
        if (skeleton.from[i] != x || skeleton.to[i] == x || c < 0) {
          continue;
        }
        int f = faces[c];
        int q = 0;
        for (int j = i; j < moves; j++) {
          if (skeleton.from[j] == x && skeleton.to[j] != x && skeleton.card[j] >= 0 && faces[skeleton.card[j]] == f) {
            q++;
          }
        }
        for (int r = 0; r <= copyCap; r++) {
          w[f * (copyCap + 1) + r] /= q + r;
        }
      }
      placeWeights[x] = w;
    }
    if (mixedWeights == null) {
      mixedWeights = new MixedFaceWeights(cards, faces, copyCap);
    }
    long seen = 0;
    for (int x = 0; x < 64 && x < visibleMask.length; x++) {
      if ((visibleMask[x] & 1 << observer) != 0) {
        seen |= 1L << x;
      }
    }
    mixedWeights.brokenArrivals = brokenArrivals;
    // Ordered places are not weighted (above).
    mixedWeights.prepare(skeleton, steps, seen | (options.brokenOrderedRelabel ? 0 : ordered), relabelSeen);
  }

  private long[] openKeys = new long[0];
  private int[] openCaps = new int[0];
  private int[] openClassOfCard = new int[0];

  /** A uniform permutation of each face's unknown copies, applied to the cards of the unpinned tokens. */
  private void permuteCopies(SplittableRandom rng) {
    // copyList[c]: the copy card c becomes (c unknown); built face by face.
    if (shuffledCopies.length < cards) {
      shuffledCopies = new int[cards];
      sortedCopies = new int[cards];
    }
    for (int f = 0; f < cards; f++) {
      if (faces[f] != f) {
        continue;
      }
      int n = 0;
      for (int c = f; c < cards && faces[c] == f; c++) {
        if (CardSets.has(unknown, 0, c)) {
          shuffledCopies[n++] = c;
        }
      }
      if (n < 2) {
        if (n == 1) {
          copyList[shuffledCopies[0]] = shuffledCopies[0];
        }
        continue;
      }
      System.arraycopy(shuffledCopies, 0, sortedCopies, 0, n);
      UniformAssignment.shuffle(shuffledCopies, n, rng);
      for (int i = 0; i < n; i++) {
        copyList[sortedCopies[i]] = shuffledCopies[i];
      }
    }
    for (int t = 0; t < cards; t++) {
      if (classOfToken[t] >= 0) {
        cardOfToken[t] = copyList[cardOfToken[t]];
      }
    }
  }

  private int[] shuffledCopies = new int[0];
  private int[] sortedCopies = new int[0];

  private static double logFactorial(int n) {
    double v = 0;
    for (int i = 2; i <= n; i++) {
      v += Math.log(i);
    }
    return v;
  }

  private int classOrder(int a, int b) {
    int c = CardSets.compare(classKey, a * words, classKey, b * words, words);
    return c != 0 ? c : Integer.compare(classHome[a], classHome[b]);
  }

  /**
   * Puts the k classes in order of their keys (and renumbers the tokens' classes): the walk meets them in an order
   * that changes from draw to draw, and the assignment's tables are reused only for the same classes in the same
   * order.
   */
  private void sortClasses(int k) {
    for (int j = 0; j < k; j++) {
      classRank[j] = j;
    }
    for (int i = 1; i < k; i++) {
      for (int j = i; j > 0 && classOrder(j - 1, j) > 0; j--) {
        int h = classHome[j];
        classHome[j] = classHome[j - 1];
        classHome[j - 1] = h;
        for (int w = 0; w < words; w++) {
          long key = classKey[j * words + w];
          classKey[j * words + w] = classKey[(j - 1) * words + w];
          classKey[(j - 1) * words + w] = key;
        }
        int cap = classCap[j];
        classCap[j] = classCap[j - 1];
        classCap[j - 1] = cap;
        int r = classRank[j];
        classRank[j] = classRank[j - 1];
        classRank[j - 1] = r;
      }
    }
    for (int j = 0; j < k; j++) {
      classAt[classRank[j]] = j;
    }
    for (int t = 0; t < cards; t++) {
      if (classOfToken[t] >= 0) {
        classOfToken[t] = classAt[classOfToken[t]];
      }
    }
  }

  // ---------------------------------------------------------------- analysis

  /** Makes the analysis cover the observation; false when it cannot (the sampler then declines). */
  boolean prepare(Observation obs) {
    if (obs.role() < 0 || obs.role() >= players) {
      return false;
    }
    if (skeleton == null || skeleton.observer != obs.role() || !extendsBasis(obs)) {
      reset(obs.role());
    }
    walk.countSome = false; // draws only (the analysis designates)
    walk.countReveals = false;
    walk.countMixed = false;
    if (failed) {
      return false;
    }
    if (done < obs.length()) {
      while (done < obs.length()) {
        if (!advance(obs)) {
          failed = true;
          stats.analysisFailures.increment();
          return false;
        }
      }
      if (faces == null && skeleton.facts.count > 0) {
        skeleton.narrowSomeFacts();
      }
      basisCopy = obs.copy();
    }
    basis = obs;
    return true;
  }

  private boolean extendsBasis(Observation obs) {
    if (obs.length() < done) {
      return false;
    }
    if (obs == basis) {
      return true; // observations only grow
    }
    if (basisCopy == null || basisCopy.length() < done) {
      // No copy of the steps analysed (a failed analysis stops before copying): start again rather than compare.
      return done == 0;
    }
    for (int t = 0; t < done; t++) {
      if (obs.move(t) != basisCopy.move(t) || !Arrays.equals(obs.percepts(t), basisCopy.percepts(t))) {
        return false;
      }
    }
    return true;
  }

  private void reset(int observer) {
    skeleton = new Skeleton(observer, words);
    walk = new TokenWalk(initialPlaces, words, visibleMask, observer, cards, ordered, faces, options);
    walk.stats = stats;
    walk.revealCounter = this::logCompletions;
    walk.mixedCounter = this::logOpenCompletions;
    walk.brokenMixedCounts = brokenMixedCounts;
    walk.topShown = OrderedPlaces.topShown(game);
    basis = null;
    basisCopy = null;
    done = 0;
    failed = false;
    witness = game.initialState();
    witnessCardsKnown = true;
    swapCalls = 0;
    pairFacts.clear();
    stats.analyses.increment();
  }

  /** Adds step {@code done} to the skeleton, redrawing the witness as needed. */
  private boolean advance(Observation obs) {
    int t = done;
    int o = obs.role();
    facts.learn(witness, obs, t, skeleton); // a scan of the step's percepts unless it tells a word
    boolean searched = false;
    stepPairRedraws = 0;
    for (int redraw = 0; redraw <= WITNESS_REDRAWS; redraw++) {
      if (extendWitness(obs, t)) {
        if (!skeleton.probed(t)) {
          probeMatched(obs, t);
        }
        stats.droppedProbes.add(skeleton.dropContradicted(t, witness));
        int[] raw = new int[percepts.size(o)];
        for (int i = 0; i < raw.length; i++) {
          raw[i] = percepts.get(o, i);
        }
        skeleton.addStep(raw);
        markOrder(t);
        nameOwnCard(obs, t);
        recordWitnessCards(t);
        if (options.hiddenMoveSets) {
          stats.hiddenMoveFacts.add(hiddenMoveFacts.learn(witness, ext, joint, t, skeleton));
        }
        if (faces == null) {
          pairFacts.learn(witness, joint, o, t);
        }
        markCardChosen(o, t);
        LudState s = witness;
        witness = ext;
        ext = s;
        done++;
        return true;
      }
      stats.witnessRedraws.increment();
      if ((redraw == WITNESS_REDRAWS || stepPairRedraws > pairRedrawBudget) && !searched) {
        // Also once the step's "no pair" redraws pass their budget: late in Old Maid a step's 400 witness redraws
        // made up to 650,000 of them (40-160 s) and still needed the search; no call the sampler answered there made
        // more than 49,216 (SamplerHarness#oldMaidCalls, seed 1).
        searched = true;
        if (searchWitness(obs, t)) {
          redraw--; // the search left a witness that step t follows: the next pass extends it
          continue;
        }
      }
      boolean pinsHold = collectPins(obs, t);
      if (pinsHold && skeleton.voidPlace(t) < 0) {
        probeUnmatched(obs, t);
      }
      builder.relabelAll = faces != null; // a witness needs any consistent history: the rules' copies will do
      try {
        if (options.swapWitnesses && skeleton.facts.count > 0 && redraw % SWAP_EVERY == 0 && redraw < WITNESS_REDRAWS
            && swapWitness(obs, t)) {
          continue; // the witness was repaired in place: the next pass extends it
        }
        if (redrawTokens(t) && cardsOfMoves(t, analysisRng) && pairsHold(t)
            && builder.replay(skeleton, obs, t, moveIndex, moveCard, null)) {
          witness.copyFrom(builder.state);
          keepWitnessCards(t);
        } else if (options.repairWitnesses && skeleton.facts.count > 0 && redraw >= REPAIR_FROM
            && redraw % REPAIR_EVERY == 0) {
          if (repairWitness(obs, t)) {
            keepWitnessCards(t);
          }
        }
      } finally {
        builder.relabelAll = false;
      }
    }
    return false;
  }

  /**
   * {@link #swapWitness} runs at every this many redraws of a step, from the first failure on (before the token
   * walk's first redraw), each time from the witness the last redraw left (its random exchanges differ), at most
   * {@link #SWAPS_PER_STEP} times a step; like {@link #repairWitness}, only in games whose rules tell facts
   * ({@link HandFacts}: asks), where the token walk's redraws fail on them, so that other games' analyses are as
   * they were.
   */
  private static final int SWAP_EVERY = 10;
  private static final int SWAPS_PER_STEP = 12;

  /**
   * Repairs the witness by exchanging hidden cards' futures ({@link WitnessSwaps}), starting from the witness
   * history that step t does not follow; true when step t now follows {@link #witness}. Needs the witness's cards
   * ({@link #witnessCardsKnown}); their replay must reach the witness, else nothing is tried.
   */
  private boolean swapWitness(Observation obs, int t) {
    int moves = skeleton.stepStart[t];
    if (!witnessCardsKnown || witnessCard.length < moves || swapCalls >= SWAPS_PER_STEP) {
      return false;
    }
    swapCalls++;
    collectPins(obs, t);
    holdMoves(moves);
    WitnessSwaps.Step step = witnessStep(obs, t, moves);
    LudState start = step.replay(witnessCard);
    if (start == null || !Arrays.equals(start.places, witness.places)) {
      witnessCardsKnown = false; // not the witness's history after all: nothing to start from
      return false;
    }
    boolean repaired = swaps.repair(skeleton, t, obs.role(), witnessCard, start, step, analysisRng);
    if (repaired) {
      witness.copyFrom(builder.state);
    }
    collectPins(obs, t); // the redraws use step t's pins (the repair may have looked at an earlier step's)
    return repaired;
  }

  /**
   * The last resort of step t, after every redraw and exchange failed: the search over sequences of exchanges
   * ({@link WitnessSearch}) from the history {@link #witnessCard}, which must replay to step t (it need not be
   * {@link #witness}'s: a greedy exchange that kept a history without mending step t leaves another, as consistent,
   * and the replay is the judge); true when step t now follows {@link #witness}. Counted in the stats (searches,
   * found, budget spent, exhausted, not started for want of a history of steps [0, t)).
   */
  private boolean searchWitness(Observation obs, int t) {
    if (!options.searchWitnesses) {
      return false;
    }
    int moves = skeleton.stepStart[t];
    stats.witnessSearches.increment();
    if (witnessCard.length < moves) {
      stats.witnessSearchNotStarted.increment();
      return false;
    }
    collectPins(obs, t);
    holdMoves(moves);
    WitnessSwaps.Step step = witnessStep(obs, t, moves);
    builder.relabelAll = faces != null; // as for the redraws: the rules' copies will do
    long budgetHit = search.budgetHit;
    long exhausted = search.exhausted;
    boolean found;
    try {
      LudState start = step.replay(witnessCard);
      if (start == null) {
        stats.witnessSearchNotStarted.increment(); // the cards kept are not a history of steps [0, t)
        return false;
      }
      found = search.search(skeleton, t, obs.role(), witnessCard, start.copy(), step);
    } finally {
      builder.relabelAll = false;
    }
    if (found) {
      witness.copyFrom(builder.state);
      witnessCardsKnown = true;
      stats.witnessSearchFound.increment();
    }
    stats.witnessSearchBudgetSpent.add(search.budgetHit - budgetHit);
    stats.witnessSearchExhausted.add(search.exhausted - exhausted);
    collectPins(obs, t);
    return found;
  }

  /** The analysis at step t as {@link WitnessSwaps} and {@link WitnessSearch} see it (pins, facts, replay). */
  private WitnessSwaps.Step witnessStep(Observation obs, int t, int moves) {
    return new WitnessSwaps.Step() {
      /** The step whose pins {@link #collectPins} holds. */
      private int pinned = t;

      @Override
      public int deficiency(LudState s) {
        return deficiencyAt(s, t);
      }

      @Override
      public LudState replay(int[] cards) {
        System.arraycopy(cards, 0, moveCard, 0, moves);
        return builder.replay(skeleton, obs, t, moveIndex, moveCard, null) ? builder.state : null;
      }

      @Override
      public int reached() {
        return builder.reached;
      }

      @Override
      public LudState reachedState() {
        return builder.state;
      }

      @Override
      public int deficiencyAt(LudState s, int r) {
        if (pinned != r) {
          collectPins(obs, r);
          pinned = r;
        }
        return Worker.this.deficiency(s, obs, r);
      }
    };
  }

  /**
   * How far state s (before step t) is from giving step t: one per card the step shows leaving a hidden place that
   * s has elsewhere, per fact or void of step t that s breaks, plus one unless the step follows s.
   */
  private int deficiency(LudState s, Observation obs, int t) {
    int d = 0;
    for (int i = 0; i < pinCount; i++) {
      if (!someCopyIn(s, pinCards[i], pinPlaces[i * TokenWalk.PIN_LEVELS + TokenWalk.PIN_LEVELS - 1])) {
        d++;
      }
    }
    HandFacts f = skeleton.facts;
    for (int i = f.firstAt(t); i < f.count && f.step[i] == t; i++) {
      if (f.kind[i] == HandFacts.SOME || f.kind[i] == HandFacts.NONE) {
        boolean in = CardSets.intersects(s.places, f.where[i] * words, f.mask, i * words, words);
        d += in == (f.kind[i] == HandFacts.NONE) ? 1 : 0;
      }
    }
    int x = skeleton.voidPlace(t);
    if (x >= 0 && CardSets.intersects(s.places, x * words, skeleton.voidMask, t * words, words)) {
      d++;
    }
    if (d > 0) {
      return d + 1;
    }
    LudState saved = witness;
    witness = s;
    try {
      return extendWitness(obs, t) ? 0 : 1;
    } finally {
      witness = saved;
    }
  }

  /** After a witness for steps [0, t) was drawn or repaired: its cards are those of {@link #moveCard}. */
  private void keepWitnessCards(int t) {
    int moves = skeleton.stepStart[t];
    if (witnessCard.length < moves) {
      witnessCard = new int[Math.max(moves, witnessCard.length * 2)];
    }
    System.arraycopy(moveCard, 0, witnessCard, 0, moves);
    witnessCardsKnown = true;
  }

  /**
   * After step t matched (witness before it, ext after): the card of each of its skeleton moves, read off the two
   * states (a card seen, or the one card that left the move's place for its destination); when the states do not
   * say which card a move took, the witness's cards are unknown until the next redraw.
   */
  private void recordWitnessCards(int t) {
    swapCalls = 0;
    if (!witnessCardsKnown) {
      return;
    }
    int from = skeleton.stepStart[t];
    int to = skeleton.stepStart[t + 1];
    if (witnessCard.length < to) {
      witnessCard = Arrays.copyOf(witnessCard, Math.max(to, witnessCard.length * 2));
    }
    long[] places = witness.places.clone();
    for (int i = from; i < to; i++) {
      int x = skeleton.from[i];
      int y = skeleton.to[i];
      int c = skeleton.card[i];
      int found = -1;
      int n = 0;
      // Several hidden cards that went the same way in one step (a face-down play of two cards, a pile taken up):
      // which move took which is the witness's to choose, so the first candidate will do (the final comparison
      // with the state after the step, and the replay before any use, check the choice).
      boolean sameMoves = sameWayLater(i, to) || sameWayEarlier(i, from);
      for (int d = CardSets.first(places, x * words, words); d >= 0; d = CardSets.next(places, x * words, words, d)) {
        boolean face = c < 0 || (faces == null ? d == c : faces[d] == c);
        // The card ends the step where the move put it, or moves on later in the step.
        boolean goes = x == y || CardSets.has(ext.places, y * words, d) || movesLater(i, to, y, d);
        if (face && goes && (c >= 0 || !CardSets.has(ext.places, x * words, d))) {
          found = n == 0 || !sameMoves ? d : found;
          n++;
        }
      }
      if (n != 1 && !(sameMoves && n > 1)) {
        witnessCardsKnown = false;
        return;
      }
      witnessCard[i] = found;
      CardSets.remove(places, x * words, found);
      CardSets.add(places, y * words, found);
    }
    if (!Arrays.equals(places, ext.places)) {
      witnessCardsKnown = false;
    }
  }

  /** Whether a hidden skeleton move after i and before {@code to} goes the same way (from, to) as move i. */
  private boolean sameWayLater(int i, int to) {
    for (int j = i + 1; j < to; j++) {
      if (skeleton.card[j] < 0 && skeleton.card[i] < 0 && skeleton.from[j] == skeleton.from[i]
          && skeleton.to[j] == skeleton.to[i]) {
        return true;
      }
    }
    return false;
  }

  /** Whether a hidden skeleton move from {@code from} and before i goes the same way (from, to) as move i. */
  private boolean sameWayEarlier(int i, int from) {
    for (int j = from; j < i; j++) {
      if (skeleton.card[j] < 0 && skeleton.card[i] < 0 && skeleton.from[j] == skeleton.from[i]
          && skeleton.to[j] == skeleton.to[i]) {
        return true;
      }
    }
    return false;
  }

  /** Whether a skeleton move after i and before {@code to} leaves place y (the card may move on). */
  private boolean movesLater(int i, int to, int y, int d) {
    for (int j = i + 1; j < to; j++) {
      if (skeleton.from[j] == y && (skeleton.card[j] < 0 || skeleton.card[j] == d
          || faces != null && faces[d] == skeleton.card[j])) {
        return true;
      }
    }
    return false;
  }

  /**
   * Per analysed step, whether the witness's joint move had another player choose a card move (the replay counts the
   * joint moves that match such a step only: {@link HistoryBuilder#matchBound}). A function of the observation, as
   * the witness is; the replay checks the bound it implies on every draw.
   */
  private boolean[] cardChosen = new boolean[64];

  private void markCardChosen(int o, int t) {
    if (t >= cardChosen.length) {
      cardChosen = Arrays.copyOf(cardChosen, Math.max(t + 1, cardChosen.length * 2));
    }
    cardChosen[t] = false;
    for (int r = 0; r < players; r++) {
      int id = joint[r] >>> 16;
      if (r != o && joint[r] != 0 && id >= 2 && id < game.actionCount() && game.action(id) instanceof CardAction) {
        cardChosen[t] = true;
      }
    }
    builder.cardChosen = cardChosen;
  }

  /**
   * Gives each class's unknown cards to its tokens, in a uniformly random order: the assignment has fixed how many
   * cards of each class go where, and within a class every token may be every card.
   */
  private void dealWithinClasses(int k, SplittableRandom rng) {
    Arrays.fill(classFill, 0, k, 0);
    for (int c = sets.first(unknown, 0); c >= 0; c = sets.next(unknown, 0, c)) {
      int j = classOfCard[c];
      classCards[j][classFill[j]++] = c;
    }
    for (int j = 0; j < k; j++) {
      UniformAssignment.shuffle(classCards[j], classFill[j], rng);
      classFill[j] = 0;
    }
    for (int t = 0; t < cards; t++) {
      int j = classOfToken[t];
      if (j >= 0) {
        cardOfToken[t] = classCards[j][classFill[j]++];
      }
    }
  }

  /** Cheap redraws a witness may take to meet the "no pair" facts before its replay. */
  private static final int PAIR_REDRAWS = 2000;
  /** The "no pair" redraws of the step being analysed ({@link #advance}). */
  private long stepPairRedraws;
  /** {@link CardSampler#pairRedrawBudget}. */
  long pairRedrawBudget = 200_000;

  /**
   * Whether the witness tokens drawn for steps [0, t) meet the "no pair" facts, drawing them again (cheaply, no
   * replay) up to {@link #PAIR_REDRAWS} times: a witness needs no distribution, only consistency.
   */
  private boolean pairsHold(int t) {
    for (int k = 0; pairFacts.count > 0 && !pairFacts.hold(skeleton, t, moveCard); k++) {
      if (k == PAIR_REDRAWS) {
        stats.witnessPairRedrawsSpent.increment();
        return false;
      }
      stats.witnessPairRedraws.increment();
      stepPairRedraws++;
      if (!redrawTokens(t) || !cardsOfMoves(t, analysisRng)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The repair is the last resort: from this many redraws of a step on (the walk's own witnesses, which the facts
   * are probed on, come first), at every {@link #REPAIR_EVERY}-th (at most 25 repairs a step).
   */
  private static final int REPAIR_FROM = 200;
  private static final int REPAIR_EVERY = 8;
  /** Swaps the witness repair tries per redraw. */
  private static final int REPAIR_SWAPS = 1500;
  /** Scratch of the repair: the unpinned tokens, and which token holds each card. */
  private int[] repairTokens = new int[0];
  private int[] tokenHolding = new int[0];

  /**
   * A witness for steps [0, t) when the facts make the token walk fail (a SOME fact's designation, drawn without
   * looking ahead, contradicted by a later NONE fact or reveal) or its replay fail (a constraint the facts do not
   * hold): a local search. The walk records the SOME facts without designating (so it fails only on what the
   * observer saw), the tokens get a uniform assignment, and then two unpinned tokens that may hold each other's
   * cards swap them while that does not raise the score: the SOME facts that fail (each as bad as a whole replay)
   * plus the steps the replay does not reproduce, plus one when step t cannot follow. Swaps aim at a failing SOME
   * fact's tokens or the step the replay stopped at, else are random. A witness needs no particular distribution
   * (only the draws do), so this is as exact as the redraw it stands in for: the witness is replayed like any other.
   * True when it left a witness that step t extends.
   */
  private boolean repairWitness(Observation obs, int t) {
    walk.recordSomeOnly = true;
    boolean ok = false;
    try {
      for (int i = 0; i < 20 && !ok; i++) {
        ok = walk.run(skeleton, t, pinCards, pinPlaces, pinCount, analysisRng) && assignTokens(analysisRng);
      }
    } finally {
      walk.recordSomeOnly = false;
    }
    if (!ok) {
      return false;
    }
    if (repairTokens.length < cards) {
      repairTokens = new int[cards];
      tokenHolding = new int[cards];
    }
    int n = 0;
    for (int k = 0; k < cards; k++) {
      if (walk.pinnedCard[k] < 0) {
        repairTokens[n++] = k;
      }
      tokenHolding[cardOfToken[k]] = k;
    }
    if (n < 2) {
      return repairScore(obs, t) == 0;
    }
    HandFacts f = skeleton.facts;
    int score = repairScore(obs, t);
    for (int k = 0; k < REPAIR_SWAPS && score > 0; k++) {
      int a = -1;
      int b = -1;
      int failing = f.someFailing(t, cardOfToken);
      int aim = analysisRng.nextInt(3);
      if (failing > 0 && aim > 0) {
        // A failing SOME fact: one of its tokens takes a card of its set from the token holding it.
        int pickFact = analysisRng.nextInt(failing);
        for (int i = 0; i < f.count && f.step[i] <= t; i++) {
          if (f.kind[i] == HandFacts.SOME && !f.someHolds(i, cardOfToken) && pickFact-- == 0) {
            int fm = i * words;
            int size = CardSets.count(f.tokens, fm, words);
            if (size > 0) {
              a = veil.ludeme.Bits.select(f.tokens, fm, words, analysisRng.nextInt(size));
              int m = CardSets.count(f.mask, fm, words);
              int c = m == 0 ? -1 : veil.ludeme.Bits.select(f.mask, fm, words, analysisRng.nextInt(m));
              b = c < 0 ? -1 : tokenHolding[c];
            }
            break;
          }
        }
      } else if (aim == 1 && builder.reached < t) {
        // The step the replay stopped at: one of the tokens it moves.
        int from = skeleton.stepStart[builder.reached];
        int moves = skeleton.stepStart[builder.reached + 1] - from;
        if (moves > 0) {
          a = walk.moveToken[from + analysisRng.nextInt(moves)];
        }
      }
      if (a < 0 || walk.pinnedCard[a] >= 0) {
        a = repairTokens[analysisRng.nextInt(n)];
      }
      if (b < 0 || b == a || walk.pinnedCard[b] >= 0) {
        b = repairTokens[analysisRng.nextInt(n)];
      }
      int ca = cardOfToken[a];
      int cb = cardOfToken[b];
      if (a == b || !walk.allows(a, cb) || !walk.allows(b, ca)) {
        continue;
      }
      cardOfToken[a] = cb;
      cardOfToken[b] = ca;
      int next = repairScore(obs, t);
      if (next <= score) {
        score = next;
        tokenHolding[cb] = a;
        tokenHolding[ca] = b;
      } else {
        cardOfToken[a] = ca;
        cardOfToken[b] = cb;
      }
    }
    return score == 0;
  }

  /**
   * The repair's score of the current assignment (0: a witness for [0, t) that step t extends, left in {@link
   * #witness}): per failing SOME fact t + 1, plus the steps the replay does not reproduce, plus 1 when step t cannot
   * follow the replayed state.
   */
  private int repairScore(Observation obs, int t) {
    int failing = skeleton.facts.someFailing(t, cardOfToken);
    if (!cardsOfMoves(t, analysisRng)) {
      return (failing + 1) * (t + 1);
    }
    boolean ok = builder.replay(skeleton, obs, t, moveIndex, moveCard, null);
    int score = failing * (t + 1) + (t - builder.reached);
    if (ok && failing == 0) {
      witness.copyFrom(builder.state);
      if (!extendWitness(obs, t)) {
        score = 1;
      }
    }
    return score;
  }

  /** Walks the bound may take to find a first pair-assigned draw (most walks' pins break a fact late in Old Maid). */
  private static final int PAIR_BOUND_ATTEMPTS = 2000;
  /**
   * The pair assignment's measured bound: the largest weight of {@link #PAIR_BOUND_DRAWS} draws that met their
   * assignment (most walks' pins break a fact: at most {@link #PAIR_BOUND_TRIES} tries), times 4 (as counted draws').
   */
  private static final int PAIR_BOUND_DRAWS = 256;
  private static final int PAIR_BOUND_TRIES = 20_000;
  private static final double PAIR_BOUND_MARGIN = Math.log(4);

  private double pairBound(double logBound, int steps, SplittableRandom rng) {
    double max = logBound;
    for (int tries = 0, found = 0; tries < PAIR_BOUND_TRIES && found < PAIR_BOUND_DRAWS; tries++) {
      double v = logWeightOfADraw(steps, rng);
      if (!Double.isNaN(v)) {
        found++;
        max = Math.max(max, v);
      }
    }
    return max + PAIR_BOUND_MARGIN;
  }

  /**
   * Whether the "no pair" facts are met by {@link #pairAssignment}: there are some, no card has copies (their plays
   * are relabelled), and no SOME fact is designated or counted (their weights and bounds assume the uniform
   * bijection).
   */
  private boolean pairsAssigned() {
    return options.pairAssignment && pairFacts.count > 0 && faces == null && skeleton.facts.count == 0;
  }

  /** {@link #assignTokens} by {@link #pairAssignment}: its weight is the draw's {@link #logBijections}. */
  private boolean assignPairs(SplittableRandom rng) {
    for (int w = 0; w < words; w++) {
      unknown[w] = allCards[w] & ~walk.known[w];
    }
    lastWeighed = false;
    lastMixedWeighed = false;
    if (!pairAssignment.assign(pairFacts, skeleton, pairSteps, walk, initialPlaces, unknown, cardOfToken, rng)) {
      (pairAssignment.pinnedConflict ? stats.pairPinsBreak : stats.pairDeadEnds).increment();
      return false;
    }
    logBijections = options.brokenPairWeights ? 0 : pairAssignment.logWeight;
    stats.pairAssigned.increment();
    return true;
  }

  /** A witness's tokens for steps [0, t) and the facts of step t, SOME facts included (drawn again until they hold). */
  private boolean redrawTokens(int t) {
    pairSteps = pairsAssigned() ? t : -1;
    try {
      return redrawTokensOnce(t);
    } finally {
      pairSteps = -1;
    }
  }

  private boolean redrawTokensOnce(int t) {
    for (int i = 0; i < 200; i++) {
      if (!walk.run(skeleton, t, pinCards, pinPlaces, pinCount, analysisRng) || !assignTokens(analysisRng)) {
        return false;
      }
      if (skeleton.facts.someHold(t, cardOfToken)) {
        return true;
      }
    }
    return false;
  }

  private boolean[] underScratch = new boolean[16];
  /** Scratch card sets of the analysis. */
  private long[] faceUpScratch;
  private long[] voidScratch;

  /**
   * Notes, from the witness step just matched (witness before, ext after), whether random dealt and which card moves
   * went under the cards of their new place (their stamp is negative): the token walk keeps places in order with it.
   */
  private void markOrder(int t) {
    int from = skeleton.stepStart[t];
    int n = skeleton.stepStart[t + 1] - from;
    if (underScratch.length < n) {
      underScratch = new boolean[Math.max(n, underScratch.length * 2)];
    }
    int stampAt = game.layout.stamp;
    for (int i = 0; i < n; i++) {
      int y = skeleton.to[from + i] * words;
      boolean under = false;
      for (int w = 0; w < words; w++) {
        for (long m = ext.places[y + w] & ~witness.places[y + w]; m != 0; m &= m - 1) {
          under |= ext.v[stampAt + (w << 6 | Long.numberOfTrailingZeros(m))] < 0;
        }
      }
      underScratch[i] = under;
    }
    int random = game.randomRole();
    skeleton.markLastStep(random >= 0 && joint[random] != 0, underScratch);
  }

  private boolean extendsWitness() {
    ext.copyFrom(witness);
    game.apply(ext, joint, percepts);
    return percepts.sameAs(extendObserver, extendSeen);
  }

  /** Tries the other roles' moves from the witness at step t until the observer's percepts match (into ext). */
  private boolean extendWitness(Observation obs, int t) {
    int o = obs.role();
    int[] seen = obs.percepts(t);
    long[] faceUp = faceUpScratch;
    Arrays.fill(faceUp, 0);
    for (int p : seen) {
      int c = Table.perceptCard(p);
      if (c >= 0) {
        // With copies the percept names the face: a deal of any of its copies may be the move.
        for (int d = c; d < cards && (d == c || faces != null && faces[d] == c); d++) {
          CardSets.add(faceUp, 0, d);
        }
      }
    }
    int n = 0;
    for (int r = 0; r < roles; r++) {
      game.legalMoves(witness, r, legal[r]);
      MoveList l = legal[r];
      int fixed = JointOdometer.fix(r, l, o, obs.move(t), joint);
      if (fixed == JointOdometer.IMPOSSIBLE) {
        return false;
      }
      if (fixed == JointOdometer.CHOICE) {
        int[] c = candidates[r];
        if (c == null || c.length < l.size()) {
          c = candidates[r] = new int[Math.max(64, l.size())];
        }
        int k = 0;
        for (int i = 0; i < l.size(); i++) {
          if (HistoryBuilder.movesCard(l.get(i), faceUp)) {
            c[k++] = l.get(i);
          }
        }
        int preferred = k;
        for (int i = 0; i < l.size(); i++) {
          if (!HistoryBuilder.movesCard(l.get(i), faceUp)) {
            c[k++] = l.get(i);
          }
        }
        // The rest in random order, so that hidden choices (which card a deal gives) vary between witnesses.
        for (int i = k - 1; i > preferred; i--) {
          int j = preferred + analysisRng.nextInt(i - preferred + 1);
          int x = c[i];
          c[i] = c[j];
          c[j] = x;
        }
        candidateCount[r] = k;
        active[n++] = r;
      }
    }
    extendObserver = o;
    extendSeen = seen;
    return JointOdometer.search(candidates, candidateCount, active, n, choice, joint, WITNESS_TRIES, witnessExtends);
  }

  /**
   * The cards step t shows face up leaving places the observer cannot see: each must be, at the start of the
   * step, in that place or in one that hides a move into it during the step. True when the witness agrees. A card
   * seen moving more than once in the step (a Go Fish answer: from the hand asked to the spot, to the asker's hand,
   * on to its book) was at the start where its first move left, which the sorted percepts do not say: one pin to
   * the places {@link #startPlaces} gives.
   */
  private boolean collectPins(Observation obs, int t) {
    int o = obs.role();
    int[] seen = obs.percepts(t);
    pinCount = 0;
    boolean hold = true;
    for (int p : seen) {
      int revealed = Skeleton.revealedCard(p);
      int c = revealed >= 0 ? revealed : Table.perceptCard(p);
      int x = Table.perceptFrom(p);
      if (c < 0 || (visibleMask[x] & 1 << o) != 0) {
        continue;
      }
      long places = revealed >= 0 ? 1L << x : startPlaces(seen, c, x);
      if (places == 0) {
        continue; // pinned already by an earlier move of the same card
      }
      if (pinCount == pinCards.length) {
        pinCards = Arrays.copyOf(pinCards, pinCount * 2);
        pinPlaces = Arrays.copyOf(pinPlaces, pinCount * 2 * TokenWalk.PIN_LEVELS);
      }
      hold &= someCopyIn(witness, c, places);
      for (int level = 0; level < TokenWalk.PIN_LEVELS; level++) {
        pinPlaces[pinCount * TokenWalk.PIN_LEVELS + level] = places;
        long grown = places;
        for (int q : seen) {
          if (Table.perceptCard(q) == -1 && (places >>> Table.perceptTo(q) & 1) != 0) {
            grown |= 1L << Table.perceptFrom(q);
          }
        }
        places = grown;
      }
      pinCards[pinCount++] = c;
    }
    int own = ownCard(obs, t);
    if (own >= 0) {
      // The observer's own card move, face down to it (a hand hidden from its owner): the card was in a place one
      // of the step's hidden moves leaves, and the witness must have it there for the observer's move to be legal.
      long places = 0;
      for (int p : seen) {
        if (Table.perceptCard(p) == -1 && (visibleMask[Table.perceptFrom(p)] & 1 << o) == 0) {
          places |= 1L << Table.perceptFrom(p);
        }
      }
      if (places != 0) {
        if (pinCount == pinCards.length) {
          pinCards = Arrays.copyOf(pinCards, pinCount * 2);
          pinPlaces = Arrays.copyOf(pinPlaces, pinCount * 2 * TokenWalk.PIN_LEVELS);
        }
        for (int level = 0; level < TokenWalk.PIN_LEVELS; level++) {
          pinPlaces[pinCount * TokenWalk.PIN_LEVELS + level] = places;
        }
        pinCards[pinCount++] = own;
        hold &= someCopyIn(witness, own, places);
      }
    }
    return hold;
  }

  /**
   * Where card c (with copies: a copy of face c), seen leaving place x in a step with these percepts, was at the
   * start of the step: x when that is the card's one move of the step; else the places its moves leave that none of
   * them enters (a move out of such a place y was made by a card in y from the start: nothing of its face entered y),
   * or, when every place left is also entered (a card shown and taken back), every place left (the card's first move
   * left one of them). 0 when the card moves more than once and has a pin of this step already.
   */
  private long startPlaces(int[] seen, int c, int x) {
    long left = 0;
    long entered = 0;
    int moves = 0;
    for (int q : seen) {
      if (q >>> 28 == Table.PERCEPT_MOVED && Table.perceptCard(q) == c) {
        left |= 1L << Table.perceptFrom(q);
        entered |= 1L << Table.perceptTo(q);
        moves++;
      }
    }
    if (moves < 2) {
      return 1L << x;
    }
    for (int i = 0; i < pinCount; i++) {
      if (pinCards[i] == c) {
        return 0;
      }
    }
    long origins = left & ~entered;
    return origins != 0 ? origins : left;
  }

  /**
   * For tests: the pins of step t of the observation (each card the step shows leaving a hidden place, and the
   * places it was in at the start of the step, the last level's: {@code PIN_LEVELS} longs each in {@code places}),
   * into arrays the caller sizes; returns how many.
   */
  int pinsOfStep(Observation obs, int t, int[] cardsOut, long[] placesOut) {
    collectPins(obs, t);
    for (int i = 0; i < pinCount; i++) {
      cardsOut[i] = pinCards[i];
      placesOut[i] = pinPlaces[i * TokenWalk.PIN_LEVELS + TokenWalk.PIN_LEVELS - 1];
    }
    return pinCount;
  }

  /** Whether the state holds card c (with copies: a copy of face c) in one of the places. */
  private boolean someCopyIn(LudState s, int c, long places) {
    for (int d = c; d < cards && (d == c || faces != null && faces[d] == c); d++) {
      int at = game.table.whereIs(s, d);
      if (at >= 0 && at < 64 && (places >>> at & 1) != 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The card the observer's own move at step t moves when the observer does not see it move, else -1. The observer
   * knows its move, so it knows that card even when its hand is hidden from it ({@code (hand Each visible:None)}):
   * the move names it.
   */
  private int ownCard(Observation obs, int t) {
    int m = obs.move(t);
    int id = Action.actionOf(m);
    if (m == 0 || id < 2 || id >= game.actionCount() || !(game.action(id) instanceof CardAction)) {
      return -1;
    }
    int c = Action.payloadOf(m);
    for (int p : obs.percepts(t)) {
      if (Table.perceptCard(p) == c) {
        return -1; // seen face up: the skeleton has it already
      }
    }
    return c;
  }

  /**
   * After step t matched: names the card of the observer's own move in the skeleton. Its move is one of the step's
   * hidden moves out of the place the card was in (in the witness, before the step): the first such, as actions
   * move their card before anything their consequences move. In every consistent history the observer made the
   * same move and the step has the same raw percepts, so the card is the same; a replay checks it as it checks every
   * step. Without this, a draw gave that hidden move any card of the place and the replay rejected every draw but
   * those that guessed the card (and the analysis could not find a witness once a play needed one).
   */
  private void nameOwnCard(Observation obs, int t) {
    int c = ownCard(obs, t);
    if (c < 0) {
      return;
    }
    for (int i = skeleton.stepStart[t]; i < skeleton.stepStart[t + 1]; i++) {
      int x = skeleton.from[i];
      if (skeleton.card[i] == -1 && x < 64 && someCopyIn(witness, c, 1L << x)
          && (visibleMask[x] & 1 << obs.role()) == 0) {
        skeleton.card[i] = c;
        skeleton.version++;
        return;
      }
    }
  }

  /** The one player other than the observer who moves in the witness at step t, or -1. */
  private int soleOtherMover(int o) {
    int mover = -1;
    for (int r = 0; r < players; r++) {
      if (r != o && !(legal[r].size() == 1 && legal[r].get(0) == 0)) {
        if (mover >= 0) {
          return -1;
        }
        mover = r;
      }
    }
    return mover;
  }

  /** After a matched step: the void the other player's face-up play reveals, checked against the witness. */
  private void probeMatched(Observation obs, int t) {
    int o = obs.role();
    skeleton.markProbed(t);
    int mover = soleOtherMover(o);
    int percept = RuleProbe.hiddenSourcePlay(obs.percepts(t), visibleMask, o);
    if (mover < 0 || legal[mover].isEmpty()) {
      return;
    }
    if (percept == 0) {
      probeSilent(o, t, mover);
      return;
    }
    int c = Table.perceptCard(percept);
    int x = Table.perceptFrom(percept);
    long[] f = voidScratch;
    boolean any = probe.forbidden(witness, mover, c, x, joint[mover], o, percept, f);
    if (any && CardSets.intersects(witness.places, x * words, f, 0, words)) {
      // The witness held such a card and the play was legal: the rule is not of the probed form.
      stats.droppedProbes.increment();
      any = false;
    }
    if (any) {
      skeleton.setVoid(t, x, f);
    } else if (skeleton.voidPlace(t) >= 0) {
      skeleton.setVoid(t, -1, null);
    }
  }

  /**
   * After a matched step in which the other player played no card face up (it drew because it could not play, it
   * passed, it called): the void the move reveals in a hidden place of its own, probed with the place emptied
   * ({@link RuleProbe#forbidden} with no card), and checked against the witness like a play's.
   */
  private void probeSilent(int o, int t, int mover) {
    int move = joint[mover];
    int[] owner = game.places.owner();
    for (int x = 0; x < owner.length; x++) {
      if (owner[x] != mover || (visibleMask[x] & 1 << o) != 0) {
        continue;
      }
      long[] f = voidScratch;
      boolean any = probe.forbidden(witness, mover, -1, x, move, o, 0, f);
      if (any && CardSets.intersects(witness.places, x * words, f, 0, words)) {
        stats.droppedProbes.increment();
        any = false;
      }
      if (any) {
        skeleton.setVoid(t, x, f);
        return;
      }
    }
    if (skeleton.voidPlace(t) >= 0) {
      skeleton.setVoid(t, -1, null);
    }
  }

  /** After a step no move matched (pins hold): probe with the play found in the reduced hand. */
  private void probeUnmatched(Observation obs, int t) {
    int o = obs.role();
    for (int r = 0; r < roles; r++) {
      game.legalMoves(witness, r, legal[r]);
    }
    int mover = soleOtherMover(o);
    int percept = RuleProbe.hiddenSourcePlay(obs.percepts(t), visibleMask, o);
    if (mover < 0 || percept == 0) {
      return;
    }
    long[] f = voidScratch;
    if (probe.forbidden(witness, mover, Table.perceptCard(percept), Table.perceptFrom(percept), -1, o, percept, f)) {
      skeleton.setVoid(t, Table.perceptFrom(percept), f);
    }
  }

  /** The skeleton of the current analysis, for tests. */
  Skeleton skeleton() {
    return skeleton;
  }
}
