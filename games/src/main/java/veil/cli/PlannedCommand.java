package veil.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * A subcommand the design names but nobody has written yet: it says so instead of "unknown command", and is
 * hidden from the command list so that {@code --help} does not offer it as working.
 */
@Command(hidden = true, description = "Planned: not implemented yet.")
final class PlannedCommand implements Callable<Integer> {
  private final String name;

  @Unmatched List<String> ignored = new ArrayList<>();

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  PlannedCommand(String name) {
    this.name = name;
  }

  @Override
  public Integer call() {
    spec.commandLine().getErr().println("veil " + name + " is planned but not implemented yet; `veil --help` lists"
        + " the commands that work.");
    return CommandLine.ExitCode.USAGE;
  }
}
