package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.cards.CardLibrary;
import veil.dsl.Expander;
import veil.dsl.Reader;
import veil.dsl.Source;
import veil.ludeme.CompiledGame;
import veil.ludeme.Effect;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.GameCompiler;
import veil.ludeme.compile.Ludeme;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/**
 * The card sampler is used only for games whose every ludeme says what it is to it: a ludeme that does not say
 * (as a new one would not) sends the game to the general sampler, with the ludeme named.
 */
class CardSamplingContractTest {
  private static final String GAME = String.join("\n",
      "(game \"Drop\" (players 2) (bound 30)",
      "  (equipment {(deck \"Deck\" ranks:{1 2 3} suits:{Red Blue}) (hand Each) (pile \"Out\" visible:All)})",
      "  (rules (start {(deal 2 to:(hand Each))})",
      "    (play (move to:\"Out\" name:drop then:%s))",
      "    (end (if (empty (hand Mover)) (result LastMover Win)))))");

  /** An effect that changes nothing and, like a ludeme written without the contract in mind, declares nothing. */
  private static final class Undeclared extends SimpleLudeme {
    Undeclared() {
      super("shrug", Type.EFFECT, "Does nothing; declares nothing to the card sampler.");
    }

    @Override
    public Object build(Args a) {
      return Effect.NONE;
    }
  }

  private static CompiledGame compile(String then, List<Ludeme> language) throws Exception {
    String text = String.format(GAME, then);
    return GameCompiler.compile(Expander.expand(Reader.read(Source.of("drop.lud", text)), Map.of()), "drop.lud",
        language, g -> CardSampler.supports(g) ? new CardSampler(g) : null);
  }

  @Test
  void everyLudemeOfTheLanguageSaysWhatItIsToTheCardSampler() {
    List<String> silent = new ArrayList<>();
    for (Ludeme l : CardLibrary.language()) {
      if (l.cardSampling() == null) {
        silent.add(l.name() + "/" + l.type());
      }
    }
    assertThat(silent).isEmpty();
  }

  @Test
  void aGameOfDeclaredLudemesGetsTheCardSampler() throws Exception {
    CompiledGame g = compile("(moveAll from:(pile \"Out\") to:(pile \"Out\"))",
        CardLibrary.language());
    assertThat(CardSampler.unsupported(g)).isNull();
    assertThat(g.determinizer()).isInstanceOf(CardSampler.class);
  }

  @Test
  void aLudemeThatDoesNotDeclareSendsTheGameToTheGeneralSamplerAndIsNamed() throws Exception {
    List<Ludeme> language = new ArrayList<>(CardLibrary.language());
    language.add(new Undeclared());
    CompiledGame g = compile("(shrug)", language);
    assertThat(g.determinizer()).isNull();
    assertThat(CardSampler.unsupported(g)).isEqualTo("(shrug …) does not declare what it is to the card sampler");
  }

  @Test
  void aLudemeOutsideTheCardSamplerSendsTheGameToTheGeneralSampler() throws Exception {
    CompiledGame g = compile("(tell Mover dropped)", CardLibrary.language());
    assertThat(g.determinizer()).isNull();
    assertThat(CardSampler.unsupported(g)).isEqualTo("(tell …) is outside what the card sampler models");
  }

  private static final String BIDS = String.join("\n",
      "(game \"Bids\" (players 2) (bound 30)",
      "  (equipment {(deck \"Deck\" ranks:{1 2 3} suits:{Red Blue}) (hand Each) (pile \"Out\" visible:All)})",
      "  (rules (start {(deal 2 to:(hand Each))})",
      "    (play (or {(choose bid 0..2%s) (move to:\"Out\" name:drop)}))",
      "    (end (if (empty (hand Mover)) (result LastMover Win)))))");

  @Test
  void aChoiceAnnouncedToAllIsReplayedAndAHiddenOneIsOutside() throws Exception {
    CompiledGame open = GameCompiler.compile(Expander.expand(Reader.read(Source.of("bids.lud",
        String.format(BIDS, ""))), Map.of()), "bids.lud", CardLibrary.language(),
        g -> CardSampler.supports(g) ? new CardSampler(g) : null);
    assertThat(CardSampler.unsupported(open)).isNull();
    assertThat(open.determinizer()).isInstanceOf(CardSampler.class);
    CompiledGame hidden = GameCompiler.compile(Expander.expand(Reader.read(Source.of("bids.lud",
        String.format(BIDS, " visible:Mover"))), Map.of()), "bids.lud", CardLibrary.language(),
        g -> CardSampler.supports(g) ? new CardSampler(g) : null);
    assertThat(hidden.determinizer()).isNull();
    assertThat(CardSampler.unsupported(hidden)).isEqualTo("(choose … visible:Mover) is a choice the other players do "
        + "not see: the card sampler replays only choices everyone perceives");
  }
}
