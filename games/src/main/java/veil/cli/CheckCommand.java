package veil.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import veil.model.Game;

/** {@code veil check GAME}: load a game and say what it is, or print its errors. */
@Command(
    name = "check",
    description = {
      "Load (parse and compile) a game and print a summary: name, roles, step bound, and the game's equipment.",
      "Errors are printed as file:line:col: message, with the line and a caret; the exit code is then 1.",
      "For GDL-II rules (.kif, .gdl) it also says the dialect, the mode and the reasoner, and lists every"
          + " repair lenient mode made (position, what was done, the rule's line; a repair repeated at many"
          + " places once, with a count)."
    })
final class CheckCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Mixin GameArgs args;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Game game = Loading.load(main, args, spec.commandLine().getErr(), true);
    if (game == null) {
      return Main.GAME_ERROR;
    }
    StringBuilder roles = new StringBuilder();
    for (int r = 0; r < game.roleCount(); r++) {
      roles.append(r == 0 ? "" : " ").append(game.roleName(r));
    }
    out.println(args.game + ": ok");
    out.println("  name         " + game.name());
    out.println("  description  " + game.description());
    out.println("  options      " + args.optionsText());
    out.println("  roles        " + roles + (game.randomRole() >= 0 ? "  (" + game.roleName(game.randomRole())
        + " plays chance)" : ""));
    out.println("  players      " + Loading.players(game));
    out.println("  step bound   " + game.stepBound() + " joint moves");
    out.println("  sampler      " + sampler(game));
    for (String line : game.summary()) {
      int cut = line.indexOf(' ');
      out.println("  " + (cut < 0 ? line : String.format("%-12s %s", line.substring(0, cut), line.substring(cut).trim())));
    }
    List<String> repairs = Repairs.lines(game);
    if (!repairs.isEmpty()) {
      int n = Repairs.count(game);
      out.println("repairs (lenient mode; " + n + " in all, " + repairs.size() + " different):");
      for (String r : repairs) {
        out.println("  " + r);
      }
    }
    out.flush();
    return 0;
  }

  /** Which information-set sampler the honest agents use, and why not the card sampler when a card game has not. */
  private static String sampler(Game game) {
    if (game.determinizer() instanceof veil.cards.sample.CardSampler) {
      return "card sampler (deals the unseen cards into the hidden places)";
    }
    if (game.determinizer() instanceof veil.cards.match.MatchSampler) {
      return "match sampler (the card sampler, deal by deal)";
    }
    if (game.determinizer() != null) {
      return "game-specific determinizer";
    }
    if (game instanceof veil.ludeme.CompiledGame g && g.hasMatch()) {
      return "general (the match sampler does not apply: " + veil.cards.match.MatchSampler.unsupported(g) + ")";
    }
    if (game instanceof veil.ludeme.CompiledGame g) {
      return "general (the card sampler does not apply: " + veil.cards.sample.CardSampler.unsupported(g) + ")";
    }
    return "general";
  }
}
