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

  /**
   * The text of 1-based line {@code n}, without its line terminator ("" when out of range). Only error reporting
   * calls this; the first call indexes the line starts once (one pass), so reporting many errors in a huge text
   * stays linear.
   */
  public String line(int n) {
    int[] starts = lineStarts();
    if (n < 1 || n > starts.length) {
      return "";
    }
    return text.substring(starts[n - 1], lineEnd(starts, n));
  }

  /**
   * At most {@code width} characters of line {@code n} around 1-based column {@code col} (the whole line when it is
   * short enough), and the 0-based column where the excerpt starts; lets error reports show a caret in a huge
   * one-line text without copying that line.
   */
  public Excerpt excerpt(int n, int col, int width) {
    int[] starts = lineStarts();
    if (n < 1 || n > starts.length) {
      return new Excerpt("", 0);
    }
    int start = starts[n - 1];
    int end = lineEnd(starts, n);
    int length = end - start;
    if (length <= width) {
      return new Excerpt(text.substring(start, end), 0);
    }
    int from = Math.max(0, Math.min(col - 1 - width / 2, length - width));
    return new Excerpt(text.substring(start + from, start + from + width), from);
  }

  /** A piece of one line: its text and the 0-based column of its first character in the full line. */
  public record Excerpt(String text, int fromCol) {}

  private int lineEnd(int[] starts, int n) {
    int start = starts[n - 1];
    int end = n < starts.length ? starts[n] - 1 : text.length();
    if (end > start && text.charAt(end - 1) == '\r') {
      end--;
    }
    return end;
  }

  /** How many lines the text has (a text with no newline has one line). */
  public int lineCount() {
    return lineStarts().length;
  }

  // Built lazily: racing threads may both build it, which is harmless (same result, benign publication of an array
  // that is never written after construction).
  private volatile int[] lineStarts;

  private int[] lineStarts() {
    int[] starts = lineStarts;
    if (starts == null) {
      int count = 1;
      for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
        count++;
      }
      starts = new int[count];
      int k = 1;
      for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
        starts[k++] = i + 1;
      }
      lineStarts = starts;
    }
    return starts;
  }
}
