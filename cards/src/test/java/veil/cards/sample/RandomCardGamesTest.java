package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/**
 * Random card games written in the language (random decks, places with random visibility, random deals, trick or
 * move rules, matching the top card of an ordered discard pile or drawing when unable, turning up the top card of
 * an ordered pile and sliding a pile under another as in War, taking the top of a discard pile that shows its top
 * card alone, end conditions), played at random: at points of each game, every player's samples from the card
 * sampler must replay to its observation, and the sampler must never fail. On games small enough to enumerate,
 * the samples' distribution must fit the exact posterior (chi-square at the 0.05% level).
 *
 * <p>Issue 11's other ludemes are random options that mix with those (from a mix of the seed's bits): jokers (one,
 * or two identical ones), asks (every card of a rank from the next player's hand to the mover's, shown on a spot or
 * hand to hand, maybe "go fish"), asking for a computed card ({@code (card Choice Suit)}, taken if the next player
 * holds it), a knock allowed by the deadwood of the hand, a deadwood or meld score, putting a card under one's pile
 * ({@code put at:Bottom}), and a face-down stock dealt the rest of the deck and drawn from its top. Games the
 * sampler is known to fail on are left out by seed and text, counted and printed ({@link #KNOWN_FAILURES}).
 */
class RandomCardGamesTest {
  static final String[] SUITS = {"Clubs", "Diamonds", "Hearts", "Spades"};
  static final String[] RANKS = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace"};
  static final String[] VISIBILITY = {"All", "Owner", "None"};

