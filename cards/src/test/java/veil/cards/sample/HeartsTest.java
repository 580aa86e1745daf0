package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.ludeme.Slot;
import veil.ludeme.Table;
import veil.model.MoveList;
import veil.model.Observation;

/** Hearts: voids shown by not following suit, and passed cards, must hold in every sample. */
class HeartsTest {
  private final CompiledGame g = Play.bundled("hearts");
  private final CardSampler sampler = new CardSampler(g);
  /** The instance of (hand p1); the other players' hands follow it. */
  private final int hand = java.util.Arrays.asList(g.places.text()).indexOf("(hand p1)");

  /** Plays random Hearts until a player other than p1 fails to follow suit; returns {player, suit} or null. */
  private int[] playUntilVoid(Play.Game play, SplittableRandom rng) {
    MoveList moves = new MoveList();
    while (!play.over()) {
      LudState s = play.state;
      int[] joint = new int[g.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        g.legalMoves(s, r, moves);
        joint[r] = moves.get(rng.nextInt(moves.size()));
      }
      int mover = s.v[Slot.MOVER];
      boolean follows = g.phase(s.v[Slot.PHASE]).name.equals("Play") && s.v[Slot.PENDING] == 0
          && s.v[Slot.TRICK_PLAYED] > 0;
      int led = s.v[Slot.LED_SUIT];
      play.step(joint);
      if (follows && mover != 0) {
        int card = joint[mover] & 0xFFFF;
        if (g.cards.suit()[card] != led) {
          return new int[] {mover, led};
        }
      }
    }
    return null;
  }

  @Test
  void aShownVoidHoldsInEverySample() {
    SplittableRandom rng = new SplittableRandom(7);
    int found = 0;
    for (int game = 0; game < 40 && found < 6; game++) {
      Play.Game play = new Play.Game(g);
      int[] v = playUntilVoid(play, rng);
      if (v == null) {
        continue;
      }
      int player = v[0];
      long suitCards = g.cards.suitMask()[v[1]];
      Observation obs = play.observations[0].copy();
      // The void must say something: some card of the suit is still hidden from p1 (in another player's hand).
      long hiddenOfSuit = 0;
      for (int q = 1; q < g.players; q++) {
        hiddenOfSuit |= play.state.places[hand + q] & suitCards;
      }
      if (hiddenOfSuit == 0) {
        continue;
      }
      found++;
      long heldByOthersSomewhere = 0;
      LudState out = g.initialState();
      for (int k = 0; k < 300; k++) {
        assertThat(sampler.sample(obs, rng, out)).isTrue();
        assertThat(out.places[hand + player] & suitCards)
            .as("p%d showed a void in %s", player + 1, g.cards.suitNames()[v[1]]).isZero();
        for (int q = 1; q < g.players; q++) {
          if (q != player) {
            heldByOthersSomewhere |= out.places[hand + q] & suitCards;
          }
        }
      }
      assertThat(heldByOthersSomewhere).isEqualTo(hiddenOfSuit);
    }
    assertThat(found).isGreaterThanOrEqualTo(3);
    // Voids are learned from the rules, so draws respect them and replays rarely reject (without them most would).
    double rejected = sampler.stats().rejected.sum() / (double) sampler.stats().replays.sum();
    System.out.printf("hearts voids: %d replays, %.4f rejected%n", sampler.stats().replays.sum(), rejected);
    assertThat(rejected).isLessThan(0.05);
  }

  @Test
  void passedCardsAreAtTheReceiverUntilPlayed() {
    SplittableRandom rng = new SplittableRandom(11);
    for (int game = 0; game < 5; game++) {
      Play.Game play = new Play.Game(g);
      while (g.phase(play.state.v[Slot.PHASE]).name.equals("Pass") || play.state.v[Slot.PENDING] > 0) {
        play.step(rng);
      }
      int tricks = rng.nextInt(8);
      while (play.state.v[Slot.TRICKS] < tricks && !play.over()) {
        play.step(rng);
      }
      Observation obs = play.observations[0].copy();
      long passed = 0;
      int receiver = -1;
      for (int t = 0; t < obs.length(); t++) {
        for (int p : obs.percepts(t)) {
          int from = Table.perceptFrom(p);
          if (g.places.text()[from].equals("(passing p1)") && Table.perceptCard(p) >= 0) {
            passed |= 1L << Table.perceptCard(p);
            receiver = g.places.owner()[Table.perceptTo(p)];
          }
        }
      }
      assertThat(Long.bitCount(passed)).isEqualTo(3);
      long stillHeld = passed & play.state.places[hand + receiver];
      LudState out = g.initialState();
      for (int k = 0; k < 100; k++) {
        assertThat(sampler.sample(obs, rng, out)).isTrue();
        assertThat(out.places[hand + receiver] & passed).isEqualTo(stillHeld);
      }
    }
  }

  @Test
  void samplesVaryAndShowTheObserverWhatItSaw() {
    SplittableRandom rng = new SplittableRandom(3);
    Play.Game play = new Play.Game(g);
    while (play.state.v[Slot.TRICKS] < 4) {
      play.step(rng);
    }
    for (int p = 0; p < g.players; p++) {
      Observation obs = play.observations[p].copy();
      Set<Long> otherHands = new HashSet<>();
      LudState out = g.initialState();
      for (int k = 0; k < 200; k++) {
        assertThat(sampler.sample(obs, rng, out)).isTrue();
        assertThat(ConsistencyTest.view(g, out, p)).isEqualTo(ConsistencyTest.view(g, play.state, p));
        long h = 0;
        for (int q = 0; q < g.players; q++) {
          h = h * 31 + out.places[hand + q];
        }
        otherHands.add(h);
      }
      assertThat(otherHands.size()).isGreaterThan(150);
    }
  }

  @Test
  void sampleAndSampleHistoryAgreeForTheSameRandomNumbers() {
    SplittableRandom rng = new SplittableRandom(5);
    Play.Game play = new Play.Game(g);
    for (int i = 0; i < 75; i++) {
      play.step(rng);
    }
    Observation obs = play.observations[2].copy();
    for (int k = 0; k < 20; k++) {
      long seed = rng.nextLong();
      LudState out = g.initialState();
      assertThat(sampler.sample(obs, new SplittableRandom(seed), out)).isTrue();
      int[][] history = sampler.sampleHistory(obs, new SplittableRandom(seed));
      assertThat(Play.replayChecked(g, history, obs)).isEqualTo(out);
    }
  }
}
