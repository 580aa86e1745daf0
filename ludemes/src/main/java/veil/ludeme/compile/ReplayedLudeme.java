package veil.ludeme.compile;

import veil.ludeme.gdl.GdlEmitter;

/**
 * A ludeme that only computes from what the state holds — a number or a condition read from the cards (a count, a
 * meld, deadwood, a poker hand's value, the top card of a pile) or the rules' betting — with the defaults such
 * ludemes share, so that each states only what differs: the card sampler replays it ({@link CardSampling#REPLAYED}:
 * deterministic, it shows nothing of its own), the reference lists it under the section given to the constructor,
 * and the GDL-II export translates it with the emitter given to the constructor (null: nothing of its own to
 * translate).
 */
public abstract class ReplayedLudeme extends SimpleLudeme {
  private final String category;
  private final GdlEmitter gdl;

  protected ReplayedLudeme(String name, Type type, String category, GdlEmitter gdl, String doc, Param... params) {
    super(name, type, doc, params);
    this.category = category;
    this.gdl = gdl;
  }

  @Override
  public String category() {
    return category;
  }

  @Override
  public CardSampling cardSampling() {
    return CardSampling.REPLAYED;
  }

  @Override
  public GdlEmitter gdl() {
    return gdl;
  }
}
