package veil.games;

import java.nio.file.Path;

/**
 * Where a GAME argument points: a bundled game or a file. Both are loaded by the loader registered for the
 * extension.
 *
 * @param argument the GAME argument as the user typed it
 * @param bundled the bundled game, or null for a file
 * @param file the file, or null for a bundled game
 * @param extension the extension that chooses the loader, without the dot
 */
public record GameSource(String argument, BundledGame bundled, Path file, String extension) {
  public boolean isBundled() {
    return bundled != null;
  }

  /** The name errors use for this source: the file path as typed, or the bundled resource. */
  public String sourceName() {
    return bundled != null ? bundled.resource() : file.toString();
  }
}
