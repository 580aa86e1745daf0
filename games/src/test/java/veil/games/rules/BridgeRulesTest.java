package veil.games.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.cards.sample.CardSampler;
import veil.ludeme.CompiledGame;

/**
 * Contract Bridge (bridge.lud), one deal: North deals and calls first; bids are (bid K) with K = 5·(level − 1) +
 * strain + 1 (strains clubs, diamonds, hearts, spades, no trump); a bid outranks the last, double only an opponent's
 * bid, redouble only your side's doubled bid; three passes after a bid end the auction, four passes throw the deal
 * in. The declarer is the first of the side to name the strain; its left leads; dummy (across) is shown to everyone
 * after the opening lead and the declarer plays it. Scored as in duplicate, paid in IMPs against a passed-out deal.
 */
class BridgeRulesTest {
  static final int NORTH = 0;
  static final int EAST = 1;
  static final int SOUTH = 2;
  static final int WEST = 3;

  /** North holds the clubs, East the diamonds, South the hearts, West the spades. */
  static Play suits(Map<String, String> options) {
    return new Play("bridge", options).dealHands("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS");
  }

  static String bid(int level, int strain) {
    return "(bid " + (5 * (level - 1) + strain + 1) + ")";
  }

  @Test
  void bidsOutrankTheLastAndDoublesFollowTheSides() {
    Play p = suits(Map.of());
    assertThat(p.movers()).containsExactly(NORTH);
    assertThat(p.legal(NORTH)).contains("pass", bid(1, 0), bid(7, 4)).doesNotContain("double", "redouble")
        .hasSize(36);
    p.play(bid(1, 2)); // North: one heart
    assertThat(p.legal(EAST)).contains("double").doesNotContain("redouble", bid(1, 0), bid(1, 2))
        .contains(bid(1, 3)).hasSize(1 + 1 + 32);
    p.play("pass");
    assertThat(p.legal(SOUTH)).doesNotContain("double", "redouble"); // partner's bid: no double
    p.play("pass");
    p.play("double"); // West doubles
    assertThat(p.legal(NORTH)).contains("redouble").doesNotContain("double");
    p.play("redouble");
    assertThat(p.legal(EAST)).doesNotContain("double", "redouble");
    assertThat(p.var("Dbl")).isEqualTo(2);
    p.play(bid(2, 0)); // East bids on: the double is gone
    assertThat(p.var("Dbl")).isZero();
    assertThat(p.legal(SOUTH)).contains("double");
    assertThat(p.legal(WEST)).isEqualTo(List.of("noop"));
  }

  @Test
  void fourPassesThrowTheDealInAndThreeAfterABidEndTheAuction() {
    Play p = suits(Map.of());
    p.play("pass").play("pass").play("pass");
    assertThat(p.over()).isFalse(); // three opening passes: the fourth player may still open
    p.play("pass");
    assertThat(p.over()).isTrue();
    for (int r = 0; r < 4; r++) {
      assertThat(p.game.goal(p.state, r)).isEqualTo(50); // 0 IMPs each
    }
    Play q = suits(Map.of());
    q.play("pass").play(bid(1, 1)).play("pass").play("pass").play("pass");
    assertThat(q.phase()).isEqualTo("Play");
    assertThat(q.var("Decl")).isEqualTo(EAST);
  }

  @Test
  void theDeclarerIsTheFirstOfTheSideToNameTheStrain() {
    Play p = suits(Map.of());
    // North names hearts, South raises; East names spades later, West bids them higher; South ends in hearts.
    p.play(bid(1, 2)).play(bid(1, 3)).play(bid(2, 2)).play("pass").play("pass").play("pass");
    assertThat(p.phase()).isEqualTo("Play");
    assertThat(p.var("Decl")).isEqualTo(NORTH); // not South, who made the last bid
    assertThat(p.var("Dummy")).isEqualTo(SOUTH);
    assertThat(p.movers()).containsExactly(EAST); // declarer's left leads
  }

