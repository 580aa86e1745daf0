package veil.ludeme.gdl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.NavigableSet;
import java.util.Set;
import veil.ludeme.CompiledGame;
import veil.ludeme.Names;
import veil.ludeme.PlaceTable;

/**
 * What the compiled game knows that its syntax does not say directly — players, cards, suits, places and who sees
 * them, value maps, variables, phases, the board — and the static tables of the exported rules built from it.
 */
public final class Model {
  public final CompiledGame game;
  public final Program out;
  public final int n;
  public final String[] player;
  public final String[] cardTerm;
  /** Whether some card has identical copies: then players' card moves and percepts name faces ({@link #face}). */
  public final boolean copies;
  /** With copies: the card moves the rules allow, naming copies; (legal R M) names faces. */
  public static final String ID_LEGAL = "idlegal";
  /** With copies: (lowerlegal R (VERB C)): a lower copy of C's face is allowed by the same move. */
  public static final String LOWER_LEGAL = "lowerlegal";
  public final String[] suitTerm;
  public final String[] inst;
  public final List<String> phaseNames = new ArrayList<>();

  public Model(CompiledGame game, Program out) {
    this.game = game;
    this.out = out;
    n = game.players;
    player = new String[n];
    for (int p = 0; p < n; p++) {
      player[p] = game.roleName(p);
    }
    // A card with identical copies is (copy K CARD) in the state and random's deals; moves and percepts name CARD.
    cardTerm = game.cards.idText().clone();
    copies = game.cards.hasCopies();
    suitTerm = new String[game.cards.suitNames().length];
    for (int s = 0; s < suitTerm.length; s++) {
      suitTerm[s] = Names.gdl(game.cards.suitNames()[s]);
    }
    inst = game.places.text().clone();
    // Phase names become constants: one that is also a move's or a place's name gets a suffix (arity clash).
    java.util.Set<String> taken = new java.util.HashSet<>(List.of("move", "pass", "play", "mark", "deal",
        "tiebreak", "noop", "hidden", "moved", "revealed", "none", "swap", "discard"));
    for (PlaceTable.Def d : game.placeDefs) {
      taken.add(Names.gdl(d.name()));
    }
    for (int a = 2; a < game.actionCount(); a++) {
      taken.add(game.action(a).verb());
    }
    for (int i = 0; i < game.phaseCount(); i++) {
      String name = Names.gdl(game.phase(i).name);
      phaseNames.add(taken.contains(name) ? name + "_phase" : name);
    }
  }

  public int cards() {
    return cardTerm.length;
  }

  // ---------------------------------------------------------------- lookups

  public PlaceTable.Def place(String name) {
    for (PlaceTable.Def d : game.placeDefs) {
      if (d.name().equalsIgnoreCase(name)) {
        return d;
      }
    }
    return null;
  }

  public String defTerm(PlaceTable.Def d) {
    return Names.gdl(d.name());
  }

  public String instance(PlaceTable.Def d, int owner) {
    return inst[d.base() + (d.perPlayer() ? owner : 0)];
  }

  public int playerIndex(String name) {
    if (name.length() >= 2 && (name.charAt(0) == 'P' || name.charAt(0) == 'p')) {
      try {
        int k = Integer.parseInt(name.substring(1));
        if (k >= 1 && k <= n) {
          return k - 1;
        }
      } catch (NumberFormatException e) {
        // not P<number>
      }
    }
    for (int k = 0; k < n; k++) {
      if (player[k].equalsIgnoreCase(name) || game.roleName(k).equalsIgnoreCase(Names.gdl(name))) {
        return k;
      }
    }
    return -1;
  }

