package veil.cards.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import veil.cards.LudLoader;
import veil.dsl.DslException;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.Percepts;

/** Test support: the bundled games read from the games module's sources, random play, independent replay. */
final class Play {
  static final Path LUD = Path.of("../games/src/main/resources/veil/games/lud");

  private Play() {}

  static CompiledGame bundled(String name) {
    try {
      return compile(name + ".lud", Files.readString(LUD.resolve(name + ".lud")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static CompiledGame compile(String name, String text) {
    try {
      return LudLoader.compile(name, text, Map.of());
    } catch (DslException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /** A game in progress with every player's observation. */
  static final class Game {
    final CompiledGame game;
    final LudState state;
    final Observation[] observations;
    final Percepts percepts;
    final MoveList moves = new MoveList();

    Game(CompiledGame game) {
      this.game = game;
      this.state = game.initialState();
      this.observations = new Observation[game.players];
      for (int p = 0; p < game.players; p++) {
        observations[p] = new Observation(p);
      }
      this.percepts = new Percepts(game.roleCount());
    }

    boolean over() {
      return game.isTerminal(state);
    }

    /** One step with every role moving uniformly at random. */
    void step(SplittableRandom rng) {
      int[] joint = new int[game.roleCount()];
      for (int r = 0; r < joint.length; r++) {
        game.legalMoves(state, r, moves);
        joint[r] = moves.get(rng.nextInt(moves.size()));
      }
      step(joint);
    }

    void step(int[] joint) {
      game.apply(state, joint, percepts);
      for (int p = 0; p < game.players; p++) {
        observations[p].add(joint[p], percepts.sorted(p));
      }
    }

    int steps() {
      return observations[0].length();
    }
  }

  /**
   * Replays a history from the initial state, checking that every joint move is legal for every role and that the
   * observer's moves and percepts are exactly the observation's; returns the state reached.
   */
  static LudState replayChecked(CompiledGame g, int[][] history, Observation obs) {
    if (history.length != obs.length()) {
      throw new AssertionError("history has " + history.length + " steps, observation " + obs.length());
    }
    LudState s = g.initialState();
    Percepts per = new Percepts(g.roleCount());
    MoveList moves = new MoveList();
    for (int t = 0; t < history.length; t++) {
      if (g.isTerminal(s)) {
        throw new AssertionError("terminal before step " + t);
      }
      for (int r = 0; r < g.roleCount(); r++) {
        g.legalMoves(s, r, moves);
        if (!moves.contains(history[t][r])) {
          throw new AssertionError("step " + t + ": " + g.moveText(r, history[t][r]) + " is illegal for "
              + g.roleName(r));
        }
      }
      if (history[t][obs.role()] != obs.move(t)) {
        throw new AssertionError("step " + t + ": observer's move differs");
      }
      g.apply(s, history[t], per);
      if (!Arrays.equals(per.sorted(obs.role()), obs.percepts(t))) {
        throw new AssertionError("step " + t + ": percepts differ");
      }
    }
    return s;
  }
}
