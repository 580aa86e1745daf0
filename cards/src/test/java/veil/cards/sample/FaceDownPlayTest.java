package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.Observation;

/**
 * Cards played face down by a player from a hand that holds cards the observer knows beside unknown ones, shown
 * later on a doubt (Cheat, found by the newcomer trial): the observer's own face-down plays go to the pile, a doubt
 * gives the pile to a player, who plays from it face down again. Which card the player chose is drawn like chance's
 * draw out of a hidden place ({@link TokenWalk#forgetPins}): the samples must fit the exact posterior at every point
 * of the game, and the sampler must never fail.
 */
class FaceDownPlayTest {
  static final String MINI_CHEAT = """
      (game "Mini Cheat"
        (players 2)
        (bound 40)
        (equipment {
          (deck "Deck" suits:{Clubs Hearts} ranks:{Ace 2 3})
          (hand Each)
          (spot "Last" visible:None)
          (pile "Pile" visible:None)
        })
        (vars {(var "Claim" range:0..2) (var "Stage" range:0..1)})
        (rules
          (start {(shuffle "Deck") (deal 3 to:(hand Each))})
          (play (if (= (var "Stage") 0)
            (if (empty (spot "Last"))
                (move to:(spot "Last") then:(set "Stage" 1)))
            (or {
              (choose accept then:{(moveAll from:(spot "Last") to:(pile "Pile")) (set "Stage" 0)
                                   (set "Claim" (if (= (var "Claim") 2) 0 (+ (var "Claim") 1)))
                                   (setMover (right Mover))})
              (choose doubt then:{(show (spot "Last"))
                                  (if (empty (cards (spot "Last") if:(!= (rank Card) (var "Claim"))))
                                      {(moveAll from:(spot "Last") to:(hand Mover))
                                       (moveAll from:(pile "Pile") to:(hand Mover))}
                                      {(moveAll from:(spot "Last") to:(hand (right Mover)))
                                       (moveAll from:(pile "Pile") to:(hand (right Mover)))})
                                  (set "Stage" 0)
                                  (set "Claim" (if (= (var "Claim") 2) 0 (+ (var "Claim") 1)))
                                  (setMover (right Mover))})})))
          (end (if (and (= (var "Stage") 0) (empty (spot "Last")) (some Player (empty (hand Player))))
                   (ranking by:(if (empty (hand Player)) 1 0))))))
      """;

  @Test
  void samplesExactlyAfterKnownCardsArePlayedFaceDownAgain() {
    assertThat(chiSquareAtEveryPoint(MINI_CHEAT, 6, 40)).isGreaterThan(100);
  }

  /**
   * Three players: cards shown on a doubt and forgotten in one hand (its tokens may then be those cards too) meet, in
   * the pile and then in a hand, tokens that may not be them: the forgotten place's tokens had different allowed
   * sets, and {@link TokenWalk#cardsOfMoves} keeps only the orders that fit them.
   */
  @Test
  void samplesExactlyWhenTokensOfDifferentKindsMeetInAHand() {
    String three = MINI_CHEAT.replace("(players 2)", "(players 3)").replace("(deal 3 to:(hand Each))",
        "(deal 2 to:(hand Each))").replace("(bound 40)", "(bound 22)");
    assertThat(chiSquareAtEveryPoint(three, 4, 22)).isGreaterThan(100);
  }

  /** Plays seeds 1..seeds at random and checks the samples at every point; returns how many points were tested. */
  private static int chiSquareAtEveryPoint(String text, int seeds, int maxSteps) {
    CompiledGame g = Play.compile("mini-cheat", text);
    assertThat(CardSampler.supports(g)).isTrue();
    int tested = 0;
    for (long seed = 1; seed <= seeds; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      Play.Game play = new Play.Game(g);
      while (!play.over() && play.steps() < maxSteps) {
        play.step(rng);
        for (int p = 0; p < g.players; p++) {
          Observation obs = play.observations[p].copy();
          Map<LudState, double[]> posterior = Posterior.enumerate(g, obs);
          if (posterior.size() < 2) {
            continue;
          }
          CardSampler sampler = new CardSampler(g);
          SplittableRandom draws = new SplittableRandom(seed * 100 + p);
          int n = 300 * posterior.size();
          Map<LudState, Integer> counts = new HashMap<>();
          for (int i = 0; i < n; i++) {
            LudState out = g.initialState();
            assertThat(sampler.sample(obs, draws, out)).as("seed %d p%d step %d: %s", seed, p + 1, obs.length(),
                sampler.stats()).isTrue();
            counts.merge(out, 1, Integer::sum);
          }
          Play.replayChecked(g, sampler.sampleHistory(obs, draws), obs);
          double chi = Posterior.chiSquare(posterior, 0, counts, n);
          int df = posterior.size() - 1;
          assertThat(chi).as("seed %d p%d step %d: %d states", seed, p + 1, obs.length(), posterior.size())
              .isLessThan(Posterior.critical(df));
          tested++;
        }
      }
    }
    System.out.println("FaceDownPlayTest: " + g.players + " players, " + tested + " points");
    return tested;
  }
}