  /** A random game's parameters; {@link #text} writes it. */
  record Spec(int players, int suits, int ranks, int perHand, boolean trick, String handVisible,
      String tableVisible, String wonVisible, String discardVisible, boolean drawAfterMove, boolean upCard,
      boolean misere, boolean match, boolean flip, long seed) {
    int deck() {
      return (big() ? SUITS.length * RANKS.length : suits * ranks) * copyCount() + jokerCount();
    }

    /** Jokers: one in an eighth of the games, two identical ones in another eighth where copies are allowed. */
    int jokerCount() {
      int j = jokers(seed);
      return j == 2 && (handVisible.equals("None") || !trick && topRule(seed)) ? 0 : j;
    }

    /** The rule family (a label, and the failure report's construct). */
    String rule() {
      return trick ? "trick" : flip ? "flip top" : match ? "match top" : topRule(seed) ? "top shown" : "move";
    }

    /** Whether the move game or the top-shown game has asks (all cards of a rank from the next hand). */
    boolean asks() {
      return (rule().equals("move") || rule().equals("top shown")) && ask(seed) != 0;
    }

    /** Whether the move game or the top-shown game asks for one computed card, (card Choice Suit). */
    boolean wants() {
      return (rule().equals("move") || rule().equals("top shown")) && want(seed);
    }

    /**
     * Knocking (a move allowed when the deadwood of the hand without the card is small enough ends the game): its
     * legal moves depend on the hidden hand, so only on decks too large for the chi-square test (see the lay rule).
     */
    boolean knocks() {
      // (deadwood …) arranges at most 20 cards (a rule failure beyond): asks and draws can put the deck in a hand.
      return rule().equals("move") && deck() > MAX_ENUMERATED_DECK && deck() <= MAX_DEADWOOD && knock(seed);
    }

    /** The scoring: "deadwood" of the hand (match and top-shown games), "meld" of the won pile (tricks), or "count". */
    String scoring() {
      int m = meldScore(seed);
      return m == 1 && (rule().equals("match top") || rule().equals("top shown")) && deck() <= MAX_DEADWOOD ? "deadwood"
          : m == 2 && trick ? "meld" : "count";
    }

    /** Flip games with a second move, the top card of one's stock put under it (put at:Bottom). */
    boolean under() {
      return rule().equals("flip top") && underRule(seed);
    }

    /**
     * A face-down stock (an ordered pile dealt the cards left after the deal, drawn from its top) instead of drawing
     * from the shuffled deck, in half the match and top-shown games.
     */
    boolean stock() {
      return (rule().equals("match top") || rule().equals("top shown")) && stockRule(seed) && stockCards() > 0;
    }

    int stockCards() {
      return deck() - players * perHand - (upCard ? 1 : 0);
    }

    /** The constructs of issue 11 this game has (for the failure report and the exclusions). */
    String constructs() {
      List<String> c = new ArrayList<>();
      c.add(rule());
      if (copyCount() > 1) {
        c.add("copies");
      }
      if (deck() > 64) {
        c.add("more than 64 cards");
      }
      if (jokerCount() > 0) {
        c.add(jokerCount() + " joker" + (jokerCount() > 1 ? "s" : ""));
      }
      if (asks()) {
        c.add(ask(seed) == 1 ? "ask shown" : "ask hidden");
      }
      if (wants()) {
        c.add("computed card");
      }
      if (knocks()) {
        c.add("knock by deadwood");
      }
      if (!scoring().equals("count")) {
        c.add(scoring() + " score");
      }
      if (under()) {
        c.add("put at bottom");
      }
      if (stock()) {
        c.add("stock");
      }
      c.add("hands " + handVisible);
      return String.join(", ", c);
    }

    /** Identical copies, not with hands hidden from their owners (the same limit as {@link #big}, met on 20 cards). */
    int copyCount() {
      // Nor with a pile that shows its top card alone: the card sampler declines that pile with copies.
      return handVisible.equals("None") || !trick && topRule(seed) ? 1 : copies(seed);
    }

    /**
     * The whole 52-card deck instead of suits x ranks (104 cards with copies). Not with hands hidden from their owners: the observer's own
     * draw when unable to play says its hidden hand held no playable card, a void the card sampler does not probe
     * on the observer's own moves, so the draws that replay become too rare on a large deck (a known limit, not
     * fixed: found with seed 20261123, a 52-card deck, hands visible:None, matching the top of the discard pile;
     * probing the observer's own moves as another's fixed that game but biased a small trick game's samples).
     */
    boolean big() {
      return bigDeck(seed) && !handVisible.equals("None");
    }

    String text() {
      SplittableRandom r = new SplittableRandom(seed);
      List<String> s = pick(SUITS, suits, r);
      List<String> k = pick(RANKS, ranks, r);
      if (big()) {
        s = List.of(SUITS);
        k = List.of(RANKS);
      }
      StringBuilder b = new StringBuilder();
      b.append("(game \"Generated\"\n  (players ").append(players).append(")\n  (bound 400)\n  (equipment {\n");
      b.append("    (deck \"Deck\" suits:{").append(String.join(" ", s)).append("} ranks:{")
          .append(String.join(" ", k)).append("}").append(copyCount() > 1 ? " copies:" + copyCount() : "")
          .append(jokerCount() > 0 ? " jokers:" + jokerCount() : "").append(")\n");
      b.append("    (hand Each visible:").append(handVisible).append(")\n");
      b.append("    (spot \"Table\" Each visible:").append(tableVisible).append(")\n");
      b.append("    (pile \"Won\" Each visible:").append(wonVisible).append(")\n");
      // Matching reads the top of the discard pile, face up: a rule that reads a hidden card to decide whether a
      // player may draw is not generated (the card sampler's probe of a draw reads the witness's hidden cards).
      // Turning up the top of an ordered pile is generated as War has it, the piles face down to all and the cards
      // turned up face up: with a pile its owner sees, or cards turned up face down, the card sampler's analysis
      // does not follow the order of the cards seen (it declines: an agent's fallback), which is not fixed yet.
      // A discard pile that shows its top card alone (visible:Top) in some move games (see topRule).
      boolean top = !trick && topRule(seed);
      b.append("    (pile \"Discard\" visible:").append(top ? "Top" : (match || flip) && !trick ? "All" : discardVisible)
          .append(")\n");
      if (flip && !trick) {
        b.append("    (pile \"Stock\" Each visible:None)\n");
      }
      if (stock()) {
        b.append("    (pile \"Stock\" visible:None)\n");
      }
      if (asks() && ask(seed) == 1) {
        // Go Fish's way: the cards asked for are shown on a spot all see, then taken.
        b.append("    (spot \"Shown\" visible:All)\n");
      }
      if (knocks() || scoring().equals("deadwood")) {
        // Rummy values: a rank's position plus one (jokers, not in the map, are worth 0).
        b.append("    (map \"Value\" {");
        for (int i = 0; i < k.size(); i++) {
          b.append(i > 0 ? " " : "").append("(").append(k.get(i)).append(" ").append(i + 1).append(")");
        }
        b.append("})\n");
      }
      b.append("  })\n");
      if (knocks()) {
        b.append("  (vars {(var \"Knocked\")})\n");
      }
      b.append("  (rules\n    (start {(shuffle \"Deck\") (deal ").append(perHand)
          .append(flip && !trick ? " to:(pile \"Stock\" Each))" : " to:(hand Each))");
      if (upCard) {
        b.append(" (draw from:\"Deck\" to:(pile \"Discard\"))");
      }
      if (stock()) {
        b.append(" (deal ").append(stockCards()).append(" to:(pile \"Stock\"))");
      }
      b.append("})\n");
      String score = "(count (pile \"Won\" Player))";
      if (scoring().equals("meld")) {
        // A combination of two of the deck's cards (a marriage) held in the won pile scores 3 a time it is held.
        String c1 = "(card " + k.get(k.size() - 1) + " " + s.get(0) + ")";
        String c2 = "(card " + k.get(0) + " " + s.get(s.size() - 1) + ")";
        score = "(+ " + score + " (* 3 (meld (pile \"Won\" Player) {" + c1 + " " + c2 + "})))";
      }
      String handScore = scoring().equals("deadwood") ? "(deadwood \"Value\" (hand Player))" : "(count (hand Player))";
      // Ask for one computed card of a suit (the deck's first), by rank: taken if the next player holds it.
      String want = "(choose want Ranks then:(if (= (holder (card Choice " + s.get(0)
          + ")) Next) (put (card Choice " + s.get(0) + ") (hand Mover))))";
      String drawn = stock() ? "(put (top (pile \"Stock\")) (hand Mover))" : "(draw from:\"Deck\" to:(hand Mover))";
      String stockOut = stock() ? "(empty (pile \"Stock\"))" : "(empty \"Deck\")";
      String ask = null;
      if (asks()) {
        // Ask the next player for a rank (one held, on decks too large for the chi-square test: the number of moves
        // then depends on the hidden hand), take all its cards of it, shown to all or hand to hand; maybe go fish.
        String filter = deck() > MAX_ENUMERATED_DECK && askFiltered(seed)
            ? " if:(not (empty (cards (hand Mover) rank:Choice)))" : "";
        String fish = goFish(seed) ? "(if (and (empty (cards (hand Next) rank:Choice)) (not " + stockOut + "))"
            + " " + drawn + ") " : "";
        String take = ask(seed) == 1
            ? "(moveAll from:(hand Next) to:(spot \"Shown\") if:(= (rank Card) Choice))"
                + " (moveAll from:(spot \"Shown\") to:(hand Mover))"
            : "(moveAll from:(hand Next) to:(hand Mover) if:(= (rank Card) Choice))";
        ask = "(choose ask Ranks" + filter + " then:{" + fish + take + "})";
      }
      if (trick) {
        b.append("    (play (trick to:(spot \"Table\" Mover) won:(pile \"Won\" Winner) leader:P1))\n");
        b.append("    (end (if (= (tricks) ").append(perHand).append(") (byScore ").append(score)
            .append(misere ? " misere:True" : "").append(")))))\n");
      } else if (flip) {
        // Ordered piles, as in War: turn up the top card of your pile; once the discard pile has three cards it
        // slides under your pile, keeping its order. (What moves depends on no hidden card: a rule that does is
        // sampled by rejection alone, which the effort bounds do not always allow.)
        b.append("    (play ").append(under() ? "(or {" : "")
            .append("(pass name:flip then:{(put (top (pile \"Stock\" Mover)) \"Discard\")\n")
            .append("      (if (>= (count (pile \"Discard\")) 3)")
            .append(" (moveAll from:\"Discard\" to:(pile \"Stock\" Mover) at:Bottom))})");
        if (under()) {
          // Or put the top card of one's pile under it, unseen (put at:Bottom).
          b.append("\n      (pass name:under then:(put (top (pile \"Stock\" Mover)) (pile \"Stock\" Mover) at:Bottom))})");
        }
        b.append(")\n");
        b.append("    (end (if (or (empty (pile \"Stock\" Mover)) (>= (turns) 16)) (byScore (count (pile \"Stock\"")
            .append(" Player))").append(misere ? " misere:True" : "").append(")))))\n");
      } else if (top) {
        // Play a card onto the discard pile, take its top card (seen by all; the card below is shown), or draw.
        b.append("    (play (or {(move to:\"Discard\" name:play)\n")
            .append("      (if (not (empty (pile \"Discard\"))) (pass name:take then:(put (top (pile \"Discard\"))")
            .append(" (hand Mover))))\n")
            .append("      (if (not ").append(stockOut).append(") (pass name:draw then:").append(drawn).append("))");
        if (asks()) {
          b.append("\n      ").append(ask);
        }
        if (wants()) {
          b.append("\n      ").append(want);
        }
        b.append("}))\n");
        b.append("    (end (if (or (empty (hand Mover)) (>= (turns) 16)) (byScore ").append(handScore)
            .append(misere ? "" : " misere:True").append(")))))\n");
      } else if (match) {
        // An ordered discard pile: match the top card's suit or rank, or draw when unable (the stock permitting),
        // or pass; the turn passes either way.
        b.append("    (play (priority {(move to:\"Discard\" name:play cards:(cards (hand Mover) if:(or")
            .append(" (= (suit Card) (suit (top (pile \"Discard\")))) (= (rank Card) (rank (top (pile \"Discard\")))))))\n")
            .append("      (if (not ").append(stockOut).append(") (pass name:draw then:").append(drawn).append("))\n")
            .append("      (pass)}))\n");
        b.append("    (end (if (or (empty (hand Mover)) (>= (turns) 24)) (byScore ").append(handScore)
            .append(misere ? "" : " misere:True").append(")))))\n");
      } else {
        String play = "(move to:\"Discard\" name:play"
            + (drawAfterMove ? " then:(draw from:\"Deck\" to:(hand Mover))" : "") + ")";
        // Beside playing a card, announcing a rank one holds (an announced choice filtered by a condition on the
        // hand) and laying down every card of it (a move by property). Only on decks too large for the chi-square
        // test: how many moves a player has then depends on its hidden hand, and the card sampler's posterior (every
        // consistent history once) is not the enumeration's (other players moving uniformly at random). Laid down
        // face up (won piles visible to all), as sets are: laid face down, the sampler knows the cards' rank only by
        // rejecting replays, and runs out of draws (a limit, not a wrong sample: found with seed 20261123).
        // Not with identical copies: laying down every copy of a rank shows one percept per face (the observation's
        // percepts are sets), so whether one or both copies of a face were laid is known only later; the card
        // sampler's skeleton takes the number of moves from its first witness and never revisits it (a known limit,
        // not fixed: found with seed 20261123, a 4x3 deck with copies:2, p2's analysis failing at step 8).
        if (deck() > MAX_ENUMERATED_DECK && wonVisible.equals("All") && copyCount() == 1 && r.nextBoolean()) {
          play = "(or {" + play + " (choose lay Ranks if:(not (empty (cards (hand Mover) rank:Choice)))"
              + " then:(moveAll from:(hand Mover) to:(pile \"Won\" Mover) if:(= (rank Card) Choice)))})";
        }
        List<String> alternatives = new ArrayList<>();
        if (asks()) {
          alternatives.add(ask);
        }
        if (wants()) {
          alternatives.add(want);
        }
        if (knocks()) {
          alternatives.add("(move to:\"Discard\" name:knock cards:(cards (hand Mover) if:(<= (deadwood \"Value\""
              + " (hand Mover) without:Card) " + knockLimit(seed) + ")) then:(set \"Knocked\" 1))");
        }
        if (!alternatives.isEmpty()) {
          play = (play.startsWith("(or {") ? play.substring(0, play.length() - 2) : "(or {" + play) + " "
              + String.join(" ", alternatives) + "})";
        }
        // Asks and asked cards can make a game long: they end it at 24 turns.
        String end = "(empty (hand Mover))";
        if (asks() || wants()) {
          end = "(or " + end + " (>= (turns) 24))";
        }
        if (knocks()) {
          end = "(or " + end + " (= (var \"Knocked\") 1))";
        }
        b.append("    (play ").append(play).append(")\n    (end (if ").append(end).append(" (result Mover ")
            .append(misere ? "Loss" : "Win").append(")))))\n");
      }
      return b.toString();
    }
  }

