package veil.testkit;

import java.util.Locale;

/** The checks of the conformance suite, each a rule of the GDL-II model contract or of Veil's agents. */
public enum Check {
  PLAYOUTS_END('a', "playouts-end", "random playouts end within the step bound, nothing throws"),
  LEGAL_MOVES('b', "legal-moves", "every role has a legal move in every non-terminal state"),
  GOALS('c', "goals", "goals in 0..100 and scores in [0,1] at the end"),
  SAME_SEED('d', "same-seed", "the same seed plays the same game"),
  COPIES('e', "copies", "copies share no mutable parts"),
  TEXTS('f', "texts", "move and percept texts print, legal moves print distinctly"),
  REPLAY('g', "replay", "replaying the joint moves gives the same moves, percepts and end"),
  HONESTY('h', "honesty", "honest agents choose the same move in two states of one information set"),
  SAMPLER('i', "sampler", "every sampled history replays to the observation it was drawn for"),
  AGENTS('j', "agents", "every agent plays the game to the end, searching rather than falling back"),
  RANDOM_MOVES('k', "random-moves", "random moves and playouts are draws from the listed legal moves"),
  GDL_LOCKSTEP('l', "gdl-lockstep", "its GDL-II rules, run by the reasoner, agree with it in lockstep");

  private final char letter;
  private final String id;
  private final String description;

  Check(char letter, String id, String description) {
    this.letter = letter;
    this.id = id;
    this.description = description;
  }

  public char letter() {
    return letter;
  }

  /** A short name, e.g. {@code copies}. */
  public String id() {
    return id;
  }

  /** What the check asserts, in one line. */
  public String description() {
    return description;
  }

  /** {@code (e) copies share no mutable parts}. */
  public String label() {
    return "(" + letter + ") " + description;
  }

  /**
   * True for the checks of the game's own rules along random playouts, (a)-(g) and (k): a failure in playout i is
   * replayed by {@code veil simulate GAME --seed S --first-game i --games 1}. The others (agents, samplers, GDL-II
   * rules) are replayed by {@code veil conform GAME --check x}.
   */
  public boolean replaysAsPlayout() {
    return compareTo(REPLAY) <= 0 || this == RANDOM_MOVES;
  }

  /** Runs the check on a subject (loading and recording it on first use). */
  public CheckResult run(Subject subject) {
    return Checks.run(this, subject);
  }

  /** The check a letter ({@code e}) or a name ({@code copies}) stands for, or null. */
  public static Check parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    for (Check c : values()) {
      if (t.equals(String.valueOf(c.letter)) || t.equals(c.id)) {
        return c;
      }
    }
    return null;
  }
}
