package veil.cards.sample;

/**
 * The card sampler's switches: feature flags kept for measurements and mutations that break the sampler on purpose for
 * tests. One object per {@link CardSampler} ({@code options}, set before the first sample); each role's {@link Worker}
 * takes its own {@link #copy} when it is created, and its walk and helpers read that copy. They were static once:
 * shared across samplers and threads, a test that forgot to reset one poisoned the next.
 *
 * <p>The defaults are the sampler as it ships.
 */
final class SamplerOptions {
  // --- Worker: the analysis's witness repairs (test switches) ---

  /** Test switch: false leaves out the witness repair (the analysis then fails where the walk alone fails). */
  boolean repairWitnesses = true;
  /**
   * Test switch: false leaves out Worker's exchanges ({@link WitnessSwaps}; the analysis then fails where the redraws
   * and old repair fail).
   */
  boolean swapWitnesses = true;
  /**
   * Test switch: false leaves out Worker's search ({@link WitnessSearch}; the analysis then fails where the redraws and
   * exchanges fail).
   */
  boolean searchWitnesses = true;

  // --- Worker: bounds and counted facts ---

  /**
   * Whether draws count SOME facts ({@link FactAssignment}) instead of designating them in the walk. Off by default:
   * exact (chi-square against enumeration, {@code GoFishSamplingTest}), but on the Go Fish games measured it declined
   * as many decisions as the designations and draws more slowly: with the reveal choices counted too ({@link
   * #exactReveals}) the bound is exact, but the count is too large (work cap) at most reveal choices of a three- or
   * four-player game, which then take the measured bound; see README, Go Fish, sessions 8 and 9. Session 10: the
   * count walks classes one at a time and the bound of counted reveals is exact and tight (Worker#pathBound), but
   * the count still refuses most three- and four-player skeletons, and with it on the Go Fish harness declined 35, 56
   * and 21 decisions against 31, 47 and 22 off: still off. A feature flag.
   */
  boolean exactFacts = false;
  /**
   * Whether draws that count SOME facts also count the walk's reveal choices ({@link TokenWalk#countReveals}), so
   * that their bound is exact rather than measured. On by default (it acts only where {@link #exactFacts} does);
   * tests switch it off to reach the measured path.
   */
  boolean exactReveals = true;
  /** The counted assignment's largest class last (see Worker#buildFacts); a switch for measurements. */
  boolean largestClassLast = true;
  /**
   * The exact bound of counted reveals by enumeration (Worker#pathBound); false leaves the proved but loose bound
   * of the first counted choice ({@link TokenWalk#logFirst}). A switch for measurements and tests.
   */
  boolean pathBounds = true;
  /**
   * Mutation switch for tests only: the path bound takes the least weight over the sequences instead of the largest
   * (a bound that is not one: the draws above it must be declined and counted, overBound).
   */
  boolean brokenPathBound;
  /**
   * Whether the bound of weighted draws without SOME facts is the largest weight over every path of the walk ({@link
   * ExactBound}) rather than the weight of the walk taking the narrowest candidates; a switch for tests (off: the
   * generated games it fixed decline again).
   */
  boolean exactBounds = true;

  // --- TokenWalk and LaterPlays ---

  /** Test switch: false designates every SOME fact, implied or not (as before the implication was used). */
  boolean dropImplied = true;
  /**
   * Mutation switch for tests only: true leaves a counted choice's factor out of {@link TokenWalk#logChoices} (drawn
   * in proportion to the counts, then accepted as if drawn uniformly: a biased sampler the chi-square tests must
   * catch).
   */
  boolean weightlessReveals;
  /**
   * Test switch: true branches {@link ExactBound}'s enumeration over every candidate, alike or not (the paths then
   * outnumber its cap on longer games, which keep the walk's bound and decline above it).
   */
  boolean branchAlike;
  /**
   * Test switch (a mutation): {@link LaterPlays} holds each face one copy fewer for the place at the end than it may,
   * so the restriction leaves out candidates that have completions.
   */
  boolean brokenEnd;

