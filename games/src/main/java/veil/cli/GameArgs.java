package veil.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The GAME argument and {@code --option NAME=VALUE}, shared by every command that takes a game. */
final class GameArgs {
  @Parameters(index = "0", paramLabel = "GAME",
      description = "A bundled game's name (see `veil list`) or a .lud / .kif file.")
  String game;

  @Option(names = "--option", paramLabel = "NAME=VALUE",
      description = "Set one of the game's options, e.g. --option Passing=right (repeatable).")
  Map<String, String> options = new LinkedHashMap<>();

  /** The options as they would be typed again, e.g. {@code --option Passing=right}, or "" for none. */
  String optionArgs() {
    return optionArgs(options);
  }

  /** {@code options} as they would be typed, e.g. {@code --option Passing=right}, or "" for none. */
  static String optionArgs(Map<String, String> options) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, String> e : options.entrySet()) {
      sb.append(" --option ").append(Shell.quote(e.getKey() + "=" + e.getValue()));
    }
    return sb.toString();
  }

  /** The options as one line for humans, e.g. {@code Passing=right, Players=5}, or "(defaults)". */
  String optionsText() {
    if (options.isEmpty()) {
      return "(defaults)";
    }
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, String> e : options.entrySet()) {
      sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
    }
    return sb.toString();
  }
}