  @Test
  void dummyIsShownAfterTheOpeningLeadAndTheDeclarerPlaysIt() {
    Play p = suits(Map.of());
    p.play(bid(1, 4)).play("pass").play("pass").play("pass"); // North declares one no trump; South is dummy
    assertThat(percepts(p, WEST)).noneMatch(s -> s.startsWith("(revealed"));
    p.playAll("play", "2D"); // East's opening lead
    for (int r = 0; r < 4; r++) {
      List<String> shown = percepts(p, r).stream().filter(s -> s.startsWith("(revealed")).toList();
      assertThat(shown).as(p.game.roleName(r)).hasSize(13).allMatch(s -> s.endsWith(" (hand p3))"));
    }
    // South's turn: North's role makes South's moves, from South's hand; South's own role only waits.
    assertThat(p.mover()).isEqualTo(SOUTH);
    assertThat(p.movers()).containsExactly(NORTH);
    assertThat(p.legal(SOUTH)).containsExactly("noop");
    assertThat(p.legal(NORTH)).hasSize(13).allMatch(m -> m.endsWith(" hearts))")); // void in diamonds
    assertThat(p.game.render(p.state, NORTH)).contains("south to move (north moves for it)");
    p.playAll("play", "2H");
    p.playAll("play", "3S"); // West
    assertThat(p.movers()).containsExactly(NORTH); // North plays its own hand too
    assertThat(p.legal(NORTH)).allMatch(m -> m.endsWith(" clubs))"));
    p.playAll("play", "2C");
    assertThat(p.in("(won p2)")).hasSize(4); // no trump: the only diamond, East's lead, wins
  }

