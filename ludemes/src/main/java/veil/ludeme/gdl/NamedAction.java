package veil.ludeme.gdl;

import veil.ludeme.Names;

/**
 * An action translated from a call with a {@code name:} argument (its GDL function name, with a default): move,
 * pass, trick. Keeps the bound call for the subclass.
 */
public abstract class NamedAction implements ActionGdl {
  protected final Bound b;
  protected final String verb;
  private final boolean hasCard;

  protected NamedAction(Bound b, String defaultVerb, boolean hasCard) throws ExportException {
    this.b = b;
    this.verb = Names.gdl(b.text("name", defaultVerb));
    this.hasCard = hasCard;
  }

  @Override
  public final String verb() {
    return verb;
  }

  @Override
  public final veil.dsl.Node source() {
    return b.call;
  }

  @Override
  public final boolean hasCard() {
    return hasCard;
  }
}