  /**
   * Whether the analysis learns which cards a hidden move of a player's step could move ({@link HiddenMoveFacts}: an
   * ask answered hand to hand unseen) and the walk draws that move's token among the tokens that may hold one ({@link
   * TokenWalk}); a test switch (off: the walk takes any token of the place and the replay rejects the others).
   */
  boolean hiddenMoveSets = true;
  /**
   * Mutation switch for tests only: a hidden move of a set is drawn as if its candidates were alike (the walk is not
   * flagged mixed, so the draws are not weighted for it, and the choice counts as one among every token of its
   * place): a biased sampler the chi-square test must catch.
   */
  boolean brokenHiddenMoveWeights;
  /**
   * Mutation switch for tests only: {@link HiddenMoveFacts} takes a hidden move's set from the witness's moved cards
   * alone, without its swaps (a set too narrow: facts that fail in the true game).
   */
  boolean brokenHiddenMoveSets;
  /**
   * Test switch, the old code: plays of a face with copies out of a place whose top the rules read are relabelled to
   * the lowest copy and weighted as plays from a hand are ({@code HistoryBuilder#brokenOrderedRelabel}), though the
   * rules move the top card.
   */
  boolean brokenOrderedRelabel;

  // --- FactAssignment, HandFacts, PairFacts ---

  /**
   * Mutation switch for tests only: true weighs each split of a type by n! instead of n! / prod k! in {@link
   * FactAssignment} (the wrong multinomial: a biased sampler the chi-square tests must catch).
   */
  boolean brokenMultinomial;
  /**
   * Test switch: false keeps {@link FactAssignment}'s groups in card order (the enumeration the forced split of the
   * last free group replaces).
   */
  boolean lastFirstFree = true;
  /**
   * Mutation switch for tests only: false leaves out the 1 / designations weight ({@link
   * HandFacts#logDesignations}; a biased sampler).
   */
  boolean weighDesignations = true;
  /** For tests: false leaves the {@link PairFacts} out (the sampler as before they were learnt). */
  boolean pairFacts = true;
  /**
   * Whether the "no pair" facts are met by the assignment itself ({@link PairAssignment}, weighted draws under a
   * measured bound) rather than by redrawing the uniform bijection until they hold (false: the sampler before).
   */
  boolean pairAssignment = true;
  /**
   * Mutation switch for tests only: true leaves the pair assignment's weight out of the draw's (each bijection then
   * taken with its sequential probability: a biased sampler).
   */
  boolean brokenPairWeights;

  // --- WitnessSearch ---

  /** Replays per {@link WitnessSearch}; a test switch (the search stops, counted in budgetHit, when it is spent). */
  int searchBudget = 3000;
  /**
   * States scored per {@link WitnessSearch} (an exchange, or two, tried on the state before the step a node stops at,
   * without a replay); a test switch. Two exchanges at once cost the fourth power of the hidden cards, so this bounds
   * the search's time where many cards are hidden; spent, it stops the search like the replay budget (counted in
   * budgetHit).
   */
  int searchScoreBudget = 400_000;

  /** An independent copy (a Worker's own, so a later change to the sampler's does not reach a Worker in use). */
  SamplerOptions copy() {
    SamplerOptions c = new SamplerOptions();
    c.repairWitnesses = repairWitnesses;
    c.swapWitnesses = swapWitnesses;
    c.searchWitnesses = searchWitnesses;
    c.exactFacts = exactFacts;
    c.exactReveals = exactReveals;
    c.largestClassLast = largestClassLast;
    c.pathBounds = pathBounds;
    c.brokenPathBound = brokenPathBound;
    c.exactBounds = exactBounds;
    c.dropImplied = dropImplied;
    c.weightlessReveals = weightlessReveals;
    c.branchAlike = branchAlike;
    c.brokenEnd = brokenEnd;
    c.hiddenMoveSets = hiddenMoveSets;
    c.brokenHiddenMoveWeights = brokenHiddenMoveWeights;
    c.brokenHiddenMoveSets = brokenHiddenMoveSets;
    c.brokenOrderedRelabel = brokenOrderedRelabel;
    c.brokenMultinomial = brokenMultinomial;
    c.lastFirstFree = lastFirstFree;
    c.weighDesignations = weighDesignations;
    c.pairFacts = pairFacts;
    c.pairAssignment = pairAssignment;
    c.brokenPairWeights = brokenPairWeights;
    c.searchBudget = searchBudget;
    c.searchScoreBudget = searchScoreBudget;
    return c;
  }
}
