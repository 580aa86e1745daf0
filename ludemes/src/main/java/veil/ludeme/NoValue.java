package veil.ludeme;

/**
 * The running score's way to learn, without allocating, that the end rule has no value yet. {@link
 * CompiledGame#heuristic} evaluates the end rule in the middle of a game, where an expression it reads may not be
 * defined yet (Euchre's maker before anyone made trump: player -1). Elsewhere that is a rule failure, an exception
 * with a message and a stack trace; while this thread values a state ({@link #during}) the places that detect such an
 * undefined read ({@code Args.checkPlayer}, division by zero) throw the one preallocated {@link #INSTANCE} instead,
 * which the heuristic catches as "no value here". A search calls the heuristic at every cut rollout, so the failing
 * path must allocate nothing either.
 */
public final class NoValue extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /** The one instance: no stack trace, no message built per failure. */
  public static final NoValue INSTANCE = new NoValue();

  private static final ThreadLocal<boolean[]> VALUING = ThreadLocal.withInitial(() -> new boolean[1]);

  private NoValue() {
    super("the running score has no value in this state (an expression of the end rule is not defined yet)");
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this; // shared and thrown often: no stack trace
  }

  /** This thread's flag: true while it values a state. */
  static boolean[] flag() {
    return VALUING.get();
  }

  /** True while the calling thread values a state with the running score (then failures throw {@link #INSTANCE}). */
  public static boolean during() {
    return VALUING.get()[0];
  }
}
