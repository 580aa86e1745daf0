package veil.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import veil.games.GameRegistry;
import veil.games.GameSource;
import veil.model.GameLoadException;

/** The GAME argument, {@code --option NAME=VALUE} and {@code --mode}, shared by every command that takes a game. */
final class GameArgs {
  /** How GDL-II rules are checked (the GDL loader's {@code mode} option). */
  enum Mode { strict, lenient }

  @Parameters(index = "0", paramLabel = "GAME",
      description = "A bundled game's name (see `veil list`) or a .lud, .kif or .gdl file.")
  String game;

  @Option(names = "--option", paramLabel = "NAME=VALUE",
      description = "Set one of the game's options, e.g. --option Passing=right (repeatable).")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(names = "--mode", paramLabel = "strict|lenient",
      description = "How GDL-II rules (.kif, .gdl) are checked: strict refuses every deviation from GDL-II and a"
          + " state with two goal values for a role; lenient (the default) repairs the deviations whose meaning is"
          + " clear, and `veil check` lists every repair. Same as --option mode=MODE. Ludeme games are always"
          + " checked strictly.")
  Mode mode;

  /** Which reasoner plays GDL-II rules (the GDL loader's {@code reasoner} option). */
  enum Reasoner { auto, grounded, topdown }

  @Option(names = "--reasoner", paramLabel = "auto|grounded|topdown",
      description = "Which reasoner plays GDL-II rules (.kif, .gdl; for verify-gdl and conform also a ludeme"
          + " game's exported rules): grounded instantiates the rules and plays a"
          + " propositional network (fast; refuses a game too large to ground); topdown answers every question by"
          + " resolution with tabling, without grounding (slower per step, loads any size); auto (the default)"
          + " grounds unless grounding would exceed its limits (--option maxGroundRules=N), then plays top-down."
          + " `veil check` names the reasoner and why. Same as --option reasoner=NAME.")
  Reasoner reasoner;

  @Spec(Spec.Target.MIXEE) CommandSpec command;

  /**
   * The options the game's loader gets: {@code --option}s, and {@code --mode} as the GDL loader's {@code mode}
   * option. A usage error for {@code --mode lenient} on a ludeme game, or a {@code --mode} that contradicts
   * {@code --option mode=…}.
   */
  Map<String, String> loadOptions(GameRegistry registry) {
    return loadOptions(registry, false);
  }

  /**
   * {@link #loadOptions(GameRegistry)}; with {@code reasonerPlaysExport} (conform) {@code --reasoner} on a ludeme
   * game is no usage error: it names the reasoner of the game's exported rules, which the loader does not take.
   */
  Map<String, String> loadOptions(GameRegistry registry, boolean reasonerPlaysExport) {
    Map<String, String> out = new LinkedHashMap<>(options);
    if (mode == null && reasoner == null) {
      return out;
    }
    String ext;
    try {
      GameSource source = registry.resolve(game);
      ext = source.extension();
    } catch (GameLoadException e) {
      return out; // loading reports the unknown game
    }
    if (!"kif".equals(ext) && !"gdl".equals(ext)) {
      if (reasoner != null && !reasonerPlaysExport) {
        throw new ParameterException(command.commandLine(), "--reasoner applies to GDL-II rules (.kif, .gdl); "
            + game + " is a ludeme game, played by its compiled engine");
      }
      if (mode == Mode.lenient) {
        throw new ParameterException(command.commandLine(), "--mode lenient applies to GDL-II rules (.kif, .gdl);"
            + " " + game + " is a ludeme game, which is always checked strictly");
      }
      return out;
    }
    if (mode != null) {
      String given = out.get("mode");
      if (given != null && !given.trim().equalsIgnoreCase(mode.name())) {
        throw new ParameterException(command.commandLine(), "--mode " + mode + " contradicts --option mode=" + given);
      }
      out.put("mode", mode.name());
    }
    if (reasoner != null) {
      String given = out.get("reasoner");
      if (given != null && !given.trim().equalsIgnoreCase(reasoner.name())) {
        throw new ParameterException(command.commandLine(), "--reasoner " + reasoner
            + " contradicts --option reasoner=" + given);
      }
      out.put("reasoner", reasoner.name());
    }
    return out;
  }

  /** The options as they would be typed again, e.g. {@code --option Passing=right}, or "" for none. */
  String optionArgs() {
    return optionArgs(options) + (mode != null ? " --mode " + mode : "")
        + (reasoner != null ? " --reasoner " + reasoner : "");
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
    if (options.isEmpty() && mode == null && reasoner == null) {
      return "(defaults)";
    }
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, String> e : options.entrySet()) {
      sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
    }
    if (mode != null) {
      sb.append(sb.length() == 0 ? "" : ", ").append("--mode ").append(mode);
    }
    if (reasoner != null) {
      sb.append(sb.length() == 0 ? "" : ", ").append("--reasoner ").append(reasoner);
    }
    return sb.toString();
  }
}
