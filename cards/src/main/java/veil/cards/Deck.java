package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.dsl.Diagnostic;
import veil.dsl.DslException;
import veil.dsl.Node;
import veil.ludeme.CardTable;
import veil.ludeme.Names;
import veil.ludeme.PlaceTable;
import veil.ludeme.compile.CardSampling;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.Compiler;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/**
 * {@code (deck "Name" suits:{…} ranks:{…} without:{(card R S) …})} or {@code (deck "Name" numbers:{1..37}
 * suitOf:{…})}: the cards, and a shared place of that name (face down) that holds them at the start. Without
 * suits, ranks or numbers it is the standard 52-card deck. Ranks are listed low to high: that order is what
 * {@code (rank Card)} compares.
 */
public final class Deck extends SimpleLudeme {
  static final List<String> STANDARD_SUITS = List.of("Clubs", "Diamonds", "Hearts", "Spades");
  static final List<String> STANDARD_RANKS =
      List.of("2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace");

  /** The largest number a numbered card may carry. */
  static final long MAX_NUMBER = 999_999;

  public Deck() {
    super("deck", Type.EQUIPMENT, "A deck of cards (standard 52 by default, or given suits and ranks, or numbered "
        + "cards) and the face-down place of that name that holds it.",
        Param.pos("name", "string", "the deck's name, also the name of its place"),
        Param.named("suits", "{name …}", "the suits"),
        Param.named("ranks", "{name …}", "the ranks, lowest first"),
        Param.named("without", "{(card R S) …}", "cards left out (a stripped deck)"),
        Param.named("numbers", "{lo..hi}", "numbered cards instead of suits × ranks"),
        Param.named("suitOf", "{suit …}", "for numbered cards: each card's suit, in number order"),
        Param.named("visible", "All|Owner|None", "who sees the deck's cards (default None)"),
        Param.named("copies", "int", "how many identical copies of each card (default 1; 2 for two decks): copies"
            + " print alike, a move names the card and moves the lowest copy the player may move"),
        Param.named("jokers", "int", "how many identical jokers, (card Joker), without a suit (default 0)"));
  }

  @Override
  public String category() {
    return "equipment";
  }

  @Override
  public Object build(Args a) throws DslException {
    Compiler c = a.compiler();
    String name = a.text("name");
    if (c.places.find(name) != null) {
      throw a.error("name", "a place named \"" + name + "\" already exists", "a new name");
    }
    PlaceTable.Def place = c.places.add(name, "deck", false, Places.visibility(a, "visible", PlaceTable.Visibility.NONE));
    CardTable t = c.cardTable;
    int copies = a.has("copies") ? a.constInt("copies", 1, 8, "copies:") : 1;
    int jokers = a.has("jokers") ? a.constInt("jokers", 0, 8, "jokers:") : 0;
    if (a.has("numbers")) {
      List<Long> numbers = new ArrayList<>();
      for (Node n : a.list("numbers")) {
        if (n instanceof Node.Range r) {
          // The size is checked before the range is expanded (and without overflowing: to - from may not fit).
          if (r.to() < r.from() || r.from() < 0 || r.to() > MAX_NUMBER
              || r.to() - r.from() + 1 > CardTable.MAX_CARDS - numbers.size()) {
            throw new DslException(Diagnostic.at(n.pos(), "numbers: " + r.from() + ".." + r.to() + " is not a range"
                + " of at most " + (CardTable.MAX_CARDS - numbers.size()) + " more cards numbered 0.." + MAX_NUMBER
                + " (a game has at most " + CardTable.MAX_CARDS + " cards)", "{1..37}"));
          }
          for (long k = r.from(); k <= r.to(); k++) {
            numbers.add(k);
          }
        } else if (n instanceof Node.Int i) {
          if (i.value() < 0 || i.value() > MAX_NUMBER) {
            throw new DslException(Diagnostic.at(n.pos(), "a card's number must be in 0.." + MAX_NUMBER + ", found "
                + i.value(), "0.." + MAX_NUMBER));
          }
          numbers.add(i.value());
        } else {
          throw a.error("numbers", "expected numbers or a range", "{1..37}");
        }
      }
      java.util.Set<Long> seen = new java.util.HashSet<>();
      for (Long k : numbers) {
        if (!seen.add(k)) {
          throw a.error("numbers", "numbers: card " + k + " is listed twice", "each number once");
        }
      }
      List<Node> suitOf = a.list("suitOf");
      if (!suitOf.isEmpty() && suitOf.size() != numbers.size()) {
        throw a.error("suitOf", "suitOf: lists " + suitOf.size() + " suits for " + numbers.size() + " cards",
            numbers.size() + " suits");
      }
      for (int k = 0; k < numbers.size(); k++) {
        long num = numbers.get(k);
        int suit = suitOf.isEmpty() ? -1 : t.suitIndex(Compiler.text(suitOf.get(k)));
        add(a, c, place, "(card " + num + ")", suit, t.rankIndex(Long.toString(num)), (int) num, copies);
      }
      addJokers(a, c, place, jokers);
      return this;
    }
    List<String> suits = a.has("suits") ? distinct(a.list("suits"), "suit") : STANDARD_SUITS;
    List<String> ranks = a.has("ranks") ? distinct(a.list("ranks"), "rank") : STANDARD_RANKS;
    List<int[]> without = new ArrayList<>();
    for (Node n : a.list("without")) {
      without.add(rankSuit(n, ranks, suits));
    }
    for (int si = 0; si < suits.size(); si++) {
      for (int ri = 0; ri < ranks.size(); ri++) {
        boolean left = false;
        for (int[] w : without) {
          left |= w[0] == ri && w[1] == si;
        }
        if (left) {
          continue;
        }
        String rank = ranks.get(ri);
        int number = isNumber(rank) ? Integer.parseInt(rank) : 0;
        add(a, c, place, "(card " + Names.gdl(rank) + " " + Names.gdl(suits.get(si)) + ")", t.suitIndex(suits.get(si)),
            t.rankIndex(rank), number, copies);
      }
    }
    addJokers(a, c, place, jokers);
    return this;
  }

