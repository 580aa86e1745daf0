package veil.ludeme;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cards of a game and their attributes. Each card is a distinct object with an index 0..count-1; its suit and
 * rank are indices into the deck's suit and rank lists (rank order is the order the deck lists them, low to high);
 * numbered decks give each card its number. Value maps ("Penalty", "Worth") give each card an int.
 */
public final class CardTable {
  /** At most this many cards: four 64-bit words of a place's card set (two decks with jokers fit in two). */
  public static final int MAX_CARDS = 256;

  /** The number of 64-bit words a set of {@code cards} cards takes (at least one). */
  public static int wordsFor(int cards) {
    return Math.max(1, (cards + 63) >>> 6);
  }

  private final List<String> suitNames = new ArrayList<>();
  private final List<String> rankNames = new ArrayList<>();
  private final List<String> texts = new ArrayList<>();
  private final List<String> deckOf = new ArrayList<>();
  private final List<int[]> attrs = new ArrayList<>(); // suit, rank, number, face
  private final Map<String, int[]> maps = new LinkedHashMap<>();
  private long[] suitMask = new long[0];

  /** Adds a card; returns its index, or -1 when the table is full. */
  public int add(String deck, String text, int suit, int rank, int number) {
    if (texts.size() >= MAX_CARDS) {
      return -1;
    }
    texts.add(text);
    deckOf.add(deck);
    attrs.add(new int[] {suit, rank, number, texts.size() - 1});
    return texts.size() - 1;
  }

  /**
   * Adds an identical copy of card {@code of} (the last card added, or one of its copies): same text, suit, rank,
   * number and values; returns its index, or -1 when the table is full. Copies of a card are consecutive indices.
   */
  public int addCopy(int of) {
    int[] a = attrs.get(of);
    int card = add(deckOf.get(of), texts.get(of), a[0], a[1], a[2]);
    if (card >= 0) {
      attrs.get(card)[3] = a[3];
    }
    return card;
  }

  public int suitIndex(String name) {
    int i = indexIgnoreCase(suitNames, name);
    if (i < 0) {
      suitNames.add(name);
      i = suitNames.size() - 1;
    }
    return i;
  }

  public int rankIndex(String name) {
    int i = indexIgnoreCase(rankNames, name);
    if (i < 0) {
      rankNames.add(name);
      i = rankNames.size() - 1;
    }
    return i;
  }

  public int findSuit(String name) {
    return indexIgnoreCase(suitNames, name);
  }

  public int findRank(String name) {
    return indexIgnoreCase(rankNames, name);
  }

  private static int indexIgnoreCase(List<String> list, String name) {
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i).equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }

  public List<String> suitNames() {
    return suitNames;
  }

  public List<String> rankNames() {
    return rankNames;
  }

  public int count() {
    return texts.size();
  }

  public String text(int card) {
    return texts.get(card);
  }

  public String deckOf(int card) {
    return deckOf.get(card);
  }

  public void defineMap(String name, int[] values) {
    maps.put(name, values);
  }

  public int[] map(String name) {
    return maps.get(name);
  }

  public Map<String, int[]> maps() {
    return maps;
  }

  /** Finalises the table: per-attribute arrays for the playout path. */
  public Frozen freeze() {
    int n = count();
    int[] suit = new int[n];
    int[] rank = new int[n];
    int[] number = new int[n];
    int[] face = new int[n];
    for (int c = 0; c < n; c++) {
      suit[c] = attrs.get(c)[0];
      rank[c] = attrs.get(c)[1];
      number[c] = attrs.get(c)[2];
      face[c] = attrs.get(c)[3];
    }
    // A card with copies is named in the state and in random's deals by its copy: (copy K CARD), K from 1.
    String[] idText = texts.toArray(new String[0]);
    for (int c = 0; c < n; c++) {
      boolean copied = c + 1 < n && face[c + 1] == face[c] || face[c] != c;
      if (copied) {
        idText[c] = "(copy " + (c - face[c] + 1) + " " + texts.get(c) + ")";
      }
    }
    int words = wordsFor(n);
    suitMask = new long[suitNames.size() * words];
    for (int c = 0; c < n; c++) {
      if (suit[c] >= 0) {
        suitMask[suit[c] * words + (c >>> 6)] |= 1L << c;
      }
    }
    return new Frozen(texts.toArray(new String[0]), suit, rank, number, suitMask.clone(),
        suitNames.toArray(new String[0]), rankNames.toArray(new String[0]), face, idText);
  }

  /**
   * The immutable, array-backed view used at run time. A set of cards is {@link #words()} longs, card c being bit
   * {@code c & 63} of word {@code c >>> 6}; {@code suitMask[k * words() + w]} is word w of suit k's cards.
   */
  public record Frozen(String[] text, int[] suit, int[] rank, int[] number, long[] suitMask, String[] suitNames,
      String[] rankNames, int[] face, String[] idText) {
    /**
     * Whether some card has identical copies (two decks, jokers): copies print alike ({@link #text}), a player's
     * move names the face ({@link #face}: the first copy's index) and moves the lowest copy it may move, percepts
     * name the face, and only the state and random's deals name the copy ({@link #idText}).
     */
    public boolean hasCopies() {
      for (int c = 0; c < face.length; c++) {
        if (face[c] != c) {
          return true;
        }
      }
      return false;
    }

    public int count() {
      return text.length;
    }

    /** The number of 64-bit words of a card set: ceil(count / 64), at least 1. */
    public int words() {
      return wordsFor(text.length);
    }

    /** Word w of the set of every card. */
    public long all(int w) {
      int left = text.length - 64 * w;
      return left >= 64 ? -1L : left <= 0 ? 0L : (1L << left) - 1;
    }
  }
}
