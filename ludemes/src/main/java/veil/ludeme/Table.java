package veil.ludeme;

import java.util.ArrayList;
import java.util.List;
import veil.model.Percepts;

/**
 * The fixed equipment of a compiled game — cards, places, where ints live — and the primitive operations every
 * card ludeme is built from: move a card (and tell each player what they see of it), queue a chance deal, tell a
 * player a word. Created once equipment is compiled, before the rules, so that compiled rules can hold it.
 */
public final class Table {
  /** Percept kinds, in the top bits of a percept int. */
  public static final int PERCEPT_MOVED = 1;

  public static final int PERCEPT_TELL = 2;

  public static final int PERCEPT_REVEAL = 3;

  public final int players;
  /** Bit p for every player p. */
  private final long playerBits;
  /** The seat that the i-th card of a deal to every player goes to (i mod players, without a division). */
  private final int[] seatOfDeal;
  public final CardTable.Frozen cards;
  /** Each card's face: a percept names the face, so identical copies are seen alike. */
  private final int[] face;
  public final PlaceTable.Frozen places;
  /** Per place instance: its top card alone is shown to every player ({@link PlaceTable.Visibility#TOP}). */
  private final boolean[] topShown;
  public final Layout layout;
  /** Words players can be told ({@code (tell P "ok")}); a told percept is its index here. */
  public final List<String> tells = new ArrayList<>();

  public Table(int players, CardTable.Frozen cards, PlaceTable.Frozen places, Layout layout) {
    this.players = players;
    this.playerBits = (1L << players) - 1;
    this.seatOfDeal = new int[CardTable.MAX_CARDS + 1];
    for (int i = 0; i < seatOfDeal.length; i++) {
      seatOfDeal[i] = players > 0 ? i % players : 0;
    }
    this.cards = cards;
    this.face = cards.face();
    this.places = places;
    this.topShown = places.topShown();
    this.layout = layout;
  }

  /** Whether place instance x shows its top card alone to every player ({@code (pile … visible:Top)}). */
  public boolean topShown(int x) {
    return topShown[x];
  }

  public int tellIndex(String word) {
    int i = tells.indexOf(word);
    if (i < 0) {
      tells.add(word);
      i = tells.size() - 1;
    }
    return i;
  }

  /** Moves one card between place instances, stamping it and telling every player what they see of the move. */
  public void moveCard(LudState s, int card, int from, int to) {
    if (s.sink != null && (topShown[from] | topShown[to])) {
      moveShowingTop(s, card, from, to, false);
      return;
    }
    long bit = 1L << card; // Java shifts by card & 63: the bit within its word
    int w = card >>> 6;
    int words = s.words;
    s.places[from * words + w] &= ~bit;
    s.places[to * words + w] |= bit;
    int[] v = s.v;
    v[layout.stamp + card] = ++v[Slot.CLOCK];
    v[Slot.LAST_CARD] = card;
    if (s.sink != null) {
      tellMove(s.sink, card, from, to);
    }
  }

  /**
   * Moves one card between place instances and puts it under the cards already there: its stamp is below every
   * stamp given so far ({@code -clock}), so among the cards of a place the lowest stamp is the bottom one.
   */
  public void moveCardUnder(LudState s, int card, int from, int to) {
    if (s.sink != null && (topShown[from] | topShown[to])) {
      moveShowingTop(s, card, from, to, true);
      return;
    }
    moveCard(s, card, from, to);
    s.v[layout.stamp + card] = -s.v[Slot.CLOCK];
  }

