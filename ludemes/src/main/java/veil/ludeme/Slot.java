package veil.ludeme;

/**
 * Fixed positions in {@link LudState#v}, the int part of every ludeme game's state. Game-specific slots (variables,
 * board cells, trick cards) follow {@link #HEADER}; their offsets are fixed by the compiler in {@link Layout}.
 */
public final class Slot {
  private Slot() {}

  /** Index of the current phase. */
  public static final int PHASE = 0;
  /** The player to move in a turn-based phase. */
  public static final int MOVER = 1;
  /** Joint moves played so far. */
  public static final int STEP = 2;
  /** Player moves made in turn-based phases so far. */
  public static final int TURNS = 3;
  /** The player who made the last move (-1 before any). */
  public static final int LAST_MOVER = 4;
  /** The card moved by the last move (-1 when none). */
  public static final int LAST_CARD = 5;
  /** 1 when the state is terminal. */
  public static final int TERMINAL = 6;
  /**
   * 1 while the current phase still has to be entered (its entry effects run once chance has settled); 2 + k while
   * start's later segment k (from 0) is still to run first (see {@code CompiledGame}).
   */
  public static final int ENTER = 7;
  /** Trick registers: who led, the led suit (-1 before a lead), cards played to this trick, tricks done, last winner. */
  public static final int TRICK_LEADER = 8;
  public static final int LED_SUIT = 9;
  public static final int TRICK_PLAYED = 10;
  public static final int TRICKS = 11;
  public static final int TRICK_WINNER = 12;
  /** Number of pending chance deals; the entries follow at {@link Layout#pending} ({@link PendingDeal}). */
  public static final int PENDING = 13;
  /** Stamp clock for ordered places (the top of a pile is the card with the highest stamp). */
  public static final int CLOCK = 14;
  public static final int HEADER = 15;

}
