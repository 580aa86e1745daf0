package veil.cli;

import java.util.Map;
import java.util.Set;
import veil.games.GameRegistry;
import veil.games.GameSource;
import veil.ludeme.CompiledGame;
import veil.ludeme.gdl.ExportException;
import veil.ludeme.gdl.GdlExport;
import veil.gdl.KifWriter;
import veil.gdl.reason.KifGame;
import veil.model.Game;
import veil.model.GameLoadException;
import veil.testkit.GdlRules;
import veil.testkit.Target;

/**
 * A GAME argument as a target of the conformance suite: loaded by the registry, named in replay commands as the
 * user typed it, its GDL-II rules the export of a ludeme game or a GDL-II game's rules written back out. {@code
 * veil conform} and the games module's conformance test both check games through here.
 */
public final class ConformTargets {
  /** Bundled games where every role sees everything: the honesty check (h) has nothing to compare. */
  static final Set<String> PERFECT_INFORMATION = Set.of("tic-tac-toe");
  /**
   * Bundled games with hidden cards where no role ever has two legal moves (War): (h) has no decision to compare,
   * and its line says it found none, as for a user's game.
   */
  static final Set<String> WITHOUT_CHOICES = Set.of("war");

  private ConformTargets() {}

  public static Target of(GameRegistry registry, String game, Map<String, String> options) {
    return of(registry, game, options, null);
  }

  /**
   * As {@link #of(GameRegistry, String, Map)}, with {@code exportReasoner} the reasoner ({@code auto}, {@code
   * grounded}, {@code topdown}) that plays a ludeme game's exported rules in check (l), or null for auto. A GDL-II
   * game's rules are played in (l) by the reasoner its own {@code reasoner} option names (auto by default), the one
   * that plays the game itself in the other checks.
   */
  public static Target of(GameRegistry registry, String game, Map<String, String> options, String exportReasoner) {
    Map<String, String> opts = Map.copyOf(options);
    Target.Information information = Target.Information.UNKNOWN;
    try {
      GameSource source = registry.resolve(game);
      if (source.isBundled() && !WITHOUT_CHOICES.contains(game)) {
        information = PERFECT_INFORMATION.contains(game) ? Target.Information.PERFECT : Target.Information.HIDDEN;
      }
    } catch (GameLoadException e) {
      // Loading reports it.
    }
    String gameArgs = Shell.quote(game) + GameArgs.optionArgs(options);
    String given = opts.get("reasoner");
    String reasoner = exportReasoner != null ? exportReasoner
        : given == null ? null : given.trim().toLowerCase(java.util.Locale.ROOT);
    return Target.of(game, () -> registry.load(game, opts))
        .withCommand(Shell.program(), gameArgs, gameArgs + (exportReasoner == null ? "" : " --reasoner "
            + exportReasoner))
        .withGdlRules(loaded -> gdlRules(registry, game, opts, loaded))
        .withInformation(information)
        .withReasoner(reasoner);
  }

  /**
   * A ludeme game's rules exported to GDL-II (played against the game compiled with the export), a GDL-II game's
   * rules written back out as KIF (played against the game as loaded); other games have none.
   */
  static GdlRules gdlRules(GameRegistry registry, String game, Map<String, String> options, Game loaded) {
    GameSource src;
    try {
      src = registry.resolve(game);
    } catch (GameLoadException e) {
      return GdlRules.none(e.getMessage().strip());
    }
    switch (src.extension()) {
      case "lud" -> {
        if (!(loaded instanceof CompiledGame compiled)) {
          return GdlRules.none("the .lud loader gave a " + loaded.getClass().getName() + ", not a compiled game");
        }
        try {
          GdlExport.Exported e = GdlExport.export(compiled);
          return GdlRules.of(src.sourceName() + ".kif", e.kif(), e.game(), e::facts);
        } catch (ExportException e) {
          return GdlRules.none("its export fails: " + e.getMessage().strip());
        }
      }
      case "kif" -> {
        if (!(loaded instanceof KifGame first)) {
          return GdlRules.none("the .kif loader gave a " + loaded.getClass().getName() + ", not a KifGame");
        }
        return GdlRules.of(src.sourceName(), KifWriter.write(first.rules(), first.symbols()), first,
            first::trueFacts);
      }
      default -> {
        return GdlRules.none("it is a ." + src.extension() + " game, which has none");
      }
    }
  }
}
