package veil.ludeme.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The values a number family may hold within one step: a write outside the variable's declared range fails the run
 * in the engine, so it must not widen what later effects of the same step read (Spades' bag count, written once per
 * player in one step, spread to −716 and made the export's tables five times larger before this held).
 */
class StoreTest {
  private static Family number(String id) {
    return new Family(id, id, List.of(), 1, true, Kind.NUM, true, s -> List.of());
  }

  @Test
  void aWriteKeepsOnlyTheValuesOfTheDeclaredRange() {
    Analysis analysis = new Analysis();
    Family bags = analysis.family(number("var_bags"));
    analysis.declareRange("var_bags", 0, 9);
    Store store = new Store(analysis);
    store.bump(bags, new TreeSet<>(List.of(-20, -10, 0, 5, 9, 10, 22)));
    assertThat(store.nums(bags)).containsExactly(0, 5, 9);
    store.bump(bags, new TreeSet<>(List.of(-3, 7)));
    assertThat(store.nums(bags)).containsExactly(0, 5, 7, 9);
  }

  @Test
  void aFamilyWithoutADeclaredRangeKeepsEveryValueWritten() {
    Analysis analysis = new Analysis();
    Family over = analysis.family(number("var_over"));
    Store store = new Store(analysis);
    store.bump(over, new TreeSet<>(List.of(-26, 0, 13)));
    assertThat(store.nums(over)).containsExactly(-26, 0, 13);
  }
}