  static List<String> pick(String[] from, int n, SplittableRandom r) {
    List<String> all = new ArrayList<>(List.of(from));
    List<String> out = new ArrayList<>();
    while (out.size() < n) {
      out.add(all.remove(r.nextInt(all.size())));
    }
    // In the deck's declared order, as a writer would list them.
    out.sort((a, b) -> Integer.compare(List.of(from).indexOf(a), List.of(from).indexOf(b)));
    return out;
  }

  @Provide
  Arbitrary<Spec> games() {
    Arbitrary<int[]> sizes = Combinators.combine(Arbitraries.integers().between(2, 3),
        Arbitraries.integers().between(1, 4), Arbitraries.integers().between(2, 6),
        Arbitraries.integers().between(1, 4)).as((p, s, k, h) -> new int[] {p, s, k, h})
        .filter(a -> a[0] * a[3] + 1 <= a[1] * a[2]);
    Arbitrary<String> vis = Arbitraries.of(VISIBILITY);
    // Hands hidden from their owners (visible:None) included: the observer's own move names the card it plays (the
    // case first found here, seed 20261123 try 151, is HiddenOwnHandTest).
    Arbitrary<String> handVis = Arbitraries.of(VISIBILITY);
    return Combinators.combine(sizes, Arbitraries.of(true, false), handVis, vis, vis, vis,
        Arbitraries.of(true, false), Arbitraries.of(true, false))
        .flatAs((a, trick, hv, tv, wv, dv, draw, up) -> Combinators.combine(Arbitraries.of(true, false),
            Arbitraries.longs()).as((misere, seed) -> new Spec(a[0], a[1], a[2], a[3], trick, hv, tv, wv, dv, draw,
                up, misere, matchRule(seed), flipRule(seed), seed)));
  }

