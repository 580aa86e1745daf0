package veil.dsl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A named text that nodes point into; keeps the text so errors can show the offending line. */
public final class Source {
  private final String name;
  private final String text;

  private Source(String name, String text) {
    this.name = name;
    this.text = text;
  }

  public static Source of(String name, String text) {
    return new Source(name, text);
  }

  public static Source read(Path file) throws IOException {
    return new Source(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
  }

  public String name() {
    return name;
  }

  public String text() {
    return text;
  }

  /** The text of 1-based line {@code n}, without its line terminator ("" when out of range). */
  public String line(int n) {
    int start = 0;
    for (int i = 1; i < n; i++) {
      int nl = text.indexOf('\n', start);
      if (nl < 0) {
        return "";
      }
      start = nl + 1;
    }
    int end = text.indexOf('\n', start);
    String line = end < 0 ? text.substring(start) : text.substring(start, end);
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }
}