  /**
   * A card move from or to a place that shows its top card ({@link PlaceTable.Visibility#TOP}), with percepts:
   * every player sees the card's face when it was the top card of its old place or is the top card of its new one
   * (put on top, or under the cards of an empty place); then, when it was the top, the card it uncovers is shown to
   * every player ({@code (revealed CARD PLACE)}). Only with percepts: rollouts take the plain move.
   */
  private void moveShowingTop(LudState s, int card, int from, int to, boolean under) {
    boolean wasTop = topShown[from] && end(s, from, true) == card;
    boolean onTop = topShown[to] && (!under || s.isEmpty(to));
    Percepts sink = s.sink;
    s.sink = null;
    moveCard(s, card, from, to);
    if (under) {
      s.v[layout.stamp + card] = -s.v[Slot.CLOCK];
    }
    s.sink = sink;
    int hidden = PERCEPT_MOVED << 28 | from << 7 | to;
    int shown = hidden | (face[card] + 1) << 14;
    int seers = wasTop || onTop ? (int) playerBits : places.visibleMask()[from] | places.visibleMask()[to];
    for (long who = sink.listeners() & playerBits; who != 0; who &= who - 1) {
      int p = Long.numberOfTrailingZeros(who);
      sink.add(p, (seers & 1 << p) != 0 ? shown : hidden);
    }
    if (wasTop) {
      int uncovered = end(s, from, true);
      if (uncovered >= 0) {
        reveal(s, uncovered, -1);
      }
    }
  }

  /**
   * The card of a place instance with the highest (top) or lowest (bottom) position, -1 when it is empty. A card's
   * position is its stamp, then its index (cards that never moved have stamp 0 and lie in index order).
   */
  public int end(LudState s, int place, boolean top) {
    int words = s.words;
    int[] v = s.v;
    int base = layout.stamp;
    int best = -1;
    int bestStamp = 0;
    for (int w = 0; w < words; w++) {
      for (long m = s.places[place * words + w]; m != 0; m &= m - 1) {
        int c = w << 6 | Long.numberOfTrailingZeros(m);
        int st = v[base + c];
        // Cards come in index order: an equal stamp is higher up.
        if (best < 0 || (top ? st >= bestStamp : st < bestStamp)) {
          best = c;
          bestStamp = st;
        }
      }
    }
    return best;
  }


  /** Whether card a lies above card b (both in one place): a higher stamp, or an equal one and a higher index. */
  public boolean above(LudState s, int a, int b) {
    int sa = s.v[layout.stamp + a];
    int sb = s.v[layout.stamp + b];
    return sa > sb || sa == sb && a > b;
  }

  /**
   * Slides every card of {@code from} under the cards of {@code to}, keeping their order: the top card of {@code
   * from} goes first (just under the cards there), its bottom card last (at the very bottom).
   */
  public void moveAllUnder(LudState s, int from, int to) {
    for (int c = end(s, from, true); c >= 0; c = end(s, from, true)) {
      moveCardUnder(s, c, from, to);
    }
  }

  /**
   * Every listening player sees the move; the face only a player who may see where the card was or where it goes.
   * Kept out of {@link #moveCard} so that the move itself, which rollouts make without percepts, is small enough
   * for the JIT to inline.
   */
  private void tellMove(Percepts sink, int card, int from, int to) {
    for (long who = sink.listeners() & playerBits; who != 0; who &= who - 1) {
      int p = Long.numberOfTrailingZeros(who);
      sink.add(p, movePercept(card, from, to, p));
    }
  }

  /**
   * What player p perceives of a card moving between two place instances when neither shows its top card alone;
   * for one that does, the face of a card put on its top too (the card taken off its top, or put under its cards,
   * is seen or not by what the state holds: {@link #moveShowingTop}).
   */
  public int movePercept(int card, int from, int to, int p) {
    int seers = places.visibleMask()[from] | places.visibleMask()[to] | (topShown[to] ? (int) playerBits : 0);
    int base = PERCEPT_MOVED << 28 | from << 7 | to;
    return (seers & (1 << p)) != 0 ? base | (face[card] + 1) << 14 : base;
  }

  /** Moves every card of {@code from} to {@code to}, lowest index first. */
  public void moveAll(LudState s, int from, int to) {
    for (int w = 0; w < s.words; w++) {
      long m = s.places[from * s.words + w];
      while (m != 0) {
        int c = w << 6 | Long.numberOfTrailingZeros(m);
        m &= m - 1;
        moveCard(s, c, from, to);
      }
    }
  }

  /** Sends a told percept (e.g. "ok") to one player. */
  public void tell(LudState s, int player, int word) {
    if (s.sink != null) {
      s.sink.add(player, PERCEPT_TELL << 28 | word);
    }
  }