  // The ordered-pile rules of a move game come from its seed, so that adding them left every other game generated
  // as it was: a quarter of the move games match the top card (or draw), a quarter turn up the top of a pile.
  static boolean matchRule(long seed) {
    return (seed & 3) == 1;
  }

  static boolean flipRule(long seed) {
    return (seed & 3) == 2;
  }

  // Identical copies and decks of more than 64 cards, also from the seed (other bits): a quarter of the games have
  // two copies of every card, and one game in sixteen the whole 52-card deck (104 cards with two copies).
  static int copies(long seed) {
    return (seed >>> 2 & 3) == 0 ? 2 : 1;
  }

  static boolean bigDeck(long seed) {
    return (seed >>> 4 & 15) == 0;
  }

  // A discard pile that shows its top card alone, in an eighth of the move games (of those that neither match nor
  // flip): take its top card, play onto it or draw.
  static boolean topRule(long seed) {
    return (seed & 7) == 3;
  }

  // Issue 11's other constructs, from the bits of a mix of the seed (jqwik's longs are mostly small numbers, whose
  // high bits are zero); a game without them is generated as before.
  static long mixed(long seed) {
    return new SplittableRandom(seed ^ 0x5DEECE66DL).nextLong();
  }

  /** Jokers: one in an eighth of the games, two in another eighth. */
  static int jokers(long seed) {
    int j = (int) (mixed(seed) & 7);
    return j == 0 ? 1 : j == 1 ? 2 : 0;
  }

