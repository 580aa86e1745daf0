package veil.ludeme.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import veil.gdl.KifLoader;
import veil.gdl.Lockstep;
import veil.gdl.reason.KifGame;

/**
 * (cards P rank:2) exports the rank named 2 as the engine reads it ({@code rank-numbers.lud}: a deck ranked Ace 2 3,
 * a twos-first rule and a score of threes), in lockstep; the rules changed back to the position reading fail it.
 */
class RankNumbersExportTest {
  private static Lockstep.Result lockstep(UnaryOperator<String> mutate) throws Exception {
    String name = "rank-numbers.lud";
    String text = new String(RankNumbersExportTest.class.getClassLoader().getResourceAsStream("veil/export/" + name)
        .readAllBytes(), StandardCharsets.UTF_8);
    GdlExport.Exported e = ExportFixtures.exportText(name, text, Map.of());
    KifGame gdl = new KifLoader().load(name + ".kif", mutate.apply(e.kif()), Map.of("mode", "strict"));
    return Lockstep.run(e.game(), gdl, 40, 21, e::facts, gdl::trueFacts);
  }

  @Test
  void aRankNamedByANumberExportsAsTheEngineReadsIt() throws Exception {
    Lockstep.Result r = lockstep(k -> k);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    assertThat(r.playouts()).isEqualTo(40);
  }

  /** Broken on purpose: the twos-first rule reads rank:2 as the position 2 (the threes): the lockstep sees it. */
  @Test
  void thePositionReadingFailsTheLockstep() throws Exception {
    Pattern twos = Pattern.compile("\\(rankof (\\?x[0-9]+) 1\\)");
    Lockstep.Result r = lockstep(k -> {
      Matcher m = twos.matcher(k);
      assertThat(m.find()).as("the export reads rank:2 as position 1").isTrue();
      return m.replaceAll("(rankof $1 2)");
    });
    assertThat(r.ok()).isFalse();
  }
}