  /** Shows a card's face, where it lies, to one player ({@code player = -1}: to every player); nothing moves. */
  public void reveal(LudState s, int card, int player) {
    if (s.sink == null || card < 0) {
      return;
    }
    int at = whereIs(s, card);
    int percept = PERCEPT_REVEAL << 28 | (face[card] + 1) << 14 | (at < 0 ? 0 : at) << 7;
    for (int p = 0; p < players; p++) {
      if (player < 0 || p == player) {
        s.sink.add(p, percept);
      }
    }
  }

  /** The place instance holding a card, or -1. */
  public int whereIs(LudState s, int card) {
    long bit = 1L << card;
    long[] p = s.places;
    int words = s.words;
    for (int i = card >>> 6, x = 0; i < p.length; i += words, x++) {
      if ((p[i] & bit) != 0) {
        return x;
      }
    }
    return -1;
  }

  /**
   * Queues a chance deal of {@code count} cards from instance {@code src} to place {@code dstBase}: {@code owner}
   * is a player, -1 for every player in turn starting with the first, or -2 for a shared place.
   */
  public void enqueueDeal(LudState s, int src, int dstBase, int owner, int count) {
    int[] v = s.v;
    int n = v[Slot.PENDING];
    if (n == layout.pendingCapacity) {
      throw new IllegalStateException("rule failure: more than " + layout.pendingCapacity + " deals and draws pending "
          + "at once (effects queued them faster than random deals them)");
    }
    int at = layout.pending + n * PendingDeal.SIZE;
    v[at + PendingDeal.SOURCE] = src;
    v[at + PendingDeal.DEST] = dstBase;
    v[at + PendingDeal.OWNER] = owner;
    v[at + PendingDeal.LEFT] = count;
    v[at + PendingDeal.DEALT] = 0;
    v[Slot.PENDING] = n + 1;
  }

  /** Deals one card of the first pending deal: the random role's move. */
  void dealOne(LudState s, int card) {
    int[] v = s.v;
    int at = layout.pending;
    int owner = v[at + PendingDeal.OWNER];
    int dealt = v[at + PendingDeal.DEALT];
    int dst = v[at + PendingDeal.DEST]
        + (owner == PendingDeal.SHARED ? 0 : owner >= 0 ? owner : dealt < seatOfDeal.length ? seatOfDeal[dealt]
        : dealt % players);
    moveCard(s, card, v[at + PendingDeal.SOURCE], dst);
    v[at + PendingDeal.LEFT]--;
    v[at + PendingDeal.DEALT]++;
  }

  /** Drops the first pending deal when it is done or its source is empty; true if it did. */
  boolean dropFinishedDeal(LudState s) {
    int[] v = s.v;
    int at = layout.pending;
    if (v[at + PendingDeal.LEFT] > 0 && !s.isEmpty(v[at + PendingDeal.SOURCE])) {
      return false;
    }
    int n = v[Slot.PENDING];
    System.arraycopy(v, at + PendingDeal.SIZE, v, at, (n - 1) * PendingDeal.SIZE);
    v[Slot.PENDING] = n - 1;
    return true;
  }

  public String cardText(int card) {
    return card < 0 ? "none" : cards.text()[card];
  }

  public String perceptText(int percept) {
    int kind = percept >>> 28;
    if (kind == PERCEPT_TELL) {
      return tells.get(percept & 0xFFFFFFF);
    }
    if (kind == PERCEPT_REVEAL) {
      return "(revealed " + cardText((percept >>> 14 & 0x1FF) - 1) + " " + places.text()[perceptFrom(percept)] + ")";
    }
    int card = perceptCard(percept);
    return "(moved " + (card < 0 ? "hidden" : cardText(card)) + " " + places.text()[perceptFrom(percept)] + " "
        + places.text()[perceptTo(percept)] + ")";
  }

  /*
   * A percept int: kind in bits 28..31; card + 1 (0: face down) in bits 14..22; from (or where a revealed card lies)
   * in bits 7..13; to in bits 0..6. Cards 0..510, place instances 0..127.
   */

  /** The card of a move percept, -1 when hidden, -2 when the percept is not a move. */
  public static int perceptCard(int percept) {
    return (percept >>> 28) == PERCEPT_MOVED ? (percept >>> 14 & 0x1FF) - 1 : -2;
  }

  public static int perceptFrom(int percept) {
    return percept >>> 7 & 0x7F;
  }

  public static int perceptTo(int percept) {
    return percept & 0x7F;
  }
}
