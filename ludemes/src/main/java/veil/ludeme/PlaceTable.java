package veil.ludeme;

import java.util.ArrayList;
import java.util.List;

/**
 * The places cards can be in: hands, piles, spots, decks. A place is shared or one per player; each (place, owner)
 * pair is an instance with its own card bitmask in the state. Visibility belongs to places: seen by all, by the
 * owner, or by no one; or, for an ordered pile, its top card alone by everyone ({@link Visibility#TOP}).
 */
public final class PlaceTable {
  public enum Visibility {
    ALL,
    OWNER,
    NONE,
    /**
     * A pile face down but for its top card, which every player sees: a card put on top (or into the empty pile)
     * is seen by all, so is the top card taken off, and the card it uncovers is shown to all ({@link Table}).
     */
    TOP
  }

  /** One declared place. */
  public record Def(int index, String name, String kind, boolean perPlayer, Visibility visibility, int base) {}

  private final List<Def> defs = new ArrayList<>();
  private final int players;
  private int instances;

  public PlaceTable(int players) {
    this.players = players;
  }

  public Def add(String name, String kind, boolean perPlayer, Visibility visibility) {
    Def d = new Def(defs.size(), name, kind, perPlayer, visibility, instances);
    defs.add(d);
    instances += perPlayer ? players : 1;
    return d;
  }

  public Def find(String name) {
    for (Def d : defs) {
      if (d.name().equalsIgnoreCase(name)) {
        return d;
      }
    }
    return null;
  }

  public List<Def> defs() {
    return defs;
  }

  public int instanceCount() {
    return instances;
  }

  public Frozen freeze() {
    int n = instances;
    int[] defOf = new int[n];
    int[] owner = new int[n];
    int[] visibleMask = new int[n];
    String[] text = new String[n];
    boolean[] topShown = new boolean[n];
    for (Def d : defs) {
      int count = d.perPlayer() ? players : 1;
      for (int k = 0; k < count; k++) {
        int i = d.base() + k;
        defOf[i] = d.index();
        owner[i] = d.perPlayer() ? k : -1;
        String gdlName = Names.gdl(d.name());
        text[i] = d.perPlayer() ? "(" + gdlName + " p" + (k + 1) + ")" : gdlName;
        int mask = 0;
        for (int p = 0; p < players; p++) {
          boolean sees = d.visibility() == Visibility.ALL || (d.visibility() == Visibility.OWNER && owner[i] == p);
          if (sees) {
            mask |= 1 << p;
          }
        }
        visibleMask[i] = mask;
        topShown[i] = d.visibility() == Visibility.TOP;
      }
    }
    return new Frozen(defOf, owner, visibleMask, text, topShown);
  }

  /**
   * Arrays for the playout path: per instance its place, owner (-1 shared), which players see its cards, its GDL
   * text, and whether its top card alone is shown to all ({@link Visibility#TOP}; such a place's visible mask is 0).
   */
  public record Frozen(int[] defOf, int[] owner, int[] visibleMask, String[] text, boolean[] topShown) {
    /** Whether some place shows its top card to all. */
    public boolean anyTopShown() {
      for (boolean b : topShown) {
        if (b) {
          return true;
        }
      }
      return false;
    }
  }
}
