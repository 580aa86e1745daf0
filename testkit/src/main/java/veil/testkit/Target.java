package veil.testkit;

import veil.model.Game;
import veil.model.GameLoadException;
import veil.model.RandomJointMoves;

/**
 * A game for the conformance suite: its name in messages, how to load it, how a user replays what failed (the
 * {@code veil} command and the GAME argument with its options, when the command line can load the game), where its
 * GDL-II rules come from (for check (l)), and whether it hides anything (for check (h)). Immutable; the {@code
 * with...} methods return changed copies.
 */
public final class Target {
  /** Loads the game under test; its errors are the loader's formatted report. */
  @FunctionalInterface
  public interface Loader {
    Game load() throws GameLoadException;
  }

  /** Whether some role does not see everything, which decides what the honesty check (h) may conclude. */
  public enum Information {
    /** Some role does not see everything: (h) fails when it finds no two states of one information set. */
    HIDDEN,
    /** Every role sees everything: (h) finds nothing to compare, and that is right. */
    PERFECT,
    /** Not known (a user's game): when (h) finds nothing to compare it passes and says so in its line. */
    UNKNOWN
  }

  private final String name;
  private final Loader loader;
  private final String program;
  private final String gameArgs;
  private final GdlRules.Source gdl;
  private final Information information;
  private final String reasoner;
  private final String conformArgs;

  private Target(String name, Loader loader, String program, String gameArgs, GdlRules.Source gdl,
      Information information, String reasoner, String conformArgs) {
    this.name = name;
    this.loader = loader;
    this.program = program;
    this.gameArgs = gameArgs;
    this.gdl = gdl;
    this.information = information;
    this.reasoner = reasoner;
    this.conformArgs = conformArgs;
  }

  /**
   * A game the command line cannot name (e.g. a hand-written Java test game): no replay commands, no GDL-II
   * rules (check (l) is not run), hidden information expected.
   */
  public static Target of(String name, Loader loader) {
    return new Target(name, loader, null, null, null, Information.HIDDEN, null, null);
  }

  /**
   * Replay commands name the game on the command line: {@code program} is how the user runs Veil (e.g. {@code
   * ./veil}), {@code gameArgs} the GAME argument and options as typed, already quoted for a shell (e.g. {@code
   * hearts --option Passing=right}).
   */
  public Target withCommand(String program, String gameArgs) {
    return new Target(name, loader, program, gameArgs, gdl, information, reasoner, gameArgs);
  }

  /**
   * As {@link #withCommand(String, String)}, with {@code conformArgs} the arguments a {@code veil conform} replay
   * command takes where {@code simulate}'s take {@code gameArgs} (e.g. with {@code --reasoner}, which only conform
   * takes for a ludeme game).
   */
  public Target withCommand(String program, String gameArgs, String conformArgs) {
    return new Target(name, loader, program, gameArgs, gdl, information, reasoner, conformArgs);
  }

  /** The game has (or is expected to have) GDL-II rules: check (l) runs and asks {@code source} for them. */
  public Target withGdlRules(GdlRules.Source source) {
    return new Target(name, loader, program, gameArgs, source, information, reasoner, conformArgs);
  }

  public Target withInformation(Information info) {
    return new Target(name, loader, program, gameArgs, gdl, info, reasoner, conformArgs);
  }

  /**
   * The reasoner that plays the game's GDL-II rules in check (l): the GDL-II loader's {@code reasoner} option
   * ({@code auto}, {@code grounded} or {@code topdown}); null for its default ({@code auto}).
   */
  public Target withReasoner(String name) {
    return new Target(this.name, loader, program, gameArgs, gdl, information, name, conformArgs);
  }

  /** The reasoner check (l) plays the GDL-II rules with, or null for the loader's default ({@code auto}). */
  public String reasoner() {
    return reasoner;
  }

  public String name() {
    return name;
  }

  Game load() throws GameLoadException {
    return loader.load();
  }

  /** Where the GDL-II rules come from, or null when the game has none to check. */
  public GdlRules.Source gdl() {
    return gdl;
  }

  public Information information() {
    return information;
  }

  /** The command that plays random playout {@code index} of a run with {@code seed} alone. */
  String simulateCommand(long seed, int index) {
    if (program == null) {
      return "random playout " + index + " of " + name + " with master seed " + seed + " (its seed is "
          + RandomJointMoves.gameSeed(seed, index) + ", moves by veil.model.RandomJointMoves)";
    }
    return program + " simulate " + gameArgs + " --seed " + seed + " --first-game " + index + " --games 1";
  }

  /** The command that runs {@code check} again with the same seed and playouts. */
  String conformCommand(long seed, int playouts, Check check) {
    if (program == null) {
      return "the conformance suite on " + name + " with seed " + seed + " and " + playouts + " playouts, check ("
          + check.letter() + ")";
    }
    return program + " conform " + conformArgs + " --seed " + seed + " --playouts " + playouts + " --check "
        + check.letter();
  }
}
