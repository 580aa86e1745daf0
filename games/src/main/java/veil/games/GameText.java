package veil.games;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import veil.model.GameLoadException;

/**
 * Reads a game file as the loaders expect it: UTF-8 text (a byte-order mark is dropped), lines ending in LF, CRLF or
 * a lone CR (old Mac files, turned into LF so that a comment ends where the line does). Refuses, with the position
 * and the reason, what is not such a text: invalid UTF-8, UTF-16, a file too large for the memory Java has (the
 * limit grows with the heap, {@code -Xmx}), a device, a pipe or a folder.
 */
public final class GameText {
  /**
   * Heap bytes per file byte a token-dense text can take while it is read and compiled (each token becomes a node
   * with its position); a file may be at most the heap over this.
   */
  static final long HEAP_PER_BYTE = 128;

  private GameText() {}

  /** The largest game file the current heap can read safely, in bytes. */
  public static long maxBytes() {
    return maxBytes(Runtime.getRuntime().maxMemory());
  }

  static long maxBytes(long heap) {
    return Math.max(1L << 20, heap / HEAP_PER_BYTE);
  }

  /** The text of a game file, or a report that names the file, the position where one applies, and the reason. */
  public static String read(Path file) throws GameLoadException {
    return read(file, maxBytes());
  }

  static String read(Path file, long maxBytes) throws GameLoadException {
    String name = file.toString();
    if (Files.isDirectory(file)) {
      throw new GameLoadException("error: " + name + " is a folder, not a game file\n");
    }
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new GameLoadException("error: " + name + " is not a regular file (a device, a pipe or a socket);"
          + " a game is a .lud or .kif file\n");
    }
    byte[] bytes;
    try {
      long size = Files.size(file);
      if (size > maxBytes) {
        throw new GameLoadException(tooLarge(name, size, maxBytes));
      }
      try (InputStream in = Files.newInputStream(file)) {
        bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
      }
      if (bytes.length > maxBytes) {
        throw new GameLoadException(tooLarge(name, bytes.length, maxBytes));
      }
    } catch (NoSuchFileException e) {
      throw new GameLoadException("error: no such file: " + name + "\n");
    } catch (AccessDeniedException e) {
      throw new GameLoadException("error: cannot read " + name + ": permission denied\n");
    } catch (IOException e) {
      throw new GameLoadException("error: cannot read " + name + ": " + (e.getMessage() == null
          ? e.getClass().getSimpleName() : e.getMessage()) + "\n");
    }
    return decode(name, bytes);
  }

  private static String tooLarge(String name, long size, long maxBytes) {
    return String.format(Locale.ROOT, "error: %s is %.1f MB; with this Java heap (%d MB) a game file may be at most"
        + " %.1f MB (more with a larger heap, e.g. VEIL_JAVA_OPTS=-Xmx4g)\n", name, size / 1e6,
        Runtime.getRuntime().maxMemory() >> 20, maxBytes / 1e6);
  }

  /** The bytes as UTF-8 text with LF line ends and no byte-order mark. */
  static String decode(String name, byte[] bytes) throws GameLoadException {
    if (bytes.length >= 2 && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)
        || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
      throw new GameLoadException(name + ":1:1: the file is UTF-16 (it starts with a UTF-16 byte-order mark);"
          + " save it as UTF-8\n");
    }
    int from = bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF
        ? 3 : 0;
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, from, bytes.length - from);
    CharBuffer out = CharBuffer.allocate(bytes.length - from);
    CoderResult r = decoder.decode(in, out, true);
    if (!r.isError()) {
      r = decoder.flush(out);
    }
    if (r.isError()) {
      int at = in.position();
      out.flip();
      String before = out.toString();
      int line = 1;
      int lineStart = 0;
      for (int i = 0; i < before.length(); i++) {
        char c = before.charAt(i);
        if (c == '\n' || (c == '\r' && (i + 1 >= before.length() || before.charAt(i + 1) != '\n'))) {
          line++;
          lineStart = i + 1;
        }
      }
      boolean utf16 = looksUtf16(bytes);
      throw new GameLoadException(String.format(Locale.ROOT, "%s:%d:%d: %s (byte 0x%02X at offset %d); save the"
          + " file as UTF-8\n", name, line, before.length() - lineStart + 1,
          utf16 ? "the file looks like UTF-16 text, not UTF-8" : "this is not valid UTF-8 text",
          bytes[at] & 0xFF, at));
    }
    out.flip();
    String text = out.toString();
    int nul = text.indexOf('\0');
    if (nul >= 0) {
      int line = 1;
      int lineStart = 0;
      for (int i = 0; i < nul; i++) {
        if (text.charAt(i) == '\n') {
          line++;
          lineStart = i + 1;
        }
      }
      throw new GameLoadException(String.format(Locale.ROOT, "%s:%d:%d: %s; save the file as UTF-8 text\n", name,
          line, nul - lineStart + 1, looksUtf16(bytes) ? "the file looks like UTF-16 text, not UTF-8"
              : "a NUL character: this is not a text file"));
    }
    if (text.indexOf('\r') < 0) {
      return text;
    }
    // CRLF stays (the readers take it); a lone CR becomes LF, so that line comments and positions see the lines.
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      sb.append(c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n') ? '\n' : c);
    }
    return sb.toString();
  }

  /** Many zero bytes at odd or at even offsets: ASCII written as UTF-16 without a byte-order mark. */
  private static boolean looksUtf16(byte[] bytes) {
    int n = Math.min(bytes.length, 4096);
    int zeros = 0;
    for (int i = 0; i < n; i++) {
      if (bytes[i] == 0) {
        zeros++;
      }
    }
    return n >= 4 && zeros * 4 >= n;
  }
}