  /** Asks in half the move and top-shown games: 1 shown on a spot (Go Fish), 2 hand to hand unseen by others. */
  static int ask(long seed) {
    int a = (int) (mixed(seed) >>> 3 & 3);
    return a == 1 ? 1 : a == 2 ? 2 : 0;
  }

  static boolean askFiltered(long seed) {
    return (mixed(seed) >>> 5 & 1) == 1;
  }

  static boolean goFish(long seed) {
    return (mixed(seed) >>> 6 & 1) == 1;
  }

  /** Asking for a computed card in a quarter of the move and top-shown games. */
  static boolean want(long seed) {
    return (mixed(seed) >>> 7 & 3) == 0;
  }

  /** Knocking in half the move games where it is generated (see {@link Spec#knocks}). */
  static boolean knock(long seed) {
    return (mixed(seed) >>> 9 & 1) == 1;
  }

  static int knockLimit(long seed) {
    return 3 + (int) (mixed(seed) >>> 10 & 7);
  }

  /** 1: deadwood of the hand as the score (match and top-shown games); 2: a meld in the won pile (trick games). */
  static int meldScore(long seed) {
    return (int) (mixed(seed) >>> 13 & 3);
  }

  static boolean underRule(long seed) {
    return (mixed(seed) >>> 15 & 1) == 1;
  }

