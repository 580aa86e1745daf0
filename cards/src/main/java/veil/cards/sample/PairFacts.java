package veil.cards.sample;

import java.util.Arrays;
import veil.ludeme.CardAction;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.MoveList;

/**
 * "No pair" facts: another player's move at step t (not a card move: Old Maid's take or done) would have been
 * illegal had its hidden hand x held two cards a and b in some relation R (Old Maid's partners: the rules then make
 * it lay the pair down first), so x held no two such cards at the start of step t. Neither a pin nor a void says
 * that (it relates two cards), so the sampler checks it on every draw before the replay ({@link #hold}), from the
 * cards the draw gives each skeleton move, and draws again when it fails: cheap (card sets, no rules), and exact,
 * since it only rejects draws the replay would reject.
 *
 * <p>The probe ({@link #learn}), on the analysis's witness state before the step: R(a, b) when the move stays legal
 * with x holding a alone and b alone (and no card move of a or b is), but with x holding a and b it is not and a card
 * move of a or b is (the pair's move, which the rules put first), nor with the witness's own cards of x and a and b.
 * Exact for rules of the usual form "a card of the hand that has a partner in the hand may be laid down, and before
 * anything else" (a hand holding more keeps the pair), as the voids' probe is for "some card of the hand passes a
 * test"; the witness's own hand must pass the fact (it made the move), or the fact is not kept.
 */
final class PairFacts {

  private final CompiledGame game;
  private final int words;
  private final int cards;
  private final int players;
  private final int[] visibleMask;
  private final int[] owner;
  private final LudState probe;
  private final MoveList moves = new MoveList();
  private final long[] allCards;
  private final boolean[] single;
  private final long[] relation;
  private final long[] sim;
  private final long[] initialPlaces;

  /** The facts, in the order of their steps: fact i says place[i] held no two related cards at the start of step[i]. */
  int count;
  int[] step = new int[16];
  int[] place = new int[16];
  /** Per fact, R as rows: {@code cards * words} longs from {@code i * cards * words}, row a the cards b with R(a, b). */
  long[] rel;

  /** The Worker's switches (pairFacts: whether the facts are learnt at all). */
  private final SamplerOptions options;

  PairFacts(CompiledGame game, long[] initialPlaces, SamplerOptions options) {
    this.game = game;
    this.options = options;
    this.words = game.cards.words();
    this.cards = game.cards.count();
    this.players = game.players;
    this.visibleMask = game.places.visibleMask();
    this.owner = game.places.owner();
    this.probe = game.initialState();
    this.allCards = new long[words];
    for (int w = 0; w < words; w++) {
      allCards[w] = game.cards.all(w);
    }
    this.single = new boolean[cards];
    this.relation = new long[cards * words];
    this.sim = new long[initialPlaces.length];
    this.initialPlaces = initialPlaces;
    this.rel = new long[16 * cards * words];
  }

  void clear() {
    count = 0;
  }

  /**
   * Probes step t: {@code before} is the witness's state before it, {@code joint} the joint move that matched it, o
   * the observer.
   */
  void learn(LudState before, int[] joint, int o, int t) {
    if (!options.pairFacts) {
      return;
    }
    for (int r = 0; r < players; r++) {
      int m = joint[r];
      int id = m >>> 16;
      if (r == o || m == 0 || id < 2 || id >= game.actionCount() || game.action(id) instanceof CardAction) {
        continue; // the observer, a waiting player, a deal, or a card move
      }
      for (int x = 0; x < owner.length; x++) {
        if (owner[x] == r && (visibleMask[x] & 1 << o) == 0) {
          learnPlace(before, r, m, x, t);
        }
      }
    }
  }

  /**
   * Probes that threw: the rules failed in a hand the probe made up (every card in it, or the witness's cards with
   * two more), as a ludeme that bounds the cards it reads does ({@code (subsets … most:5)}). Nothing is learnt from
   * that step and place: a fact left out only costs replays, which stay exact.
   */
  int probesThrown;

  private void learnPlace(LudState before, int r, int m, int x, int t) {
    try {
      probePlace(before, r, m, x, t);
    } catch (RuntimeException e) {
      probesThrown++;
    }
  }

