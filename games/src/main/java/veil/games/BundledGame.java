package veil.games;

import java.net.URL;

/**
 * A game shipped with Veil, as one line of an index file: its short name (what users type), the resource that
 * holds its rules, and a one-line description.
 *
 * @param name the name users type, e.g. {@code hearts}
 * @param resource the class-path resource of the rules, e.g. {@code veil/games/lud/hearts.lud}
 * @param description one line saying what the game is
 * @param url where the rules are read from
 */
public record BundledGame(String name, String resource, String description, URL url) {
  /** The file extension of the rules without the dot ("lud", "kif"); "" when there is none. */
  public String extension() {
    return GameRegistry.extensionOf(resource);
  }
}