  static boolean stockRule(long seed) {
    return (mixed(seed) >>> 16 & 1) == 1;
  }

  /**
   * Generated games of this test's 500 (property seed 20261123) on which the card sampler fails, left out: the key is
   * the game's seed and the hash of its text (jqwik repeats edge-case seeds such as Long.MIN_VALUE with other
   * parameters: only the very game that fails is left out), the value its constructs and what the sampler said.
   * Found by the long run of session 9 (2,000 games, property seed 20261124: the reproducers, seed and text, are in
   * that session's generator notes). Each one left out is printed and counted, never silently; these are open
   * sampler work. A game listed here that is no longer generated is not left out (nothing to leave out), and the
   * count printed at the end says so. Session 10 removed six: 1/91b9dd47 (a stock with copies) passed on main
   * already; 1127/f6458386, 20998777155007/d7dc7814, -23030537642677/6e062bf6 (computed cards) and 815/b60afe4c
   * (asks hand to hand) declined draws above the walk's bound, now taken over every path ({@link ExactBound},
   * {@code ExactBoundTest}); -21737/9383119c (asks shown) found no bound with greedy walks alone ({@code
   * BoundStartTest}). {@code GeneratedGamesRun} replays listed games by key. Session 11: -9223372036854775808/435d894d
   * no longer runs out of draws (its asks' hidden moves are drawn among the tokens that may hold the rank asked:
   * {@link HiddenMoveFacts}, {@code HiddenMoveOfASetTest}) and plays to its end, but fails the chi-square test: with
   * hands hidden from their owners the observation (percepts are sets) does not tell how many cards an ask moved,
   * and the card sampler takes that number from its witness (against the posterior given the numbers moved its
   * samples pass: 163.9 against 233.8 on 168 states; the old sampler's samples fail the same way, 5,325 against 247.9).
   * 37441/709bf2b9 (a stock with copies) passes: its analysis failed because a witness moved the lowest copy of a face
   * out of the stock where the rules draw the top card ({@code OrderedCopiesTest}).
   */
  static final Map<String, String> KNOWN_FAILURES = Map.of(
      "-9223372036854775808/435d894d", "move, 1 joker, ask hidden, hands None: p1 step 9, chi-square 5,330 against "
          + "247.9 (180 states): the number of cards an unseen ask moved is taken from the witness");