  private void probePlace(LudState before, int r, int m, int x, int t) {
    int xt = x * words;
    // Legal with every card in the place: then no pair forbids it (the usual form is monotone), and the n^2 probes
    // are spared (bids, draws, folds: moves whose legality a hand does not decide).
    probe.copyFrom(before);
    for (int p = 0; p < probe.places.length; p += words) {
      for (int w = 0; w < words; w++) {
        probe.places[p + w] = 0;
      }
    }
    System.arraycopy(allCards, 0, probe.places, xt, words);
    game.legalMoves(probe, r, moves);
    if (moves.contains(m)) {
      return;
    }
    for (int a = 0; a < cards; a++) {
      single[a] = legalWith(before, r, m, x, a, -1, false) && !cardMoveLegal;
    }
    Arrays.fill(relation, 0);
    boolean any = false;
    for (int a = 0; a < cards; a++) {
      if (!single[a]) {
        continue;
      }
      for (int b = a + 1; b < cards; b++) {
        if (single[b] && !legalWith(before, r, m, x, a, b, false) && cardMoveLegal
            && !legalWith(before, r, m, x, a, b, true)) {
          CardSets.add(relation, a * words, b);
          CardSets.add(relation, b * words, a);
          any = true;
        }
      }
    }
    if (!any || related(before.places, xt)) {
      return; // nothing learnt, or the witness's own hand breaks it (not a condition of the usual form)
    }
    if (count == step.length) {
      step = Arrays.copyOf(step, count * 2);
      place = Arrays.copyOf(place, count * 2);
      rel = Arrays.copyOf(rel, count * 2 * cards * words);
    }
    step[count] = t;
    place[count] = x;
    System.arraycopy(relation, 0, rel, count * cards * words, cards * words);
    count++;
  }

  /**
   * Whether move m of role r is legal with place x holding card a (and b when b >= 0) alone, or with {@code keep} the
   * witness's cards of x too; a and b are taken from wherever they are.
   */
  private boolean legalWith(LudState before, int r, int m, int x, int a, int b, boolean keep) {
    int xt = x * words;
    probe.copyFrom(before);
    take(probe, a);
    if (b >= 0) {
      take(probe, b);
    }
    if (!keep) {
      Arrays.fill(probe.places, xt, xt + words, 0);
    }
    CardSets.add(probe.places, xt, a);
    if (b >= 0) {
      CardSets.add(probe.places, xt, b);
    }
    game.legalMoves(probe, r, moves);
    cardMoveLegal = false;
    for (int i = 0; i < moves.size(); i++) {
      int id = moves.get(i) >>> 16;
      int c = moves.get(i) & 0xFFFF;
      if (id >= 2 && id < game.actionCount() && game.action(id) instanceof CardAction && (c == a || c == b)) {
        cardMoveLegal = true;
      }
    }
    return moves.contains(m);
  }

  /** Whether the last {@link #legalWith} found a legal card move of card a or b (the move the pair would give). */
  private boolean cardMoveLegal;

  private void take(LudState s, int d) {
    int at = game.table.whereIs(s, d);
    if (at >= 0) {
      CardSets.remove(s.places, at * words, d);
    }
  }

  /** Whether the cards of the place at {@code at} in {@code places} hold two related by {@link #relation}. */
  private boolean related(long[] places, int at) {
    for (int a = CardSets.first(places, at, words); a >= 0; a = CardSets.next(places, at, words, a)) {
      for (int w = 0; w < words; w++) {
        if ((relation[a * words + w] & places[at + w]) != 0) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether every fact of the first {@code steps} steps holds for a draw that gives skeleton move i card
   * {@code moveCard[i]}: the cards' places are followed from the start, move by move (no rules run).
   */
  boolean hold(Skeleton sk, int steps, int[] moveCard) {
    System.arraycopy(initialPlaces, 0, sim, 0, sim.length);
    int f = 0;
    for (int t = 0; t < steps && f < count; t++) {
      for (; f < count && step[f] == t; f++) {
        int at = place[f] * words;
        int base = f * cards * words;
        for (int a = CardSets.first(sim, at, words); a >= 0; a = CardSets.next(sim, at, words, a)) {
          for (int w = 0; w < words; w++) {
            if ((rel[base + a * words + w] & sim[at + w]) != 0) {
              return false;
            }
          }
        }
      }
      for (int i = sk.stepStart[t]; i < sk.stepStart[t + 1]; i++) {
        int c = moveCard[i];
        CardSets.remove(sim, sk.from[i] * words, c);
        CardSets.add(sim, sk.to[i] * words, c);
      }
    }
    return true;
  }
}
