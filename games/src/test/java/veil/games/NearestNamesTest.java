package veil.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestNamesTest {
  private static final List<String> GAMES =
      List.of("hearts", "hearts-simple", "agram", "golf", "monty-hall-3", "monty-hall-4", "bottle-imp");

  @Test
  void findsTyposClosestFirst() {
    assertThat(NearestNames.nearest("haerts", GAMES, 3)).containsExactly("hearts", "hearts-simple");
    assertThat(NearestNames.nearest("agrma", GAMES, 3)).containsExactly("agram");
    assertThat(NearestNames.nearest("Golf", GAMES, 3)).containsExactly("golf");
  }

  @Test
  void findsPartialNames() {
    assertThat(NearestNames.nearest("monty", GAMES, 5)).containsExactly("monty-hall-3", "monty-hall-4");
    assertThat(NearestNames.nearest("mnoty", GAMES, 5)).containsExactly("monty-hall-3", "monty-hall-4");
    assertThat(NearestNames.nearest("bottle", GAMES, 5)).containsExactly("bottle-imp");
  }

  @Test
  void findsNothingForUnrelatedNames() {
    assertThat(NearestNames.nearest("backgammon", GAMES, 5)).isEmpty();
  }

  @Test
  void countsATranspositionAsOneEdit() {
    assertThat(NearestNames.distance("ab", "ba")).isEqualTo(1);
    assertThat(NearestNames.distance("kitten", "sitting")).isEqualTo(3);
  }
}
