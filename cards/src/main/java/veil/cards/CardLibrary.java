package veil.cards;

import java.util.ArrayList;
import java.util.List;
import veil.ludeme.compile.Ludeme;
import veil.ludeme.lib.GeneralLibrary;

/** The card ludemes: decks, places, maps, card values and sets, chance, moves and tricks. */
public final class CardLibrary {
  private CardLibrary() {}

  public static List<Ludeme> cards() {
    List<Ludeme> out = new ArrayList<>();
    out.add(new Deck());
    out.addAll(Places.all());
    out.add(new ValueMap());
    out.addAll(CardValue.all());
    out.addAll(CardCount.all());
    out.addAll(CardSet.all());
    out.addAll(Dealing.all());
    out.addAll(Transfer.all());
    out.add(new Reveal());
    out.add(new MoveCard());
    out.add(new Trick());
    out.add(new Deadwood());
    out.add(new PokerRank());
    out.add(new Show());
    out.addAll(PileEnd.all());
    out.add(new Meld());
    out.add(new Subsets());
    out.add(new HasSubset());
    return out;
  }

  /** Every ludeme of the language: the general ones and the card ones. */
  public static List<Ludeme> language() {
    List<Ludeme> out = new ArrayList<>(GeneralLibrary.all());
    out.addAll(cards());
    return out;
  }
}
