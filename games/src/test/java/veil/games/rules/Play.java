package veil.games.rules;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Slot;
import veil.model.MoveList;
import veil.model.Percepts;

/**
 * Test driver for scripted positions: loads a bundled .lud game, deals chosen cards, and plays moves by their GDL
 * text, failing loudly when a scripted move is not legal.
 */
final class Play {
  final CompiledGame game;
  final LudState state;
  final Percepts percepts;
  final List<String> log = new ArrayList<>();
  private final MoveList moves = new MoveList();

  Play(String name, Map<String, String> options) {
    this(load(name, options));
  }

  /** A new game from its initial state. */
  Play(CompiledGame game) {
    this.game = game;
    state = game.initialState();
    percepts = new Percepts(game.roleCount());
  }

  /** A bundled game. */
  static CompiledGame load(String name, Map<String, String> options) {
    return loadResource("/veil/games/lud/", name, options);
  }

  /** A test game of games/src/test/resources/veil/testgames. */
  static CompiledGame loadTestGame(String name, Map<String, String> options) {
    return loadResource("/veil/testgames/", name, options);
  }

  private static CompiledGame loadResource(String folder, String name, Map<String, String> options) {
    try (InputStream in = Play.class.getResourceAsStream(folder + name + ".lud")) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return new LudLoader().load(name + ".lud", text, options);
    } catch (IOException | veil.model.GameLoadException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  Play(String name) {
    this(name, Map.of());
  }

  /** The legal moves of a role, as text. */
  List<String> legal(int role) {
    game.legalMoves(state, role, moves);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < moves.size(); i++) {
      out.add(game.moveText(role, moves.get(i)));
    }
    return out;
  }

  /** True while a chance deal (shuffle, deal, draw) is pending: random deals, the players noop. */
  boolean chancePending() {
    return !game.isTerminal(state) && state.v[Slot.PENDING] > 0;
  }

  /**
   * A card by short name: rank then suit letter ("2C", "10H", "QS", "AD"; J Q K A for the court cards and the ace),
   * or a plain number for numbered decks ("19"). Returns its GDL text, e.g. "(card queen spades)".
   */
  static String card(String shortName) {
    if (shortName.chars().allMatch(Character::isDigit)) {
      return "(card " + shortName + ")";
    }
    String rank = shortName.substring(0, shortName.length() - 1);
    String suit;
    switch (shortName.charAt(shortName.length() - 1)) {
      case 'C': suit = "clubs"; break;
      case 'D': suit = "diamonds"; break;
      case 'H': suit = "hearts"; break;
      case 'S': suit = "spades"; break;
      default: throw new IllegalArgumentException("no suit in " + shortName);
    }
    switch (rank) {
      case "J": rank = "jack"; break;
      case "Q": rank = "queen"; break;
      case "K": rank = "king"; break;
      case "A": rank = "ace"; break;
      default: break;
    }
    return "(card " + rank + " " + suit + ")";
  }

  /** The standard 52 cards by short name, clubs, diamonds, hearts, spades, each from 2 to ace. */
  static final String DECK52 = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD "
      + "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS";

  /** The short names of {@code deck} not in any of the hands, in deck order; fails on a card dealt twice. */
  static String restOf(String deck, String... hands) {
    List<String> rest = new ArrayList<>(List.of(deck.trim().split("\\s+")));
    for (String h : hands) {
      for (String c : h.trim().split("\\s+")) {
        if (!rest.remove(c)) {
          throw new IllegalArgumentException(c + " dealt twice or not in the deck");
        }
      }
    }
    return String.join(" ", rest);
  }

  /** Short names separated by blanks, as GDL card texts. */
  static List<String> cards(String shortNames) {
    List<String> out = new ArrayList<>();
    for (String c : shortNames.trim().split("\\s+")) {
      out.add(card(c));
    }
    return out;
  }

  /**
   * Deals the pending round-robin deal so that player i gets exactly hands[i] (short names): the first card of
   * each hand in seat order, then the second of each, and so on — the order in which random deals.
   */
  Play dealHands(String... hands) {
    List<List<String>> hs = new ArrayList<>();
    for (String h : hands) {
      hs.add(cards(h));
    }
    int size = hs.get(0).size();
    for (List<String> h : hs) {
      if (h.size() != size) {
        throw new IllegalArgumentException("hands of different sizes: " + hs);
      }
    }
    for (int i = 0; i < size; i++) {
      for (List<String> h : hs) {
        deal(h.get(i));
      }
    }
    return this;
  }

  /** Plays cards by short name, each by whoever may play it, with the given move verb ("play", "pass"...). */
  Play playAll(String verb, String shortNames) {
    for (String c : cards(shortNames)) {
      play("(" + verb + " " + c + ")");
    }
    return this;
  }

