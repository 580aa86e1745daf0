package veil.cards;

import java.util.List;
import java.util.Map;
import veil.dsl.DslException;
import veil.dsl.Expander;
import veil.dsl.Node;
import veil.dsl.Reader;
import veil.dsl.Source;
import veil.cards.sample.CardSampler;
import veil.ludeme.CompiledGame;
import veil.ludeme.compile.GameCompiler;
import veil.model.GameLoadException;
import veil.model.GameLoader;

/** Loads {@code .lud} games: read, expand defines and options, compile with the whole ludeme language. */
public final class LudLoader implements GameLoader {
  @Override
  public List<String> extensions() {
    return List.of("lud");
  }

  @Override
  public CompiledGame load(String sourceName, String text, Map<String, String> options) throws GameLoadException {
    try {
      return compile(sourceName, text, options);
    } catch (DslException e) {
      throw new GameLoadException(e.getMessage(), givesUnknownOption(sourceName, text, options));
    }
  }

  /** Whether {@code options} name an option the game does not declare (then the command line is at fault). */
  private static boolean givesUnknownOption(String sourceName, String text, Map<String, String> options) {
    if (options == null || options.isEmpty()) {
      return false;
    }
    try {
      java.util.Set<String> declared = new java.util.HashSet<>();
      for (Expander.OptionDecl o : Expander.options(Reader.read(Source.of(sourceName, text)))) {
        declared.add(o.name());
      }
      return !declared.containsAll(options.keySet());
    } catch (DslException e) {
      return false; // the declarations themselves are broken: a game error
    }
  }

  /** Compiles, reporting errors as a {@link DslException} with every diagnostic. */
  public static CompiledGame compile(String sourceName, String text, Map<String, String> options)
      throws DslException {
    List<Node> forms = Reader.read(Source.of(sourceName, text));
    List<Node> expanded = Expander.expand(forms, options);
    // Card games get the fast sampler that deals unseen cards straight into hidden places (a match: deal by deal).
    return GameCompiler.compile(expanded, sourceName, CardLibrary.language(),
        g -> CardSampler.supports(g) ? new CardSampler(g)
            : veil.cards.match.MatchSampler.supports(g) ? new veil.cards.match.MatchSampler(g) : null);
  }
}