  private static List<String> percepts(Play p, int role) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < p.percepts.size(role); i++) {
      out.add(p.game.perceptText(role, p.percepts.get(role, i)));
    }
    return out;
  }

  /** Random deals, auctions and plays against a reference: legal calls, the declarer, control, score and IMPs. */
  @Test
  void randomDealsAgreeWithAReferenceAuctionAndDuplicateScoring() {
    for (String vul : List.of("None", "NS", "EW", "Both")) {
      CompiledGame game = Play.load("bridge", Map.of("Vulnerable", vul));
      for (int seed = 0; seed < 60; seed++) {
        check(game, vul, seed);
      }
    }
  }

  private static void check(CompiledGame game, String vul, int seed) {
    Play p = new Play(game);
    SplittableRandom rng = new SplittableRandom(seed);
    p.dealRest(seed);
    int last = 0;
    int bidder = -1;
    int dbl = 0;
    int passes = 0;
    int[][] first = new int[2][5]; // per side and strain: the first to name it, +1
    // The auction; calls are drawn uniformly, but with passes more likely so that contracts vary in level.
    while (p.phase().equals("Auction") && !p.over()) {
      int m = p.mover();
      Set<String> expected = new HashSet<>();
      expected.add("pass");
      for (int k = last + 1; k <= 35; k++) {
        expected.add("(bid " + k + ")");
      }
      boolean opponents = bidder >= 0 && (bidder % 2) != (m % 2);
      if (last > 0 && dbl == 0 && opponents) {
        expected.add("double");
      }
      if (last > 0 && dbl == 1 && !opponents) {
        expected.add("redouble");
      }
      assertThat(new HashSet<>(p.legal(m))).as("seed %d", seed).isEqualTo(expected);
      List<String> calls = p.legal(m);
      String call = rng.nextInt(3) > 0 ? "pass" : calls.get(rng.nextInt(calls.size()));
      p.play(call);
      if (call.equals("pass")) {
        passes++;
      } else if (call.equals("double")) {
        dbl = 1;
        passes = 0;
      } else if (call.equals("redouble")) {
        dbl = 2;
        passes = 0;
      } else {
        last = Integer.parseInt(call.substring(5, call.length() - 1));
        bidder = m;
        dbl = 0;
        passes = 0;
        int strain = (last - 1) % 5;
        if (first[m % 2][strain] == 0) {
          first[m % 2][strain] = m + 1;
        }
      }
    }
    if (last == 0) {
      assertThat(passes).isEqualTo(4);
      assertThat(p.over()).isTrue();
      return;
    }
    assertThat(passes).isEqualTo(3);
    int level = (last - 1) / 5 + 1;
    int strain = (last - 1) % 5;
    int decl = first[bidder % 2][strain] - 1;
    int dummy = (decl + 2) % 4;
    assertThat(p.var("Decl")).as("seed %d", seed).isEqualTo(decl);
    int[] tricks = new int[4];
    List<String> trick = new ArrayList<>();
    int leader = (decl + 1) % 4;
    while (!p.over()) {
      int seat = p.mover();
      int controller = seat == dummy ? decl : seat;
      assertThat(p.movers()).containsExactly(controller);
      List<String> hand = p.in("(hand p" + (seat + 1) + ")");
      List<String> allowed = hand;
      if (!trick.isEmpty()) {
        String led = Play.suitOf(trick.get(0));
        List<String> inSuit = hand.stream().filter(c -> Play.suitOf(c).equals(led)).toList();
        allowed = inSuit.isEmpty() ? hand : inSuit;
      }
      assertThat(new HashSet<>(p.legal(controller)))
          .isEqualTo(new HashSet<>(allowed.stream().map(c -> "(play " + c + ")").toList()));
      trick.add(Play.cardOf(p.randomStep(rng).get(controller)));
      if (trick.size() < 4) {
        continue;
      }
      int best = Play.bestCard(trick, (card, led) -> key(card, led, strain));
      leader = (leader + best) % 4;
      tricks[leader]++;
      trick.clear();
    }
    boolean vulnerable = vul.equals("Both") || vul.equals("NS") && decl % 2 == 0 || vul.equals("EW") && decl % 2 == 1;
    int score = score(level, strain, dbl, vulnerable, tricks[decl] + tricks[dummy]);
    assertThat(p.var("Score")).as("seed %d: %d%s x%d by %d, %d tricks", seed, level, strain, dbl, decl,
        tricks[decl] + tricks[dummy]).isEqualTo(score);
    int imps = Integer.signum(score) * imps(Math.abs(score));
    for (int r = 0; r < 4; r++) {
      int paid = r % 2 == decl % 2 ? imps : -imps;
      assertThat(p.game.goal(p.state, r)).isEqualTo((paid + 25) * 2);
    }
  }

  private static int key(String card, String led, int strain) {
    String suit = Play.suitOf(card);
    String trump = strain < 4 ? List.of("clubs", "diamonds", "hearts", "spades").get(strain) : "";
    return suit.equals(trump) ? 100 + Play.rankOf(card) : suit.equals(Play.suitOf(led)) ? Play.rankOf(card) : 0;
  }

  /** Duplicate scoring of one deal for the declaring side (negative when it goes down). */
  static int score(int level, int strain, int dbl, boolean vul, int tricks) {
    int need = level + 6;
    int times = dbl == 0 ? 1 : dbl == 1 ? 2 : 4;
    if (tricks >= need) {
      int per = strain < 2 ? 20 : 30;
      int contract = (level * per + (strain == 4 ? 10 : 0)) * times;
      int over = tricks - need;
      int overtricks = dbl == 0 ? over * per : over * (vul ? 200 : 100) * dbl;
      int insult = 50 * dbl;
      int bonus = contract >= 100 ? (vul ? 500 : 300) : 50;
      int slam = level == 6 ? (vul ? 750 : 500) : level == 7 ? (vul ? 1500 : 1000) : 0;
      return contract + overtricks + insult + bonus + slam;
    }
    int down = need - tricks;
    if (dbl == 0) {
      return -down * (vul ? 100 : 50);
    }
    int doubled = 0;
    for (int u = 1; u <= down; u++) {
      doubled += vul ? (u == 1 ? 200 : 300) : (u == 1 ? 100 : u <= 3 ? 200 : 300);
    }
    return -doubled * dbl;
  }

  /** The IMP scale: a difference of points to international match points. */
  static int imps(int points) {
    int[] from = {20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000,
        2250, 2500, 3000, 3500, 4000};
    int k = 0;
    while (k < from.length && points >= from[k]) {
      k++;
    }
    return k;
  }

  @Test
  void theReferenceScoresKnownResults() {
    assertThat(score(4, 2, 0, false, 10)).isEqualTo(420); // 4♥ made
    assertThat(score(3, 4, 0, true, 10)).isEqualTo(630); // 3NT+1 vulnerable
    assertThat(score(1, 0, 1, false, 7)).isEqualTo(140); // 1♣ doubled made: 40 + 50 + 50
    assertThat(score(2, 3, 2, false, 8)).isEqualTo(640); // 2♠ redoubled made: 240, game 300, 100 for the redouble
    assertThat(score(6, 4, 0, true, 12)).isEqualTo(1440);
    assertThat(score(7, 1, 0, false, 13)).isEqualTo(1440);
    assertThat(score(4, 3, 1, false, 6)).isEqualTo(-800); // 4 down doubled not vulnerable
    assertThat(score(4, 3, 1, true, 6)).isEqualTo(-1100);
    assertThat(score(4, 3, 2, true, 9)).isEqualTo(-400);
    assertThat(imps(420)).isEqualTo(9);
    assertThat(imps(10)).isZero();
    assertThat(imps(7600)).isEqualTo(24);
  }

  /**
   * Announced choices and shown hands are part of what the card sampler models: Bridge is sampled by it, and a sampled
   * state of West after the opening lead has dummy's cards where they were shown. A choice only its mover sees sends a
   * game to the general sampler (the replay could not tell its values apart).
   */
  @Test
  void theCardSamplerModelsBidsAndTheShownDummy() throws Exception {
    CompiledGame g = Play.load("bridge", Map.of());
    assertThat(CardSampler.unsupported(g)).isNull();
    // North opens 1NT, three passes, East leads its first card: West's observation of it all.
    veil.ludeme.LudState state = g.initialState();
    veil.model.Percepts percepts = new veil.model.Percepts(g.roleCount());
    veil.model.Observation west = new veil.model.Observation(WEST);
    veil.model.MoveList ml = new veil.model.MoveList();
    List<String> script = new ArrayList<>(List.of(bid(1, 4), "pass", "pass", "pass"));
    SplittableRandom deal = new SplittableRandom(11);
    boolean led = false;
    while (!led) {
      int[] joint = new int[g.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        g.legalMoves(state, r, ml);
        joint[r] = ml.get(0);
        if (r == g.randomRole() && ml.size() > 1) {
          joint[r] = ml.get(deal.nextInt(ml.size()));
        } else if (ml.size() > 1 && !script.isEmpty()) {
          for (int i = 0; i < ml.size(); i++) {
            if (g.moveText(r, ml.get(i)).equals(script.get(0))) {
              joint[r] = ml.get(i);
            }
          }
          script.remove(0);
        } else if (ml.size() > 1) {
          led = true; // East's opening lead: its first card
        }
      }
      g.apply(state, joint, percepts);
      west.add(joint[WEST], percepts.sorted(WEST));
    }
    long south = state.places[3]; // places: deck, (hand p1) … (hand p4), …
    veil.model.Determinizer sampler = g.determinizer();
    assertThat(sampler).isInstanceOf(CardSampler.class);
    veil.ludeme.LudState out = g.initialState();
    SplittableRandom rng = new SplittableRandom(5);
    Set<Long> easts = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      assertThat(sampler.sample(west, rng, out)).as("sample %d", i).isTrue();
      assertThat(out.places[3]).as("dummy's shown hand").isEqualTo(south);
      assertThat(out.places[4]).as("West's own hand").isEqualTo(state.places[4]);
      easts.add(out.places[2]);
    }
    assertThat(easts).as("East's hidden hand varies between samples").hasSizeGreaterThan(1);
    String hidden = "(game \"H\" (players 2) (equipment {(deck \"D\" ranks:{A B} suits:{S}) (hand Each)}) "
        + "(rules (start {(shuffle \"D\") (deal 1 to:(hand Each))}) (play (choose say 0..1 visible:Mover)) "
        + "(end (if (= (turns) 2) (result P1 Win)))))";
    CompiledGame h = new LudLoader().load("hidden.lud", hidden, Map.of());
    assertThat(CardSampler.unsupported(h)).contains("visible:Mover");
  }

  @Test
  void byNamesAPlayerOrTheGameFailsLoudly() throws Exception {
    String text = "(game \"Ctl\" (players 2) (vars {(var \"Who\" 5)}) (equipment {(deck \"D\" ranks:{A B} "
        + "suits:{S}) (hand Each)}) (rules (start {(deal 1 to:(hand Each))}) (play (pass) by:(var \"Who\")) "
        + "(end (if (empty (hand P1)) (result P1 Win)))))";
    CompiledGame g = new LudLoader().load("ctl.lud", text, Map.of());
    Play p = new Play(g);
    p.dealRest(1);
    assertThatThrownBy(() -> p.legal(0)).hasMessageContaining("rule failure: by: names player 5");
  }
}