  /** The cards in a place instance, by its GDL text ("(hand p2)", "discard"), as card texts. */
  List<String> in(String place) {
    String[] names = game.places.text();
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(place)) {
        List<String> out = new ArrayList<>();
        for (int w = 0; w < state.words; w++) {
          for (long m = state.word(i, w); m != 0; m &= m - 1) {
            out.add(game.cardText(w << 6 | Long.numberOfTrailingZeros(m)));
          }
        }
        return out;
      }
    }
    throw new IllegalArgumentException("no place " + place + " in " + List.of(names));
  }

  /** The index of a place instance by its GDL text. */
  int placeIndex(String place) {
    String[] names = game.places.text();
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(place)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no place " + place);
  }

  /** A game variable by its rendered name ("Total", "Points[p2]"). */
  int var(String name) {
    for (int i = 0; i < game.varNames.size(); i++) {
      if (game.varNames.get(i).equals(name)) {
        return state.v[game.layout.vars + i];
      }
    }
    throw new IllegalArgumentException("no variable " + name + " in " + game.varNames);
  }

  /** The player to move in a turn-based phase. */
  int mover() {
    return state.v[Slot.MOVER];
  }

  /** The players who have more than noop to choose from. */
  List<Integer> movers() {
    List<Integer> out = new ArrayList<>();
    for (int r = 0; r < game.players; r++) {
      if (!legal(r).equals(List.of("noop"))) {
        out.add(r);
      }
    }
    return out;
  }

  boolean over() {
    return game.isTerminal(state);
  }

  /** The arena's winning score of each player (without the random role). */
  double[] scores() {
    return java.util.Arrays.copyOf(game.scores(state), game.players);
  }

  /** The name of the current phase, as in the first line of the rendering. */
  String phase() {
    return game.phase(state.v[Slot.PHASE]).name;
  }

  /** Plays one step: each role's move given by text ("noop" for roles not named). */
  Play step(Map<Integer, String> byRole) {
    int[] joint = new int[game.roleCount()];
    for (int r = 0; r < joint.length; r++) {
      String want = byRole.getOrDefault(r, "noop");
      game.legalMoves(state, r, moves);
      int found = -1;
      for (int i = 0; i < moves.size(); i++) {
        if (game.moveText(r, moves.get(i)).equals(want)) {
          found = moves.get(i);
        }
      }
      if (found < 0) {
        throw new AssertionError(game.roleName(r) + " cannot play " + want + "; legal: " + legal(r) + "\n"
            + game.render(state, -1));
      }
      joint[r] = found;
    }
    game.apply(state, joint, percepts);
    log.add(byRole.toString());
    return this;
  }

  /** The mover (the only role with more than noop) plays a move given by text. */
  Play play(String move) {
    for (int r = 0; r < game.roleCount(); r++) {
      if (legal(r).contains(move)) {
        return step(Map.of(r, move));
      }
    }
    throw new AssertionError("nobody can play " + move + "\n" + game.render(state, -1));
  }

  /** Random deals the named card next. */
  Play deal(String card) {
    return step(Map.of(game.randomRole(), "(deal " + card + ")"));
  }

  /** Random deals the first card (in card order) of the pending source. */
  Play dealAny() {
    return step(Map.of(game.randomRole(), legal(game.randomRole()).get(0)));
  }

  /**
   * Doctors the position: moves a card (short name) to a place instance without a step or a percept. For states
   * that the rules reach only after many moves, or not at all (say so where you use it).
   */
  Play put(String shortName, String place) {
    String text = card(shortName);
    int to = placeIndex(place);
    for (int c = 0; c < game.cards.text().length; c++) {
      if (game.cardText(c).equals(text)) {
        for (int i = c >>> 6; i < state.places.length; i += state.words) {
          state.places[i] &= ~(1L << c);
        }
        state.places[to * state.words + (c >>> 6)] |= 1L << c;
        return this;
      }
    }
    throw new IllegalArgumentException("no card " + text);
  }

  /** Deals random cards until no deal is pending. */
  Play dealRest(long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    while (!game.isTerminal(state) && chancePending()) {
      game.legalMoves(state, game.randomRole(), moves);
      int[] joint = new int[game.roleCount()];
      joint[game.randomRole()] = moves.get(rng.nextInt(moves.size()));
      game.apply(state, joint, percepts);
    }
    return this;
  }

  /** Plays one uniformly random joint step; returns each role's move as text. */
  List<String> randomStep(SplittableRandom rng) {
    int[] joint = new int[game.roleCount()];
    List<String> texts = new ArrayList<>();
    for (int r = 0; r < joint.length; r++) {
      game.legalMoves(state, r, moves);
      if (moves.isEmpty()) {
        throw new AssertionError(game.roleName(r) + " has no legal move\n" + game.render(state, -1));
      }
      joint[r] = moves.get(rng.nextInt(moves.size()));
      texts.add(game.moveText(r, joint[r]));
    }
    game.apply(state, joint, percepts);
    return texts;
  }

  /**
   * The arena's winning scores for keys (higher is better), computed independently of the engine: rank r scores
   * 1 - (r - 1)/(n - 1), and tied players share the average of their ranks' scores.
   */
  static double[] rankScores(int[] keys) {
    int n = keys.length;
    double[] out = new double[n];
    for (int p = 0; p < n; p++) {
      int better = 0;
      int equal = 0;
      for (int q = 0; q < n; q++) {
        if (keys[q] > keys[p]) {
          better++;
        } else if (keys[q] == keys[p]) {
          equal++;
        }
      }
      double sum = 0;
      for (int rank = better + 1; rank <= better + equal; rank++) {
        sum += 1 - (rank - 1) / (double) (n - 1);
      }
      out[p] = sum / equal;
    }
    return out;
  }

  /** The rank of a standard card text ("(card queen spades)"): 2..10, jack 11, queen 12, king 13, ace 14. */
  /**
   * The position in {@code trick} of the card that wins it: the first card with the highest key, each key read
   * with the card led ({@code trick.get(0)}), as the reference rules of the trick games rank them.
   */
  static int bestCard(List<String> trick, java.util.function.ToIntBiFunction<String, String> keyGivenLed) {
    int best = 0;
    for (int i = 1; i < trick.size(); i++) {
      if (keyGivenLed.applyAsInt(trick.get(i), trick.get(0)) > keyGivenLed.applyAsInt(trick.get(best), trick.get(0))) {
        best = i;
      }
    }
    return best;
  }

  static int rankOf(String cardText) {
    String r = cardText.substring("(card ".length(), cardText.lastIndexOf(' '));
    switch (r) {
      case "jack": return 11;
      case "queen": return 12;
      case "king": return 13;
      case "ace": return 14;
      default: return Integer.parseInt(r);
    }
  }

  /** The suit word of a standard card text ("spades"). */
  static String suitOf(String cardText) {
    return cardText.substring(cardText.lastIndexOf(' ') + 1, cardText.length() - 1);
  }

  /** The card text inside a move text: "(play (card 2 clubs))" gives "(card 2 clubs)". */
  static String cardOf(String moveText) {
    return moveText.substring(moveText.indexOf("(card"), moveText.length() - 1);
  }

  /** Plays uniformly random joint moves to the end; returns the number of steps. */
  int playOut(long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int steps = 0;
    int[] joint = new int[game.roleCount()];
    while (!game.isTerminal(state)) {
      for (int r = 0; r < joint.length; r++) {
        game.legalMoves(state, r, moves);
        if (moves.isEmpty()) {
          throw new AssertionError(game.roleName(r) + " has no legal move\n" + game.render(state, -1));
        }
        joint[r] = moves.get(rng.nextInt(moves.size()));
      }
      game.apply(state, joint, percepts);
      if (++steps > game.stepBound()) {
        throw new AssertionError("more than " + game.stepBound() + " steps");
      }
    }
    return steps;
  }

  /**
   * Plays {@code seeds} uniformly random games: each must end within the game's step bound, with every player
   * holding a legal move at every step, and with rank-based scores in [0,1] that sum to n/2 (the sum of the
   * winning scores of ranks 1..n, which ties preserve) and goals matching them. Returns the longest game.
   */
  static int randomPlayouts(String name, Map<String, String> options, int seeds) {
    int longest = 0;
    CompiledGame game = load(name, options);
    for (int seed = 0; seed < seeds; seed++) {
      Play p = new Play(game);
      int steps = p.playOut(seed);
      longest = Math.max(longest, steps);
      double[] scores = p.scores();
      double sum = 0;
      for (int r = 0; r < scores.length; r++) {
        if (scores[r] < 0 || scores[r] > 1) {
          throw new AssertionError("seed " + seed + ": score " + scores[r] + " of " + p.game.roleName(r));
        }
        if (p.game.goal(p.state, r) != Math.round(100 * scores[r])) {
          throw new AssertionError("seed " + seed + ": goal " + p.game.goal(p.state, r) + " vs score " + scores[r]);
        }
        sum += scores[r];
      }
      if (Math.abs(sum - scores.length / 2.0) > 1e-9) {
        throw new AssertionError("seed " + seed + ": scores " + java.util.Arrays.toString(scores) + " sum to " + sum);
      }
    }
    return longest;
  }

  /** The percepts of a role in the last step, as text. */
  List<String> seen(int role) {
    List<String> out = new ArrayList<>();
    for (int p : percepts.sorted(role)) {
      out.add(game.perceptText(role, p));
    }
    return out;
  }
}