  public int suitIndex(String name) {
    String[] s = game.cards.suitNames();
    for (int i = 0; i < s.length; i++) {
      if (s[i].equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }

  public int rankIndex(String name) {
    String[] r = game.cards.rankNames();
    for (int i = 0; i < r.length; i++) {
      if (r[i].equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }

  public String phaseTerm(int index) {
    return phaseNames.get(index);
  }

  /** Names the game itself puts into terms (places, cards, suits, words, roles), which exported relations avoid. */
  /**
   * The words of the game the rules write as constants (no arguments): roles, shared places, told words, suits,
   * ranks and phases. A place per player is (NAME PLAYER), one argument, so it cannot clash with a move (NAME CARD).
   */
  public Set<String> constantWords() {
    Set<String> w = gameWords();
    for (PlaceTable.Def d : game.placeDefs) {
      if (d.perPlayer()) {
        w.remove(defTerm(d));
      }
    }
    w.remove("card");
    w.remove("copy");
    // A per-player place may share its name with a constant word (a rank, a phase): keep those.
    for (String p : game.roleNames()) {
      w.add(p);
    }
    w.addAll(game.table.tells);
    for (String s : suitTerm) {
      w.add(s);
    }
    for (String r : game.cards.rankNames()) {
      w.add(Names.gdl(r));
    }
    w.addAll(phaseNames);
    for (PlaceTable.Def d : game.placeDefs) {
      if (!d.perPlayer()) {
        w.add(defTerm(d));
      }
    }
    return w;
  }

  public Set<String> gameWords() {
    Set<String> w = new HashSet<>();
    for (String p : game.roleNames()) {
      w.add(p);
    }
    for (PlaceTable.Def d : game.placeDefs) {
      w.add(defTerm(d));
    }
    w.addAll(game.table.tells);
    w.add("card");
    if (copies) {
      w.add("copy");
    }
    for (String s : suitTerm) {
      w.add(s);
    }
    for (String r : game.cards.rankNames()) {
      w.add(Names.gdl(r));
    }
    w.addAll(phaseNames);
    return w;
  }

  // ---------------------------------------------------------------- static tables

  public String players() {
    if (out.once("player")) {
      for (String p : player) {
        out.table("player", "(player " + p + ")", "the players (every role but random)");
      }
    }
    return "player";
  }

  public String isCard() {
    if (out.once("iscard")) {
      for (String c : cardTerm) {
        out.table("iscard", "(iscard " + c + ")", "the cards");
      }
    }
    return "iscard";
  }

  /**
   * The term a percept or a player's move names for a card bound by the body: the card itself, or with copies its
   * face (a variable bound by (faceof CARD FACE), added to the body).
   */
  public String face(String card, List<String> body) {
    if (!copies) {
      return card;
    }
    String f = out.var();
    body.add(Program.atom(faceOf(), card, f));
    return f;
  }

  /** (faceof CARD FACE): each card's face, the term that names all its copies alike. */
  public String faceOf() {
    if (out.once("faceof")) {
      for (int c = 0; c < cards(); c++) {
        out.table("faceof", "(faceof " + cardTerm[c] + " " + game.cards.text()[c] + ")",
            "each card's face: copies of a card print alike");
      }
    }
    return "faceof";
  }

  /** (lowercopy D C): D is a lower copy of C's face (copies are ordered by K). */
  public String lowerCopy() {
    if (out.once("lowercopy")) {
      int[] face = game.cards.face();
      for (int c = 0; c < cards(); c++) {
        for (int d = face[c]; d < c; d++) {
          out.table("lowercopy", "(lowercopy " + cardTerm[d] + " " + cardTerm[c] + ")",
              "lower copies of a card: a move of the card moves the lowest copy it may");
        }
      }
    }
    return "lowercopy";
  }

  /** (suitof CARD SUIT), none for none. */
  public String suitOf() {
    if (out.once("suitof")) {
      for (int c = 0; c < cards(); c++) {
        int s = game.cards.suit()[c];
        out.table("suitof", "(suitof " + cardTerm[c] + " " + (s < 0 ? "none" : suitTerm[s]) + ")",
            "each card's suit (none for no card)");
      }
      out.table("suitof", "(suitof none none)", "");
    }
    return "suitof";
  }

  /** (suitindex SUIT I): each suit's position in the deck's suit list, -1 for none (the engine's integer). */
  public String suitIndex() {
    if (out.once("suitindex")) {
      for (int s = 0; s < suitTerm.length; s++) {
        out.table("suitindex", "(suitindex " + suitTerm[s] + " " + s + ")",
            "each suit's position in the deck's suit list (-1 for none), where rules compute with suits");
      }
      out.table("suitindex", "(suitindex none -1)", "");
    }
    return "suitindex";
  }

  /** (rankof CARD R): the rank's position in the deck's list, low to high; -1 for none. */
  public String rankOf() {
    if (out.once("rankof")) {
      for (int c = 0; c < cards(); c++) {
        out.table("rankof", "(rankof " + cardTerm[c] + " " + game.cards.rank()[c] + ")",
            "each card's rank as its position in the deck's rank list, low to high (-1 for no card)");
      }
      out.table("rankof", "(rankof none -1)", "");
    }
    return "rankof";
  }

  public String numberOf() {
    if (out.once("numberof")) {
      for (int c = 0; c < cards(); c++) {
        out.table("numberof", "(numberof " + cardTerm[c] + " " + game.cards.number()[c] + ")",
            "each card's number (0 for no card)");
      }
      out.table("numberof", "(numberof none 0)", "");
    }
    return "numberof";
  }

  /** (mapvalue MAP CARD V) for every card (0 for none). */
  public String mapValue(String map) {
    String key = "mapvalue/" + map;
    int[] values = game.maps.get(map);
    if (out.once(key)) {
      for (int c = 0; c < cards(); c++) {
        out.table("mapvalue", "(mapvalue " + Names.gdl(map) + " " + cardTerm[c] + " " + values[c] + ")",
            "value maps: each card's value (0 for no card)");
      }
      out.table("mapvalue", "(mapvalue " + Names.gdl(map) + " none 0)", "");
    }
    return "mapvalue";
  }

  public String mapName(String map) {
    for (String k : game.maps.keySet()) {
      if (k.equalsIgnoreCase(map) || k.equals(map)) {
        return k;
      }
    }
    return null;
  }

  /**
   * The seat name (p1, p2 …) of a player term, as per-player places name their owner: the player itself when roles
   * are named p1…, else a variable bound by (seatname PLAYER SEAT).
   */
  public String seatName(String player, java.util.List<String> body) {
    boolean plain = true;
    for (int p = 0; p < n; p++) {
      plain &= this.player[p].equals("p" + (p + 1));
    }
    if (plain) {
      return player;
    }
    if (!player.startsWith("?")) {
      for (int p = 0; p < n; p++) {
        if (this.player[p].equals(player)) {
          return "p" + (p + 1);
        }
      }
    }
    if (out.once("seatname")) {
      for (int p = 0; p < n; p++) {
        out.table("seatname", "(seatname " + this.player[p] + " p" + (p + 1) + ")",
            "(seatname player seat): per-player places are named by seat, (hand p1) …");
      }
    }
    String v = out.var();
    body.add("(seatname " + player + " " + v + ")");
    return v;
  }

  /** (ownerof INSTANCE PLAYER), none for shared places. */
  public String ownerOf() {
    if (out.once("ownerof")) {
      for (int i = 0; i < inst.length; i++) {
        int o = game.places.owner()[i];
        out.table("ownerof", "(ownerof " + inst[i] + " " + (o < 0 ? "none" : player[o]) + ")",
            "the owner of each place (none when shared)");
      }
    }
    return "ownerof";
  }

  /** (cansee PLAYER INSTANCE): the player sees the faces of the cards there. */
  public String canSee() {
    if (out.once("cansee")) {
      for (int i = 0; i < inst.length; i++) {
        for (int p = 0; p < n; p++) {
          if ((game.places.visibleMask()[i] & (1 << p)) != 0) {
            out.table("cansee", "(cansee " + player[p] + " " + inst[i] + ")",
                "who sees the faces of the cards in each place");
          }
        }
      }
    }
    return "cansee";
  }

  /** (topshown INSTANCE): the place shows its top card alone to every player ({@code (pile … visible:Top)}). */
  public String topShown() {
    if (out.once("topshown")) {
      for (int i = 0; i < inst.length; i++) {
        if (game.places.topShown()[i]) {
          out.table("topshown", "(topshown " + inst[i] + ")", "the places whose top card every player sees");
        }
      }
    }
    return "topshown";
  }

  /** (seat K A B): B sits K places after A in turn order. */
  public String seat(int k) {
    String rel = "seat";
    String key = "seat/" + k;
    if (out.once(key)) {
      for (int p = 0; p < n; p++) {
        out.table(rel, "(seat " + k + " " + player[p] + " " + player[(p + k) % n] + ")",
            "(seat k a b): b sits k places after a in turn order");
      }
    }
    return rel;
  }

  /** (eq X X) over some terms. */
  public void eq(String term) {
    out.table("eq", "(eq " + term + " " + term + ")", "equality of values compared by rules");
  }

  public void eqKind(Kind kind, NavigableSet<Integer> nums) {
    switch (kind) {
      case NUM:
        for (int x : nums) {
          eq(Integer.toString(x));
        }
        break;
      case PLAYER:
        for (String p : player) {
          eq(p);
        }
        eq("none");
        break;
      case CARD:
        for (String c : cardTerm) {
          eq(c);
        }
        eq("none");
        break;
      case SUIT:
        for (String s : suitTerm) {
          eq(s);
        }
        eq("none");
        break;
      case PLACE:
        for (String i : inst) {
          eq(i);
        }
        break;
      default:
        throw new IllegalArgumentException("no equality table for " + kind);
    }
  }

  public void lt(int a, int b) {
    if (a < b) {
      out.table("lt", "(lt " + a + " " + b + ")", "(lt a b): a < b, for the numbers rules compare");
    }
  }

  public void plus(int a, int b) {
    out.table("plus", "(plus " + a + " " + b + " " + (a + b) + ")", "(plus a b c): a + b = c, where rules add");
  }

  public void minus(int a, int b) {
    out.table("minus", "(minus " + a + " " + b + " " + (a - b) + ")", "(minus a b c): a - b = c");
  }

  public void times(int a, int b) {
    out.table("times", "(times " + a + " " + b + " " + (a * b) + ")", "(times a b c): a * b = c");
  }

  public void quot(int a, int b) {
    out.table("quot", "(quot " + a + " " + b + " " + (b == 0 ? 0 : a / b) + ")",
        "(quot a b c): a / b = c rounded toward zero (0 when b is 0)");
  }

  public static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