  /** Adds a card and its copies (consecutive indices). */
  private static void add(Args a, Compiler c, PlaceTable.Def place, String text, int suit, int rank, int number,
      int copies) throws DslException {
    int card = c.cardTable.add(place.name(), text, suit, rank, number);
    for (int k = 1; k < copies && card >= 0; k++) {
      c.cardHome.add(place.base());
      card = c.cardTable.addCopy(card);
    }
    if (card < 0) {
      throw new DslException(Diagnostic.at(a.pos(), "a game has at most " + CardTable.MAX_CARDS
          + " cards (Veil's limit for now)"));
    }
    c.cardHome.add(place.base());
  }

  /** Jokers: one card (card Joker) of rank Joker and no suit, in as many identical copies as asked. */
  private static void addJokers(Args a, Compiler c, PlaceTable.Def place, int jokers) throws DslException {
    if (jokers > 0) {
      add(a, c, place, "(card joker)", -1, c.cardTable.rankIndex("Joker"), 0, jokers);
    }
  }

  private static int[] rankSuit(Node n, List<String> ranks, List<String> suits) throws DslException {
    if (n instanceof Node.Call call && "card".equals(call.headName()) && call.args().size() == 2) {
      String r = Compiler.text(call.args().get(0));
      String s = Compiler.text(call.args().get(1));
      int ri = indexOf(ranks, r);
      int si = indexOf(suits, s);
      if (ri < 0 || si < 0) {
        throw new DslException(Diagnostic.at(n.pos(), "no card " + r + " of " + s + " in this deck"));
      }
      return new int[] {ri, si};
    }
    throw new DslException(Diagnostic.at(n.pos(), "expected (card Rank Suit)", "(card Ace Spades)"));
  }

  private static int indexOf(List<String> xs, String x) {
    for (int i = 0; i < xs.size(); i++) {
      if (xs.get(i).equalsIgnoreCase(x)) {
        return i;
      }
    }
    return -1;
  }

  /** The names of a list, each once: a name listed twice (in any case) is an error at its second place. */
  private static List<String> distinct(List<Node> nodes, String what) throws DslException {
    List<String> out = new ArrayList<>();
    for (Node n : nodes) {
      String name = Compiler.text(n);
      if (indexOf(out, name) >= 0) {
        throw new DslException(Diagnostic.at(n.pos(), "the " + what + " " + name + " is listed twice",
            "each " + what + " once"));
      }
      out.add(name);
    }
    return out;
  }

  private static boolean isNumber(String s) {
    return !s.isEmpty() && s.chars().allMatch(Character::isDigit) && s.length() < 9;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }
}
