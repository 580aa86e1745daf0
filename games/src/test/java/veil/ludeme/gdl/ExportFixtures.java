package veil.ludeme.gdl;

import veil.gdl.Lockstep;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import veil.gdl.KifLoader;
import veil.gdl.reason.KifGame;

/** Exports a bundled ludeme game, loads the rules with the reasoner and runs both in lockstep. */
final class ExportFixtures {
  private ExportFixtures() {}

  static String bundled(String name) {
    String resource = "veil/games/lud/" + name + ".lud";
    try (InputStream in = ExportFixtures.class.getClassLoader().getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException | NullPointerException e) {
      throw new IllegalStateException("no bundled game " + resource, e);
    }
  }

  static GdlExport.Exported export(String name, Map<String, String> options) throws Exception {
    return exportText("veil/games/lud/" + name + ".lud", bundled(name), options);
  }

  /** Reads, expands and compiles a .lud text with the card language, then exports it. */
  static GdlExport.Exported exportText(String sourceName, String text, Map<String, String> options)
      throws Exception {
    return GdlExport.export(compile(sourceName, text, options));
  }

  static veil.ludeme.CompiledGame compile(String sourceName, String text, Map<String, String> options)
      throws Exception {
    return veil.ludeme.compile.GameCompiler.compile(veil.dsl.Expander.expand(
        veil.dsl.Reader.read(veil.dsl.Source.of(sourceName, text)), options), sourceName,
        veil.cards.CardLibrary.language());
  }

  static KifGame load(GdlExport.Exported e, String mode) throws Exception {
    return new KifLoader().load(e.game().sourceName + ".kif", e.kif(), Map.of("mode", mode));
  }

  /** Lockstep with states compared too; fails with the difference described. */
  static Lockstep.Result verify(String name, Map<String, String> options, String mode, int playouts, long seed)
      throws Exception {
    GdlExport.Exported e = export(name, options);
    KifGame gdl = load(e, mode);
    Lockstep.Result r = Lockstep.run(e.game(), gdl, playouts, seed, e::facts, gdl::trueFacts);
    assertThat(r.ok()).as(() -> r.mismatch().describe("engine", "gdl")).isTrue();
    assertThat(r.playouts()).isEqualTo(playouts);
    return r;
  }
}
