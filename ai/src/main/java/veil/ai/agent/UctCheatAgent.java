package veil.ai.agent;

import veil.ai.Budget;
import veil.ai.ClairvoyantAgent;
import veil.ai.search.SearchWorker;
import veil.model.MoveList;
import veil.model.Observation;
import veil.model.State;

/**
 * Clairvoyant UCT: decoupled UCT on the true state, as if information were perfect. The baseline honest agents are
 * measured against; it is handed the true state by the match runner and is never honest.
 */
public final class UctCheatAgent extends SearchAgent implements ClairvoyantAgent {
  public UctCheatAgent(String spec, double exploration) {
    super(spec, exploration);
  }

  @Override
  protected Worker newWorker(int thread) {
    Worker w = new Worker();
    w.search = new SearchWorker(game, role, SearchWorker.Mode.UCT, exploration);
    w.world = game.initialState();
    w.root = game.initialState();
    return w;
  }

  @Override
  public int choose(State trueState, Observation obs, MoveList legal, Budget budget) {
    return search(obs, trueState, legal, budget);
  }

  @Override
  protected void runThread(Worker w, int thread, int threads, Observation obs, State trueState, MoveList legal,
      Budget budget, long iterations, long deadline, long[] votes) {
    w.search.setRandom(w.rng);
    w.search.clear();
    w.root.copyFrom(trueState);
    for (long k = 0; k < iterations && now(w) < deadline; k++) {
      w.world.copyFrom(w.root);
      w.search.iterate(w.world, obs.length());
      w.iterations++;
    }
    addRootVisits(w, legal, votes);
  }
}
