package veil.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.ai.Agents;
import veil.ai.Budget;
import veil.ai.Player;
import veil.ai.match.MatchListener;
import veil.ai.match.MatchRecord;
import veil.ai.match.MatchRunner;
import veil.model.Game;
import veil.model.Percepts;
import veil.model.State;

/**
 * {@code veil play GAME}: a person plays one seat at the terminal against agents.
 *
 * <p>The honest boundary is the match runner's: the person is an {@link HumanPlayer} (an honest agent), so every
 * seat, human or not, gets only its observation and legal moves. What the person reads comes from the runner's
 * listener, which holds the true state like the runner and passes on only the person's side of it: its own move
 * and percepts of each step, and the game's rendering of the state for the person's role.
 */
@Command(
    name = "play",
    sortOptions = false,
    description = {
      "Play a game at the terminal against agents, seeing only what your role may see.",
      "You see your view of the game, and"
          + " after each step your own move and what you perceived (which is all you learn of the other players'"
          + " moves). At your turn your legal moves are listed: type a number or a move's text. Simultaneous"
          + " moves: you choose, the agents choose without seeing yours, then all moves happen at once.",
      "quit, or the end of input (Ctrl-D), stops the game."
    })
final class PlayCommand implements Callable<Integer> {
  static final String DEFAULT_AGENT = "so-ismcts";

  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Mixin GameArgs args;

  @Option(names = "--seat", paramLabel = "N", defaultValue = "1",
      description = "Your seat: 1 for the first player role, and so on (default: ${DEFAULT-VALUE}).")
  int seat;

  @Option(names = "--agents", paramLabel = "SPEC", split = ",",
      description = "The agents in the other seats, in seat order, or one spec for all of them (default: "
          + DEFAULT_AGENT + ").")
  List<String> agents = new ArrayList<>();

  @Mixin BudgetArgs budgetArgs;

  @Option(names = "--seed", paramLabel = "S",
      description = "Seed of the deal (chance) and the agents; the same seed and moves give the same game"
          + " (default: a new one, printed).")
  Long seed;

  @Override
  public Integer call() {
    Budget budget = budgetArgs.budget(spec.commandLine());
    List<String> specs = AgentSpecs.check(spec.commandLine(), agents.isEmpty() ? List.of(DEFAULT_AGENT) : agents);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Game game = Loading.load(main, args, err);
    if (game == null) {
      return Main.GAME_ERROR;
    }
    Repairs.note(game, args.game, err);
    int[] seatRoles = MatchRunner.seatRoles(game);
    if (seat < 1 || seat > seatRoles.length) {
      throw new ParameterException(spec.commandLine(), "--seat must be 1.." + seatRoles.length + ": "
          + args.game + " has " + AgentSpecs.seats(game));
    }
    int others = seatRoles.length - 1;
    if (specs.size() != others && specs.size() != 1) {
      throw new ParameterException(spec.commandLine(), args.game + " has " + AgentSpecs.seats(game) + "; you"
          + " take one, so --agents needs " + others + (others == 1 ? " spec" : " specs, or one for all") + " ("
          + specs.size() + " given: " + String.join(",", specs) + ")");
    }
    int human = seatRoles[seat - 1];
    long matchSeed = seed != null ? seed : ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);

    HumanView listener = new HumanView(game, human, out);
    HumanPlayer person = new HumanPlayer(main.in(), out, listener::view);
    List<Player> players = new ArrayList<>();
    StringBuilder opponents = new StringBuilder();
    int next = 0;
    for (int s = 0; s < seatRoles.length; s++) {
      if (s == seat - 1) {
        players.add(person);
        continue;
      }
      String agentSpec = specs.size() == 1 ? specs.get(0) : specs.get(next++);
      players.add(Agents.create(agentSpec));
      opponents.append("; ").append(game.roleName(seatRoles[s])).append(": ").append(agentSpec);
    }
    out.println(game.name() + ": you play " + game.roleName(human) + " (seat " + seat + " of " + seatRoles.length
        + ")" + opponents + "; " + BudgetArgs.text(budget) + "; seed " + matchSeed);
    out.println("Type a move's number or its text; quit or the end of input (Ctrl-D) stops the game.");
    out.flush();

    MatchRecord rec = MatchRunner.play(game, players, matchSeed, budget, listener);
    if (person.quit() != null) {
      out.println("game stopped at step " + rec.steps() + " (" + person.quit() + "); the same --seed " + matchSeed
          + " and the same moves play it again");
      out.flush();
      return 0;
    }
    if (rec.failed()) {
      out.flush();
      err.println("error: " + rec.failure());
      err.flush();
      return Main.GAME_ERROR;
    }
    printResult(out, game, human, listener.state(), rec);
    return 0;
  }

  private static void printResult(PrintWriter out, Game game, int human, State end, MatchRecord rec) {
    out.println();
    out.println("game over after " + rec.steps() + " steps");
    out.println("your view:");
    out.print(listenerView(game, end, human));
    out.println("everything, revealed:");
    out.print(listenerView(game, end, -1));
    double best = Double.NEGATIVE_INFINITY;
    int top = 0;
    StringBuilder sb = new StringBuilder();
    for (int r = 0; r < game.roleCount(); r++) {
      if (r == game.randomRole()) {
        continue;
      }
      double s = rec.scores()[r];
      if (s > best) {
        best = s;
        top = 1;
      } else if (s == best) {
        top++;
      }
      sb.append(sb.length() == 0 ? "result: " : ", ").append(String.format(Locale.ROOT, "%s%s %.2f (goal %d)",
          game.roleName(r), r == human ? " (you)" : "", s, game.goal(end, r)));
      veil.model.PayoffRange pay = game.payoffRange();
      if (pay != null) {
        sb.append(String.format(Locale.ROOT, " amount %+d", pay.amount(game.goal(end, r))));
      }
    }
    out.println(sb);
    double mine = rec.scores()[human];
    int seats = MatchRunner.seatRoles(game).length;
    out.println(seats == 1 ? (mine >= 1.0 ? "you won" : "you did not win")
        : mine < best ? "you did not win" : top == 1 ? "you won" : "you shared the top score");
    out.flush();
  }

  private static String listenerView(Game game, State s, int role) {
    StringWriter w = new StringWriter();
    PrintWriter p = new PrintWriter(w);
    RoleView.printView(game, s, role, p, "    ");
    p.flush();
    return w.toString();
  }

  /**
   * The runner's listener for the person's seat: after each step it prints the person's own move and percepts,
   * and keeps the game's rendering of the new state for the person's role, for the next time they are asked.
   * It replays each joint move on a state of its own to learn the step's percepts (the listener is not given
   * them); both states follow the same moves, so they are the same.
   */
  static final class HumanView implements MatchListener {
    private final Game game;
    private final int role;
    private final PrintWriter out;
    private final State shadow;
    private final Percepts percepts;
    private String view;

    HumanView(Game game, int role, PrintWriter out) {
      this.game = game;
      this.role = role;
      this.out = out;
      this.shadow = game.initialState();
      this.percepts = new Percepts(game.roleCount());
      this.view = listenerView(game, shadow, role);
    }

    @Override
    public void afterStep(int step, int[] joint, State state) {
      game.apply(shadow, joint, percepts);
      out.println(RoleView.step(game, role, step, joint[role], percepts.sorted(role), "you"));
      out.flush();
      view = listenerView(game, state, role);
    }

    /** The person's view of the current state. */
    String view() {
      return view;
    }

    /** The state after the last step (the true one, for the end of the game). */
    State state() {
      return shadow;
    }
  }
}
