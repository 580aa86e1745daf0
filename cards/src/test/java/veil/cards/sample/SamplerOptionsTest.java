package veil.cards.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import veil.cards.LudLoader;
import veil.ludeme.CompiledGame;

/**
 * The sampler's switches are per sampler: each Worker takes a {@link SamplerOptions#copy}, so the copy must carry every
 * switch (a switch left out of it would silently fall back to its default in the Worker), and the defaults must be
 * the sampler as it ships (they were static fields with these values before).
 */
class SamplerOptionsTest {
  @Test
  void aCopyCarriesEverySwitchAndIsIndependent() throws Exception {
    SamplerOptions o = new SamplerOptions();
    List<Field> fields = switches();
    for (Field f : fields) {
      if (f.getType() == boolean.class) {
        f.setBoolean(o, !f.getBoolean(o));
      } else {
        f.setInt(o, f.getInt(o) + 17);
      }
    }
    SamplerOptions c = o.copy();
    for (Field f : fields) {
      assertThat(f.get(c)).as(f.getName()).isEqualTo(f.get(o));
    }
    SamplerOptions fresh = new SamplerOptions();
    for (Field f : fields) {
      assertThat(f.get(c)).as("%s differs from its default in the test", f.getName()).isNotEqualTo(f.get(fresh));
    }
    o.exactBounds = !o.exactBounds;
    assertThat(c.exactBounds).as("a change after the copy does not reach it").isNotEqualTo(o.exactBounds);
  }

  @Test
  void theDefaultsAreTheSamplerAsItShips() throws Exception {
    SamplerOptions o = new SamplerOptions();
    List<String> on = new ArrayList<>();
    List<String> off = new ArrayList<>();
    for (Field f : switches()) {
      if (f.getType() == boolean.class) {
        (f.getBoolean(o) ? on : off).add(f.getName());
      }
    }
    assertThat(on).containsExactlyInAnyOrder("repairWitnesses", "swapWitnesses", "searchWitnesses", "exactReveals",
        "largestClassLast", "pathBounds", "exactBounds", "dropImplied", "lastFirstFree", "weighDesignations",
        "pairFacts", "hiddenMoveSets", "pairAssignment");
    assertThat(off).containsExactlyInAnyOrder("exactFacts", "brokenPathBound", "weightlessReveals", "branchAlike",
        "brokenEnd", "brokenMultinomial", "brokenHiddenMoveWeights",
        "brokenHiddenMoveSets", "brokenOrderedRelabel", "brokenPairWeights");
    assertThat(o.searchBudget).isEqualTo(3000);
    assertThat(o.searchScoreBudget).isEqualTo(400_000);
    CompiledGame g = LudLoader.compile("go-fish.lud", Files.readString(Play.LUD.resolve("go-fish.lud")), Map.of());
    assertThat(new CardSampler(g).options).usingRecursiveComparison().isEqualTo(o);
  }

  private static List<Field> switches() {
    List<Field> out = new ArrayList<>();
    for (Field f : SamplerOptions.class.getDeclaredFields()) {
      if (!Modifier.isStatic(f.getModifiers())) {
        out.add(f);
      }
    }
    assertThat(out).hasSize(25);
    return out;
  }
}
