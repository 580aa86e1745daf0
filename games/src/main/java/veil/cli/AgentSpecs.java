package veil.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import veil.ai.Agents;
import veil.ai.ClairvoyantAgent;
import veil.ai.Player;
import veil.ai.agent.RandomAgent;
import veil.ai.match.MatchRunner;
import veil.model.Game;

/** Checks agent specs ({@code so-ismcts}, {@code pimc:worlds=20}, ...) against the agents and a game's seats. */
final class AgentSpecs {
  private AgentSpecs() {}

  /** Each spec trimmed and checked; a usage error naming the agents when one is not understood. */
  static List<String> check(CommandLine cmd, List<String> specs) {
    List<String> out = new ArrayList<>();
    for (String s : specs) {
      String spec = s.trim();
      if (spec.isEmpty()) {
        throw new ParameterException(cmd, "--agents: an empty agent spec; known agents: "
            + String.join(", ", Agents.names()));
      }
      try {
        Agents.create(spec);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(cmd, "--agents: " + e.getMessage());
      }
      out.add(spec);
    }
    return out;
  }

  /** The game's seats (non-random roles) as text, e.g. {@code 2 seats (white, black)}. */
  static String seats(Game game) {
    int[] roles = MatchRunner.seatRoles(game);
    StringBuilder sb = new StringBuilder();
    for (int r : roles) {
      sb.append(sb.length() == 0 ? "" : ", ").append(game.roleName(r));
    }
    return roles.length + (roles.length == 1 ? " seat (" : " seats (") + sb + ")";
  }

  /** True for a search agent that must sample what it cannot see (and may fall back to random moves). */
  static boolean samples(String spec) {
    Player p = Agents.create(spec);
    return !(p instanceof RandomAgent) && !(p instanceof ClairvoyantAgent);
  }
}
