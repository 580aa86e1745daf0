package veil.testkit;

import java.util.List;
import java.util.function.Function;
import veil.model.Game;
import veil.model.State;

/**
 * A game's GDL-II rules for the lockstep check (l), or why it has none. The check reads {@code kif} with the
 * GDL-II reader of gdl-bridge ({@link veil.gdl.KifLoader}, strict mode) and plays {@code game} and the rules in
 * lockstep, comparing states too through {@code facts}.
 *
 * @param why why the game has no GDL-II rules (then every other field is null), or null
 * @param sourceName the name the rules are read under, in error messages
 * @param kif the rules as KIF text
 * @param game the game the rules were written from (the suite's game, or the same rules compiled afresh)
 * @param facts {@code game}'s states as the facts of the rules' state, sorted; null to compare no states
 */
public record GdlRules(String why, String sourceName, String kif, Game game, Function<State, List<String>> facts) {
  /** Gives a game's GDL-II rules: the module that knows how the game was written provides this. */
  @FunctionalInterface
  public interface Source {
    /** The rules of {@code loaded} (the game as the suite loaded it), or {@link #none} with the reason. */
    GdlRules rules(Game loaded);
  }

  public static GdlRules of(String sourceName, String kif, Game game, Function<State, List<String>> facts) {
    return new GdlRules(null, sourceName, kif, game, facts);
  }

  public static GdlRules none(String why) {
    return new GdlRules(why, null, null, null, null);
  }
}
