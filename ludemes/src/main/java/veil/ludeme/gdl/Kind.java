package veil.ludeme.gdl;

/**
 * What an integer of the ludeme language stands for, so that exported rules use readable GDL terms: players are
 * role names, cards their terms, suits their names; only plain numbers are numerals. {@code none} stands for the
 * engine's -1 in the first three.
 */
public enum Kind {
  NUM,
  PLAYER,
  CARD,
  SUIT,
  PLACE,
  /** Anything else the state holds: a phase's name, a queued deal. */
  OTHER,
  /**
   * An ordered key of several digits compared lexicographically ({@link LexKey}), e.g. a poker hand's value: it may
   * only be compared, never used as a number.
   */
  KEY;

  public String word() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
