package veil.ai.games;

import java.util.SplittableRandom;
import veil.ai.sample.Belief;
import veil.ai.sample.GeneralDeterminizer;
import veil.model.Determinizer;
import veil.model.Game;
import veil.model.MoveList;
import veil.model.Percepts;
import veil.model.State;

/** A game as it is, with another sampler as its own (for tests of what agents do with a game's sampler). */
public final class WithSampler implements Game {
  private final Game g;
  private final Determinizer sampler;

  public WithSampler(Game g, Determinizer sampler) {
    this.g = g;
    this.sampler = sampler;
  }

  /** The game with a general sampler of the given limits as its own. */
  public static WithSampler general(Game g, Belief.Limits limits) {
    return new WithSampler(g, new GeneralDeterminizer(g, limits));
  }

  @Override
  public Determinizer determinizer() {
    return sampler;
  }

  @Override
  public String name() {
    return g.name();
  }

  @Override
  public String description() {
    return g.description();
  }

  @Override
  public int roleCount() {
    return g.roleCount();
  }

  @Override
  public String roleName(int role) {
    return g.roleName(role);
  }

  @Override
  public int randomRole() {
    return g.randomRole();
  }

  @Override
  public int stepBound() {
    return g.stepBound();
  }

  @Override
  public State initialState() {
    return g.initialState();
  }

  @Override
  public boolean isTerminal(State s) {
    return g.isTerminal(s);
  }

  @Override
  public void legalMoves(State s, int role, MoveList out) {
    g.legalMoves(s, role, out);
  }

  @Override
  public int randomLegalMove(State s, int role, SplittableRandom rng, MoveList scratch) {
    return g.randomLegalMove(s, role, rng, scratch);
  }

  @Override
  public void apply(State s, int[] joint, Percepts percepts) {
    g.apply(s, joint, percepts);
  }

  @Override
  public int goal(State s, int role) {
    return g.goal(s, role);
  }

  @Override
  public String moveText(int role, int move) {
    return g.moveText(role, move);
  }

  @Override
  public String perceptText(int role, int percept) {
    return g.perceptText(role, percept);
  }

  @Override
  public String render(State s, int viewer) {
    return g.render(s, viewer);
  }
}
