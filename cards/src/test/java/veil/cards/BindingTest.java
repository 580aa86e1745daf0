package veil.cards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.dsl.DslException;
import veil.dsl.Expander;
import veil.dsl.Reader;
import veil.dsl.Source;
import veil.ludeme.Effect;
import veil.ludeme.compile.Args;
import veil.ludeme.compile.GameCompiler;
import veil.ludeme.compile.Ludeme;
import veil.ludeme.compile.Param;
import veil.ludeme.compile.SimpleLudeme;
import veil.ludeme.compile.Type;

/** A ludeme reads only the parameters it declares: a misspelt name in its code is a bug found at once. */
class BindingTest {
  /** Declares {@code times:} but reads {@code time:}, as a typo would. */
  private static final class Misspelt extends SimpleLudeme {
    Misspelt() {
      super("twice", Type.EFFECT, "Test ludeme.", Param.named("times", "int", "how often"));
    }

    @Override
    public Object build(Args a) throws DslException {
      return a.has("time") ? Effect.NONE : Effect.NONE;
    }
  }

  private static void compile(String effect) throws Exception {
    List<Ludeme> language = new ArrayList<>(CardLibrary.language());
    language.add(new Misspelt());
    String text = "(game \"T\" (players 2) (equipment {(deck \"Deck\" ranks:{1 2} suits:{Red}) (hand Each)})"
        + " (rules (start {" + effect + "}) (play (pass)) (end (if (= (turns) 2) (result All Draw)))))";
    GameCompiler.compile(Expander.expand(Reader.read(Source.of("t.lud", text)), Map.of()), "t.lud", language);
  }

  @Test
  void readingAnUndeclaredArgumentIsABugReportedAtOnce() {
    assertThatThrownBy(() -> compile("(twice times:2)")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(twice …) reads an argument named 'time' that it does not declare");
  }

  @Test
  void anArgumentTheLudemeDoesNotDeclareIsTheUsersErrorWithItsPosition() {
    assertThatThrownBy(() -> compile("(twice time:2)")).isInstanceOf(DslException.class)
        .hasMessageContaining("t.lud:1:").hasMessageContaining("(twice …) has no argument time:");
  }

  @Test
  void everyBundledLudemeDeclaresItsParametersOnce() {
    for (Ludeme l : CardLibrary.language()) {
      List<String> names = new ArrayList<>();
      for (Param p : l.params()) {
        assertThat(names).as(l.name()).doesNotContain(p.name());
        names.add(p.name());
      }
    }
  }
}
