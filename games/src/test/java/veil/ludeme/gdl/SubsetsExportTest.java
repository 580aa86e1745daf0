package veil.ludeme.gdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import veil.gdl.KifLoader;
import veil.gdl.Lockstep;
import veil.gdl.reason.KifGame;

/**
 * {@code (subsets "Map" cards sum:V [with:C] [most:N])} in GDL-II ({@code subset-sums.lud}: sum captures taken one
 * card at a time with with:, a computed and a variable sum, a score counting subsets of a won pile): the exported
 * rules play in lockstep with the engine; a chain that skips one card, and a with: that forgets to leave the card
 * out, each fail the lockstep. A count nothing bounds is refused at export with the call's position.
 */
class SubsetsExportTest {
  private static final String NAME = "subset-sums.lud";

  private static GdlExport.Exported export() throws Exception {
    String text = new String(SubsetsExportTest.class.getClassLoader().getResourceAsStream("veil/testgames/" + NAME)
        .readAllBytes(), StandardCharsets.UTF_8);
    return ExportFixtures.exportText(NAME, text, Map.of());
  }

  private static Lockstep.Result lockstep(UnaryOperator<String> mutate) throws Exception {
    GdlExport.Exported e = export();
    KifGame gdl = new KifLoader().load("subset-sums.kif", mutate.apply(e.kif()), Map.of("mode", "strict"));
    return Lockstep.run(e.game(), gdl, 60, 3, e::facts, gdl::trueFacts);
  }

  /** The KIF's top-level forms (a form goes on over the indented lines after its first). */
  private static List<String> forms(String kif) {
    List<String> out = new ArrayList<>();
    for (String line : kif.split("\n", -1)) {
      if (!out.isEmpty() && (line.startsWith(" ") || line.startsWith("\t"))) {
        out.set(out.size() - 1, out.get(out.size() - 1) + "\n" + line);
      } else {
        out.add(line);
      }
    }
    return out;
  }

  @Test
  void capturesBySumsPlayInLockstep() throws Exception {
    String kif = export().kif();
    assertThat(kif).contains("subsetsbut_").contains("subsetswith_");
    Lockstep.Result r = lockstep(k -> k);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    assertThat(r.playouts()).isEqualTo(60);
  }

  /** Broken on purpose: every chain walks past the six of hearts as if the set never held it. */
  @Test
  void aChainOneCardShortFailsTheLockstep() throws Exception {
    Pattern held = Pattern.compile("\\(cards_[0-9]+ \\(card 6 hearts\\)\\)");
    Pattern notHeld = Pattern.compile("\\(not \\(cards_[0-9]+ \\(card 6 hearts\\)\\)\\)");
    Lockstep.Result r = lockstep(k -> {
      List<String> kept = new ArrayList<>();
      int dropped = 0;
      for (String f : forms(k)) {
        if (f.startsWith("(<= (subsets_") && notHeld.matcher(f).find()) {
          kept.add(notHeld.matcher(f).replaceAll("").replace(" )", ")"));
        } else if (f.startsWith("(<= (subsets_") && held.matcher(f).find()) {
          dropped++;
        } else {
          kept.add(f);
        }
      }
      assertThat(dropped).as("the chains' links for the six of hearts").isPositive();
      return String.join("\n", kept);
    });
    assertThat(r.ok()).isFalse();
  }

  /** Broken on purpose: with: reads the count of the whole set at the sum left (the card may be used twice). */
  @Test
  void aWithThatKeepsTheCardFailsTheLockstep() throws Exception {
    Pattern below = Pattern.compile(" \\(lt \\?x[0-9]+ [0-9]+\\)\\)$");
    Lockstep.Result r = lockstep(k -> {
      List<String> kept = new ArrayList<>();
      int changed = 0;
      for (String f : forms(k)) {
        if (f.startsWith("(<= (subsetsbut_") && f.contains("(minus")) {
          changed++;
          continue;
        }
        if (f.startsWith("(<= (subsetsbut_")) {
          f = below.matcher(f).replaceAll(")");
        }
        kept.add(f);
      }
      assertThat(changed).as("the recursive rules of with:").isPositive();
      return String.join("\n", kept);
    });
    assertThat(r.ok()).isFalse();
  }

  @Test
  void aCountNothingBoundsIsRefusedAtExport() throws Exception {
    String text = """
        (game "Big Fifteens"
          (players 2)
          (equipment {(deck "Deck" ranks:{Ace 2 3 4 5 6 7 8 9 10 Jack Queen King}) (hand Each)
                      (map "Pips" {(Ace 1) (2 2) (3 3) (4 4) (5 5) (6 6) (7 7) (8 8) (9 9) (10 10) (Jack 10)
                                   (Queen 10) (King 10)})})
          (rules
            (start {(shuffle "Deck") (deal 5 to:(hand Each))})
            (play (move to:"Deck"))
            (end (if (empty (hand P2)) (byScore (subsets "Pips" (hand Player) sum:15%s))))))
        """;
    assertThatThrownBy(() -> ExportFixtures.exportText("big.lud", text.formatted(""), Map.of()))
        .isInstanceOf(ExportException.class)
        .hasMessageContaining("big.lud:9:41: the GDL-II translation of (subsets …) writes the count as a number up "
            + "to 256, and this one can reach ")
        .hasMessageContaining("give most: N, the most cards the set can hold");
    assertThatThrownBy(() -> ExportFixtures.exportText("big.lud", text.formatted(" most:12"), Map.of()))
        .isInstanceOf(ExportException.class)
        .hasMessageContaining("this one can reach 924 subsets with one sum (any 12 of the 52 cards worth at most 15")
        .hasMessageContaining("a smaller most: is needed");
    // Five cards: at most C(5,2) = 10 subsets with one sum.
    String kif = ExportFixtures.exportText("big.lud", text.formatted(" most:5"), Map.of()).kif();
    assertThat(kif).contains("(plus 5 5 10)").doesNotContain("(plus 5 6 11)");
  }
}
