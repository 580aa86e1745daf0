package veil.ludeme;

import java.util.Locale;

/** Turns names written in a game ("Table", "Queen", "Won Cards") into GDL constants ("table", "queen", "won_cards"). */
public final class Names {
  private Names() {}

  public static String gdl(String name) {
    StringBuilder sb = new StringBuilder();
    for (char ch : name.toCharArray()) {
      if (Character.isLetterOrDigit(ch) || ch == '_' || ch == '-') {
        sb.append(Character.toLowerCase(ch));
      } else if (ch == ' ') {
        sb.append('_');
      }
    }
    return sb.length() == 0 ? "x" : sb.toString().toLowerCase(Locale.ROOT);
  }
}