  static final java.util.concurrent.atomic.AtomicInteger EXCLUDED = new java.util.concurrent.atomic.AtomicInteger();

  @Property(tries = 500, seed = "20261123")
  void everySampleReplaysToTheObservation(@ForAll("games") Spec spec) {
    String key = spec.seed() + "/" + Integer.toHexString(spec.text().hashCode());
    String known = KNOWN_FAILURES.get(key);
    net.jqwik.api.statistics.Statistics.label("known sampler failure, left out").collect(known != null);
    if (known != null) {
      System.out.printf("RandomCardGamesTest: left out game %s (%d so far), a known sampler failure: %s%n", key,
          EXCLUDED.incrementAndGet(), known);
      return;
    }
    playAndCheck(spec);
  }

  @net.jqwik.api.lifecycle.AfterContainer
  static void sayWhatWasLeftOut() {
    System.out.printf("RandomCardGamesTest: %d generated games left out as known sampler failures (%d listed)%n",
        EXCLUDED.get(), KNOWN_FAILURES.size());
  }

  /** Plays a generated game at random and checks the card sampler on it (an assertion error when it fails). */
  static void playAndCheck(Spec spec) {
    String text = spec.text();
    net.jqwik.api.statistics.Statistics.label("rule").collect(spec.rule());
    net.jqwik.api.statistics.Statistics.label("hands visible").collect(spec.handVisible());
    net.jqwik.api.statistics.Statistics.label("copies").collect(spec.copyCount());
    net.jqwik.api.statistics.Statistics.label("more than 64 cards").collect(spec.deck() > 64);
    net.jqwik.api.statistics.Statistics.label("announced rank, laid down").collect(text.contains("(choose lay"));
    net.jqwik.api.statistics.Statistics.label("jokers").collect(spec.jokerCount());
    net.jqwik.api.statistics.Statistics.label("ask").collect(!spec.asks() ? "none" : (ask(spec.seed()) == 1 ? "shown"
        : "hand to hand") + (spec.deck() > MAX_ENUMERATED_DECK && askFiltered(spec.seed()) ? ", held rank" : "")
        + (goFish(spec.seed()) ? ", go fish" : ""));
    net.jqwik.api.statistics.Statistics.label("computed card asked").collect(spec.wants());
    net.jqwik.api.statistics.Statistics.label("knock by deadwood").collect(spec.knocks());
    net.jqwik.api.statistics.Statistics.label("score").collect(spec.scoring());
    net.jqwik.api.statistics.Statistics.label("put at bottom").collect(spec.under());
    net.jqwik.api.statistics.Statistics.label("stock drawn from the top").collect(spec.stock());
    int points = playAndCheck(text, spec.seed(), spec.deck() <= MAX_ENUMERATED_DECK);
    net.jqwik.api.statistics.Statistics.label("enumerated").collect(spec.deck() <= MAX_ENUMERATED_DECK && points > 0);
  }

