package veil.ludeme.compile;

import java.util.List;
import veil.dsl.DslException;

/**
 * A ludeme: one keyword of the language, one small class. It declares its name, what it compiles to, its
 * arguments and a one-line doc (from which docs/language-reference.md is generated), and builds its compiled form
 * from bound arguments. Building happens once, at compile time; what it returns runs on the playout path.
 */
public abstract class Ludeme {
  public abstract String name();

  public abstract Type type();

  public abstract String doc();

  public abstract List<Param> params();

  /** Section of the reference this ludeme is listed under. */
  public String category() {
    return type().name().toLowerCase();
  }

  /** Whether more positional arguments than declared may follow (collected as the last positional's list). */
  public boolean variadic() {
    return false;
  }

  public abstract Object build(Args a) throws DslException;

  /** The bare names this ludeme gives meaning to (usually none). */
  public List<NamedValue> namedValues() {
    return List.of();
  }

  /**
   * What the ludeme is to the card sampler ({@link CardSampling}); null when it does not say, which the card sampler
   * treats as {@link CardSampling#OUTSIDE}. Every ludeme says: one that is new and does not cannot be mis-sampled.
   */
  public CardSampling cardSampling() {
    return null;
  }

  /**
   * The ludeme's GDL-II translation, kept with it (one ludeme, one place): an implementation of the {@link
   * veil.ludeme.gdl.GdlEmitter} sub-interface for its type. Null when the ludeme has none yet: exporting a game
   * that uses it fails with the ludeme's name and position.
   */
  public veil.ludeme.gdl.GdlEmitter gdl() {
    return null;
  }

  /**
   * Whether a call's value depends on nothing but its arguments (it reads no state): arithmetic, comparisons,
   * logic, a card's suit or rank. A filter made only of pure calls, constants and the bound Card is folded into a
   * card mask when the game compiles (see {@link Compiler#dependsOnlyOnCard}), so playouts never evaluate it.
   */
  public boolean pure() {
    return false;
  }

  /** The ludeme's usage, e.g. {@code (deal <count:int> from:<place> to:<place>)}. */
  public String usage() {
    StringBuilder sb = new StringBuilder("(").append(name());
    for (Param p : params()) {
      sb.append(' ').append(p.signature());
    }
    if (variadic()) {
      sb.append(" …");
    }
    return sb.append(')').toString();
  }
}
