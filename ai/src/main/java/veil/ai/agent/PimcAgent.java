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
 * Perfect-information Monte Carlo: samples a number of worlds from the information set, runs decoupled UCT on each
 * as if it were the true state, and plays the move with the most root visits summed over the worlds. Fast and
 * often strong, but it assumes everyone will know everything from now on (strategy fusion): it never pays to learn
 * something (Exploding Bomb) and never values hiding something.
 *
 * <p>The iteration budget is shared equally among the worlds (at least one iteration each; with fewer iterations
 * than worlds, fewer worlds are used). Worlds are split between threads round-robin.
 */
public final class PimcAgent extends SearchAgent implements Agent {
  private final int worlds;
  private Determinizer shared;

  public PimcAgent(String spec, double exploration, int worlds) {
    super(spec, exploration);
    if (worlds < 1) {
      throw new IllegalArgumentException("pimc needs at least one world");
    }
    this.worlds = worlds;
  }

  @Override
  protected void onStart() {
    shared = GeneralDeterminizer.forGame(game);
  }

  @Override
  protected Worker newWorker(int thread) {
    Worker w = new Worker();
    w.search = new SearchWorker(game, role, SearchWorker.Mode.UCT, exploration);
    w.world = game.initialState();
    w.root = game.initialState();
    w.sampler = shared;
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
    int n = budget.timed() ? worlds : (int) Math.min(worlds, budget.iterations());
    int mine = 0;
    for (int world = thread; world < n; world += threads) {
      mine++;
    }
    long start = now(w);
    int done = 0;
    for (int world = thread; world < n; world += threads) {
      if (samplerExhausted(w)) {
        break;
      }
      if (budget.timed() && w.iterations > 0 && now(w) >= deadline) {
        break; // the time is up: draw no further world
      }
      long perWorld = budget.timed() ? Long.MAX_VALUE : budget.iterations() / n + (world < budget.iterations() % n ? 1 : 0);
      long worldDeadline = budget.timed() ? start + (deadline - start) / mine * (done + 1) : Long.MAX_VALUE;
      done++;
      if (!sample(w, obs, w.root)) {
        continue;
      }
      w.search.clear();
      // A thread that has not run one iteration yet runs one even past its deadline (one that starts late on a
      // loaded machine would otherwise play at random, reported as a sampler fallback), as the ISMCTS agents do.
      for (long k = 0; k < perWorld && (w.iterations == 0 || now(w) < worldDeadline); k++) {
        w.world.copyFrom(w.root);
        w.search.iterate(w.world, obs.length());
        w.iterations++;
      }
      addRootVisits(w, legal, votes);
    }
  }
}
