package veil.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import veil.cards.LanguageReference;

/** docs/language-reference.md must be exactly what the ludeme classes generate. */
class LanguageReferenceTest {
  @Test
  void checkedInReferenceIsCurrent() throws IOException {
    Path file = Path.of(System.getProperty("user.dir")).getParent().resolve("docs/language-reference.md");
    assertThat(file).exists();
    String onDisk = Files.readString(file, StandardCharsets.UTF_8);
    assertThat(onDisk)
        .as("docs/language-reference.md is stale: run ./veil reference --force -o docs/language-reference.md")
        .isEqualTo(LanguageReference.render());
  }

  @Test
  void everyLudemeHasADocAndAppears() {
    String text = LanguageReference.render();
    for (veil.ludeme.compile.Ludeme l : veil.cards.CardLibrary.language()) {
      assertThat(l.doc()).as(l.name()).isNotBlank();
      assertThat(text).contains("### `" + l.name() + "`");
    }
  }
}