  /**
   * Plays a game's text at random (the generator {@code new SplittableRandom(seed)}; the sampler's {@code ~seed}) and
   * checks the card sampler on it; with {@code enumerate}, also against the exact posterior. A generated game's seed
   * and text are enough to reproduce a failure. Returns the number of points (player and step) checked.
   */
  static int playAndCheck(String text, long seed, boolean enumerate) {
    CompiledGame g = Play.compile("generated", text);
    assertThat(CardSampler.supports(g)).as(text).isTrue();
    CardSampler sampler = new CardSampler(g);
    SplittableRandom playRng = new SplittableRandom(seed);
    SplittableRandom rng = new SplittableRandom(~seed);
    Play.Game play = new Play.Game(g);
    int points = 0;
    while (!play.over()) {
      play.step(playRng);
      if (playRng.nextInt(3) != 0) {
        continue;
      }
      for (int p = 0; p < g.players; p++) {
        Observation obs = play.observations[p].copy();
        for (int k = 0; k < 3; k++) {
          int[][] history = sampler.sampleHistory(obs, rng);
          assertThat(history).as("p%d step %d of\n%s\n%s", p + 1, obs.length(), text, sampler.stats()).isNotNull();
          Play.replayChecked(g, history, obs);
          LudState out = g.initialState();
          assertThat(sampler.sample(obs, rng, out)).as("p%d step %d (a state) of\n%s\n%s", p + 1, obs.length(), text,
              sampler.stats()).isTrue();
        }
        points++;
      }
    }
    assertThat(sampler.stats().structureMismatches.sum()).as(text).isZero();
    if (enumerate && points > 0) {
      chiSquareAgainstEnumeration(g, play, text, seed);
    }
    return points;
  }

  /**
   * Posteriors with more states than this are tested at a later point of the game instead (each state needs 200
   * samples: a hand hidden from everyone, its owner included, gives up to tens of thousands of states at the middle).
   */
  static final int MAX_CHI_STATES = 400;
  /** (deadwood …) arranges at most 20 cards: generated only on decks no larger. */
  static final int MAX_DEADWOOD = 20;
  /** Games of at most this many cards are also tested against exact enumeration. */
  static final int MAX_ENUMERATED_DECK = 8;

  /**
   * At a point of the game (the middle, or the first point after it where the posterior has at most {@link
   * #MAX_CHI_STATES} states), each player's samples against the exact posterior.
   */
  static void chiSquareAgainstEnumeration(CompiledGame g, Play.Game finished, String text, long seed) {
    int steps = finished.steps() / 2;
    SplittableRandom playRng = new SplittableRandom(seed);
    Play.Game play = new Play.Game(g);
    while (play.steps() < steps && !play.over()) {
      play.step(playRng);
    }
    for (int p = 0; p < g.players; p++) {
      Observation obs = play.observations[p].copy();
      Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
      while (posterior.size() > MAX_CHI_STATES && !play.over()) {
        play.step(playRng); // the same game as the one played out (the same generator, drawn in the same order)
        obs = play.observations[p].copy();
        posterior = Posterior.enumerate(g, obs);
      }
      net.jqwik.api.statistics.Statistics.label("chi-square").collect(
          posterior.size() < 2 ? "one state" : posterior.size() > MAX_CHI_STATES ? "too many states" : "tested");
      if (posterior.size() < 2 || posterior.size() > MAX_CHI_STATES) {
        continue;
      }
      int n = 200 * posterior.size();
      CardSampler sampler = new CardSampler(g);
      SplittableRandom rng = new SplittableRandom(seed + p);
      Map<LudState, Integer> counts = new HashMap<>();
      for (int i = 0; i < n; i++) {
        LudState out = g.initialState();
        assertThat(sampler.sample(obs, rng, out)).as("p%d step %d (chi-square, %d states) of\n%s\n%s", p + 1,
            obs.length(), posterior.size(), text, sampler.stats()).isTrue();
        counts.merge(out, 1, Integer::sum);
      }
      double chi = Posterior.chiSquare(posterior, 0, counts, n);
      int df = posterior.size() - 1;
      assertThat(chi).as("p%d step %d, %d states, of\n%s", p + 1, obs.length(), posterior.size(), text)
          .isLessThan(Posterior.critical(df));
    }
  }
}
