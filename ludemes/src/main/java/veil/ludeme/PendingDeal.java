package veil.ludeme;

/**
 * The layout of a pending chance deal in the state's int block: the queue starts at {@link Layout#pending}, holds
 * {@link Slot#PENDING} entries of {@link #SIZE} ints each, the first being the deal under way. The one place that
 * knows the offsets; readers use the named fields (e.g. {@code v[at + PendingDeal.LEFT]}).
 */
public final class PendingDeal {
  private PendingDeal() {}

  /** The place instance the cards come from. */
  public static final int SOURCE = 0;
  /** The first instance of the destination place. */
  public static final int DEST = 1;
  /** The player whose instance receives the cards; -1 for every player in turn, -2 for a shared place. */
  public static final int OWNER = 2;
  /** Cards still to deal. */
  public static final int LEFT = 3;
  /** Cards dealt so far. */
  public static final int DEALT = 4;
  /** Ints per entry. */
  public static final int SIZE = 5;
  /** Entries the queue can hold. */
  public static final int CAPACITY = 8;
  /** {@link #OWNER} of a deal that gives to every player in turn. */
  public static final int EACH = -1;
  /** {@link #OWNER} of a deal to a shared place. */
  public static final int SHARED = -2;
}
