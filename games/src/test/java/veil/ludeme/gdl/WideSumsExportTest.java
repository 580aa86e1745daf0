package veil.ludeme.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import veil.gdl.KifLoader;
import veil.gdl.Lockstep;
import veil.gdl.reason.KifGame;

/**
 * Sums of two numbers of many values each are written digit by digit ({@link DigitNum#sum}) rather than as a {@code
 * plus} table of one fact per pair of values: {@code wide-sums.lud} adds numbers of 60 values each, negative and
 * positive, and the engine and the strict GDL-II reasoner agree fact by fact on every score; rules broken on purpose
 * (every carry dropped) fail the lockstep. Pinochle's meld sums (two meld scores of hundreds of values each) need no
 * table of pairs.
 */
class WideSumsExportTest {
  private static final String NAME = "veil/export/wide-sums.lud";

  private static Lockstep.Result lockstep(UnaryOperator<String> mutate, String reasoner, int playouts)
      throws Exception {
    String text = new String(WideSumsExportTest.class.getClassLoader().getResourceAsStream(NAME).readAllBytes(),
        StandardCharsets.UTF_8);
    GdlExport.Exported e = ExportFixtures.exportText(NAME, text, Map.of());
    // 17 x 59 + 59 = 1062 and -29 x 59 = -1711: four digits, the sums through the carry table, no table of pairs.
    assertThat(e.kif()).contains("(decimal_4 -1711 8 2 8 9)").contains("(decimal_4 1062 1 0 6 2)")
        .contains("(digitadd 9 9 1 9 1)").contains("(<= (widesum_").doesNotContain("(plus 1003 59 1062)");
    KifGame gdl = new KifLoader().load(NAME + ".kif", mutate.apply(e.kif()), Map.of("mode", "strict", "reasoner",
        reasoner));
    return Lockstep.run(e.game(), gdl, playouts, 23, e::facts, gdl::trueFacts);
  }

  @Test
  void wideSumsAreAddedDigitByDigitInLockstep() throws Exception {
    // Grounded: each sum is one literal of a relation derived from the digit tables (grounding derives it once).
    Lockstep.Result r = lockstep(k -> k, "grounded", 60);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    assertThat(r.playouts()).isEqualTo(60);
    assertThat(r.steps()).isGreaterThanOrEqualTo(60 * 4);
  }

  /** Broken on purpose: no digit carries into the next (every carry out written 0): the lockstep sees it. */
  @Test
  void sumsThatDropTheirCarriesFailTheLockstep() throws Exception {
    Pattern carry = Pattern.compile("\\(digitadd ([0-9]) ([0-9]) ([01]) ([0-9]) 1\\)");
    Lockstep.Result r = lockstep(k -> {
      assertThat(carry.matcher(k).find()).as("the carry table").isTrue();
      return carry.matcher(k).replaceAll("(digitadd $1 $2 $3 $4 0)");
    }, "topdown", 60);
    assertThat(r.ok()).isFalse();
    assertThat(r.mismatch().describe("engine", "gdl")).contains("var_score");
  }

  /** Pinochle's partners' meld scores are added digit by digit: no sum table grows with the pairs of values. */
  @Test
  void pinochlesMeldSumsNeedNoTableOfPairs() throws Exception {
    GdlExport.Exported e = ExportFixtures.export("pinochle", Map.of());
    long plus = e.kif().lines().filter(l -> l.startsWith("(plus ")).count();
    long decimal = e.kif().lines().filter(l -> l.startsWith("(decimal_")).count();
    assertThat(decimal).isPositive();
    // Fewer addition facts than the values of one wide number: no table of pairs of them.
    assertThat(plus).isLessThan(Exprs.WIDE_SUM_PAIRS);
  }
}
