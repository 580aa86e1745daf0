package veil.ai.agent;

import veil.ai.Agent;
import veil.ai.Budget;
import veil.ai.sample.GeneralDeterminizer;
import veil.ai.search.SearchWorker;
import veil.model.Determinizer;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.State;

/**
 * Information-set MCTS (Cowling, Powley, Whitehouse 2012) over the model contract: a fresh determinization of the
 * searcher's information set every iteration, UCB with availability counts, trees keyed by a role's own (move,
 * percepts) sequence.
 *
 * <ul>
 *   <li>single-observer ({@code so-ismcts}): one tree over the searcher's information sets; the other roles choose
 *       from statistics kept at the searcher's nodes, so they are modelled as not knowing more than the searcher
 *       about the past but as seeing the sampled world's future;
 *   <li>multiple-observer ({@code mo-ismcts}): one tree per role keyed by that role's own moves and percepts; each
 *       role chooses from its own tree, so a move that reveals information to an opponent is valued as such.
 * </ul>
 */
public final class IsmctsAgent extends SearchAgent implements Agent {
  private final SearchWorker.Mode mode;
  private Determinizer shared;

  public IsmctsAgent(String spec, SearchWorker.Mode mode, double exploration) {
    super(spec, exploration);
    if (mode == SearchWorker.Mode.UCT) {
      throw new IllegalArgumentException("ISMCTS needs an information-set mode");
    }
    this.mode = mode;
  }

  @Override
  protected void onStart() {
    shared = game.determinizer() == null ? new GeneralDeterminizer(game) : null;
  }

  @Override
  protected Worker newWorker(int thread) {
    Worker w = new Worker();
    w.search = new SearchWorker(game, role, mode, exploration);
    w.world = game.initialState();
    // The general sampler is thread-safe and caches its filtering; a game's own sampler is asked for per thread.
    w.sampler = shared != null ? shared : game.determinizer();
    return w;
  }

  @Override
  public int choose(Observation obs, MoveList legal, Budget budget) {
    return search(obs, null, legal, budget);
  }

  @Override
  protected void runThread(Worker w, int thread, int threads, Observation obs, State trueState, MoveList legal,
      Budget budget, long iterations, long deadline, long[] votes) {
    w.search.setRandom(w.rng);
    w.search.clear();
    for (long k = 0; k < iterations && System.nanoTime() < deadline && !samplerExhausted(w); k++) {
      if (sample(w, obs, w.world)) {
        w.search.iterate(w.world, obs.length());
        w.iterations++;
      }
    }
    addRootVisits(w, legal, votes);
  }
}
