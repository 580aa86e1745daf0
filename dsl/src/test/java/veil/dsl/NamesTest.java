package veil.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NamesTest {
  static final List<String> LUDEMES = List.of("hand", "deck", "deal", "shuffle", "players", "Players", "phase",
      "trick", "priority", "Each", "Mover", "PlayerCount");

  @Test
  void nearestByEditDistanceThenAlphabetically() {
    assertThat(Names.nearest("dael", LUDEMES, 3)).containsExactly("deal");
    assertThat(Names.nearest("deak", LUDEMES, 3)).containsExactly("deal", "deck");
    assertThat(Names.nearest("shufle", LUDEMES, 3)).containsExactly("shuffle");
    assertThat(Names.nearest("prority", LUDEMES, 3)).containsExactly("priority");
  }

  @Test
  void caseAndPrefixesCount() {
    assertThat(Names.nearest("each", LUDEMES, 3)).containsExactly("Each");
    assertThat(Names.nearest("player", LUDEMES, 5)).containsExactly("Players", "players", "PlayerCount");
    assertThat(Names.nearest("Player", LUDEMES, 1)).containsExactly("Players");
  }

  @Test
  void farNamesAndTheNameItselfAreNotSuggested() {
    assertThat(Names.nearest("zzzzzz", LUDEMES, 3)).isEmpty();
    assertThat(Names.nearest("hand", LUDEMES, 3)).doesNotContain("hand");
    assertThat(Names.nearest("hand", LUDEMES, 0)).isEmpty();
    assertThat(Names.nearest("x".repeat(1_000_000), LUDEMES, 3)).isEmpty();
  }

  @Test
  void levenshtein() {
    assertThat(Names.distance("kitten", "sitting", 10)).isEqualTo(3);
    assertThat(Names.distance("", "abc", 10)).isEqualTo(3);
    assertThat(Names.distance("abc", "abc", 10)).isZero();
    assertThat(Names.distance("aaaaaaaa", "bbbbbbbb", 2)).isGreaterThan(2);
  }
}
