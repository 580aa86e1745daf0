package veil.games.rules;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;
import veil.ludeme.LudState;
import veil.model.MoveList;
import veil.model.Percepts;

/**
 * Test driver for scripted positions: loads a bundled .lud game, deals chosen cards, and plays moves by their GDL
 * text, failing loudly when a scripted move is not legal.
 */
final class Play {
  final CompiledGame game;
  final LudState state;
  final Percepts percepts;
  final List<String> log = new ArrayList<>();
  private final MoveList moves = new MoveList();

  Play(String name, Map<String, String> options) {
    try (InputStream in = Play.class.getResourceAsStream("/veil/games/lud/" + name + ".lud")) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      game = new LudLoader().load(name + ".lud", text, options);
    } catch (IOException | veil.model.GameLoadException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
    state = game.initialState();
    percepts = new Percepts(game.roleCount());
  }

  Play(String name) {
    this(name, Map.of());
  }

  /** The legal moves of a role, as text. */
  List<String> legal(int role) {
    game.legalMoves(state, role, moves);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < moves.size(); i++) {
      out.add(game.moveText(role, moves.get(i)));
    }
    return out;
  }

  boolean chancePending() {
    return game.randomRole() >= 0 && !legal(game.randomRole()).equals(List.of("noop"));
  }

  /** Plays one step: each role's move given by text ("noop" for roles not named). */
  Play step(Map<Integer, String> byRole) {
    int[] joint = new int[game.roleCount()];
    for (int r = 0; r < joint.length; r++) {
      String want = byRole.getOrDefault(r, "noop");
      game.legalMoves(state, r, moves);
      int found = -1;
      for (int i = 0; i < moves.size(); i++) {
        if (game.moveText(r, moves.get(i)).equals(want)) {
          found = moves.get(i);
        }
      }
      if (found < 0) {
        throw new AssertionError(game.roleName(r) + " cannot play " + want + "; legal: " + legal(r) + "\n"
            + game.render(state, -1));
      }
      joint[r] = found;
    }
    game.apply(state, joint, percepts);
    log.add(byRole.toString());
    return this;
  }

  /** The mover (the only role with more than noop) plays a move given by text. */
  Play play(String move) {
    for (int r = 0; r < game.roleCount(); r++) {
      if (legal(r).contains(move)) {
        return step(Map.of(r, move));
      }
    }
    throw new AssertionError("nobody can play " + move + "\n" + game.render(state, -1));
  }

  /** Random deals the named card next. */
  Play deal(String card) {
    return step(Map.of(game.randomRole(), "(deal " + card + ")"));
  }

  /** Deals random cards until no deal is pending. */
  Play dealRest(long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    while (!game.isTerminal(state) && chancePending()) {
      game.legalMoves(state, game.randomRole(), moves);
      int[] joint = new int[game.roleCount()];
      joint[game.randomRole()] = moves.get(rng.nextInt(moves.size()));
      game.apply(state, joint, percepts);
    }
    return this;
  }

  /** Plays uniformly random joint moves to the end; returns the number of steps. */
  int playOut(long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int steps = 0;
    int[] joint = new int[game.roleCount()];
    while (!game.isTerminal(state)) {
      for (int r = 0; r < joint.length; r++) {
        game.legalMoves(state, r, moves);
        if (moves.isEmpty()) {
          throw new AssertionError(game.roleName(r) + " has no legal move\n" + game.render(state, -1));
        }
        joint[r] = moves.get(rng.nextInt(moves.size()));
      }
      game.apply(state, joint, percepts);
      if (++steps > game.stepBound()) {
        throw new AssertionError("more than " + game.stepBound() + " steps");
      }
    }
    return steps;
  }

  /** The percepts of a role in the last step, as text. */
  List<String> seen(int role) {
    List<String> out = new ArrayList<>();
    for (int p : percepts.sorted(role)) {
      out.add(game.perceptText(role, p));
    }
    return out;
  }
}
