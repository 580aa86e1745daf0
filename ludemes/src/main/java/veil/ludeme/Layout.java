package veil.ludeme;

/**
 * Where a compiled game keeps its game-specific ints in {@link LudState#v}: the layout is fixed at compile time so
 * that every access on the playout path is an array index.
 */
public final class Layout {
  public final int players;
  /** Offset of the pending chance queue (PENDING_CAPACITY entries of PENDING_SIZE ints). */
  public final int pending;
  /** Offset of the per-player card played to the current (or last) trick, -1 when none. */
  public final int trickCard;
  /** Offset of per-player winning scores times 2·(n-1) (a payoff: amount - lo), written when the game ends. */
  public final int score;
  /** Offset of game variables (global first, then per-player blocks). */
  public final int vars;
  public final int varCount;
  /** Offset of board cells (0 = empty, p+1 = player p's mark). */
  public final int cells;
  public final int cellCount;
  /** Offset of per-player "tried" flags of board cells (players × cells). */
  public final int tried;
  /** Offset of per-card stamps (when each card last moved), for ordered places. */
  public final int stamp;
  public final int cardCount;
  public final int size;

  /** Entries the pending chance queue holds: at least {@link PendingDeal#CAPACITY}, more for games with many deals. */
  public final int pendingCapacity;

  public Layout(int players, int varCount, int cellCount, int cardCount) {
    this(players, varCount, cellCount, cardCount, PendingDeal.CAPACITY);
  }

  public Layout(int players, int varCount, int cellCount, int cardCount, int pendingCapacity) {
    this.players = players;
    this.pendingCapacity = Math.max(PendingDeal.CAPACITY, pendingCapacity);
    this.varCount = varCount;
    this.cellCount = cellCount;
    this.cardCount = cardCount;
    int at = Slot.HEADER;
    pending = at;
    at += this.pendingCapacity * PendingDeal.SIZE;
    trickCard = at;
    at += players;
    score = at;
    at += players;
    vars = at;
    at += varCount;
    cells = at;
    at += cellCount;
    tried = at;
    at += players * cellCount;
    stamp = at;
    at += cardCount;
    size = at;
  }
}
