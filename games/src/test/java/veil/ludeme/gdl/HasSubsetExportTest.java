package veil.ludeme.gdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import veil.gdl.KifLoader;
import veil.gdl.Lockstep;
import veil.gdl.reason.KifGame;

/**
 * {@code (hasSubset "Map" cards sum:V [with:C])} in GDL-II ({@code sum-captures.lud}: sum captures on an unbounded
 * table): the exported chain of reachable sums plays in lockstep with the engine; a with: chain that may use the card
 * it leaves out fails the lockstep. A Scopa table (40 cards worth 1..10, no most:), whose (subsets …) count the
 * export refuses, exports as a condition.
 */
class HasSubsetExportTest {
  private static final String NAME = "sum-captures.lud";

  private static Lockstep.Result lockstep(UnaryOperator<String> mutate) throws Exception {
    String text = new String(HasSubsetExportTest.class.getClassLoader().getResourceAsStream("veil/testgames/" + NAME)
        .readAllBytes(), StandardCharsets.UTF_8);
    GdlExport.Exported e = ExportFixtures.exportText(NAME, text, Map.of());
    KifGame gdl = new KifLoader().load("sum-captures.kif", mutate.apply(e.kif()), Map.of("mode", "strict"));
    return Lockstep.run(e.game(), gdl, 60, 3, e::facts, gdl::trueFacts);
  }

  @Test
  void sumCapturesPlayInLockstep() throws Exception {
    Lockstep.Result r = lockstep(k -> {
      assertThat(k).contains("hassubset_").contains("(distinct ");
      return k;
    });
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    assertThat(r.playouts()).isEqualTo(60);
  }

  /** Broken on purpose: the with: chain may take the card it leaves out, so a card counts towards its own sum. */
  @Test
  void aWithChainThatMayUseItsOwnCardFailsTheLockstep() throws Exception {
    Lockstep.Result r = lockstep(k -> {
      List<String> out = new ArrayList<>();
      int changed = 0;
      for (String line : k.split("\n", -1)) {
        String cut = line.replaceAll(" ?\\(distinct \\?x[0-9]+ \\(card [0-9]+ [a-z]+\\)\\)", "");
        changed += cut.equals(line) ? 0 : 1;
        out.add(cut);
      }
      assertThat(changed).as("the with: chain's links").isPositive();
      return String.join("\n", out);
    });
    assertThat(r.ok()).isFalse();
  }

  @Test
  void aScopaTableOfAnySizeExports() throws Exception {
    String text = """
        (game "Scopa table"
          (players 2)
          (bound 60)
          (equipment {(deck "Deck" suits:{Coins Cups Swords Batons} ranks:{1 2 3 4 5 6 7 8 9 10})
                      (hand Each) (pile "Table" visible:All) (pile "Won" Each)
                      (map "V" {(1 1) (2 2) (3 3) (4 4) (5 5) (6 6) (7 7) (8 8) (9 9) (10 10)})})
          (rules
            (start {(shuffle "Deck") (deal 3 to:(hand Each))})
            (play (or {(move from:(hand Mover) to:(pile "Table"))
                      (move from:(pile "Table") to:(pile "Won" Mover) name:take
                            cards:(cards (pile "Table") if:(hasSubset "V" (pile "Table") sum:10 with:Card)))}))
            (end (if (empty (hand P2)) (byScore (count (pile "Won" Player)))))))
        """;
    String kif = ExportFixtures.exportText("scopa-table.lud", text, Map.of()).kif();
    assertThat(kif).contains("hassubset_");
    // The same rule as a count is refused: a table of the whole deck has too many subsets with one sum.
    String counted = text.replace("(hasSubset \"V\" (pile \"Table\") sum:10 with:Card)",
        "(> (subsets \"V\" (pile \"Table\") sum:10 with:Card) 0)");
    assertThat(counted).isNotEqualTo(text);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ExportFixtures.exportText("scopa-table.lud", counted,
        Map.of())).hasMessageContaining("the GDL-II translation of (subsets …) writes the count");
  }
}
