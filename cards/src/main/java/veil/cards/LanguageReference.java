package veil.cards;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import veil.ludeme.compile.GameCompiler;
import veil.ludeme.compile.Ludeme;
import veil.ludeme.compile.NamedValue;
import veil.ludeme.compile.Param;

/**
 * Writes docs/language-reference.md from the ludeme classes themselves, so the reference cannot drift from what
 * the compiler accepts. A test in the games module fails when the checked-in file differs from {@link #render()}.
 */
public final class LanguageReference {
  private LanguageReference() {}

  public static String render() {
    StringBuilder sb = new StringBuilder();
    sb.append("# Veil ludeme language reference\n\n");
    sb.append("Generated from the code by `./veil reference --force -o docs/language-reference.md`; do not edit by hand.\n");
    sb.append("A test fails when this file is not what the code generates.\n\n");
    sb.append("## Structure of a game\n\n");
    for (String[] s : GameCompiler.STRUCTURE) {
      sb.append("- `").append(s[0]).append("` — ").append(s[1]).append('\n');
    }
    sb.append("\n## Names\n\n");
    for (String[] s : NAMES) {
      sb.append("- `").append(s[0]).append("` — ").append(s[1]).append('\n');
    }
    for (Ludeme l : CardLibrary.language()) {
      for (NamedValue v : l.namedValues()) {
        sb.append("- `").append(v.name()).append("` — ").append(v.doc()).append(" (from `").append(l.name())
            .append("`)\n");
      }
    }
    Map<String, List<Ludeme>> byCategory = new LinkedHashMap<>();
    for (String c : ORDER) {
      byCategory.put(c, new ArrayList<>());
    }
    for (Ludeme l : CardLibrary.language()) {
      byCategory.computeIfAbsent(l.category(), k -> new ArrayList<>()).add(l);
    }
    for (Map.Entry<String, List<Ludeme>> e : byCategory.entrySet()) {
      if (e.getValue().isEmpty()) {
        continue;
      }
      sb.append("\n## ").append(Character.toUpperCase(e.getKey().charAt(0))).append(e.getKey().substring(1))
          .append("\n");
      for (Ludeme l : e.getValue()) {
        sb.append("\n### `").append(l.name()).append("` (").append(l.type().description).append(")\n\n");
        sb.append("`").append(l.usage()).append("`\n\n").append(l.doc()).append('\n');
        if (!l.params().isEmpty()) {
          sb.append('\n');
          for (Param p : l.params()) {
            sb.append("- `").append(p.positional() ? p.name() : p.name() + ":").append("` ").append(p.kind())
                .append(p.optional() ? ", optional" : "").append(" — ").append(p.doc()).append('\n');
          }
        }
      }
    }
    return sb.toString();
  }

  private static final List<String> ORDER = List.of("equipment", "places", "chance", "moves", "cards", "integers",
      "conditions", "variables", "players", "effect", "move", "outcome", "board");

  private static final String[][] NAMES = {
    {"Mover", "the player whose move is being made or generated"},
    {"Next", "the player after Mover in turn order; Prev, the one before"},
    {"Player", "the player bound by forEach, some, all, byScore, ranking and payoff"},
    {"LastMover", "the player who made the last move (in a move's own then:, the one before it: -1 on the first move)"},
    {"Card", "the card bound by (cards … if:) and a trick's winner: key"},
    {"Choice", "the value the move being played chose, in a (choose … then:) effect; the value being offered in its if:"},
    {"P1, P2, …", "players by seat; or the names given in (players {White Black})"},
    {"Each", "in a deal, every player in turn; in a declaration, one place per player"},
    {"a suit or rank name", "its index (ranks in the order the deck lists them, lowest first); a rank named by a "
        + "number is written as that number, 8, in (card 8 Hearts) and in a comparison with (rank …)"},
    {"<Name>", "the value of the game option Name"},
    {"(\"Macro\" a b)", "a (define \"Macro\" body) with #1 #2 replaced by the arguments"},
  };
}
