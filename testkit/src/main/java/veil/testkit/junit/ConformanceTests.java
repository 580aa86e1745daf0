package veil.testkit.junit;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import veil.model.GameLoadException;
import veil.testkit.Check;
import veil.testkit.CheckResult;
import veil.testkit.Conformance;
import veil.testkit.Settings;
import veil.testkit.Subject;
import veil.testkit.Target;

/**
 * The conformance suite as JUnit 5 dynamic tests: one container per game, holding "loads" and one test per check,
 * named by the check's label. A module's test runs it on its games with a {@code @TestFactory}:
 *
 * <pre>
 * &#64;TestFactory
 * Stream&lt;DynamicContainer&gt; conformance() {
 *   return ConformanceTests.of(myTargets(), Settings.DEFAULT);
 * }
 * </pre>
 *
 * A failing check throws an {@link AssertionError} with its {@link CheckResult#report()} (what failed, the first
 * violations, the replay command) and the game's exception as the cause.
 */
public final class ConformanceTests {
  private ConformanceTests() {}

  public static Stream<DynamicContainer> of(List<Target> targets, Settings settings) {
    return targets.stream().map(t -> of(t, settings));
  }

  /** The container of one game; the recorded playouts are summarised on standard output, as a figure to watch. */
  public static DynamicContainer of(Target target, Settings settings) {
    Subject subject = new Subject(target, settings, System.out::println);
    List<DynamicTest> tests = new ArrayList<>();
    tests.add(dynamicTest("loads", () -> {
      try {
        subject.game();
      } catch (GameLoadException e) {
        throw new AssertionError(target.name() + " does not load:\n" + e.getMessage(), e);
      }
    }));
    for (Check check : Conformance.checks(target)) {
      tests.add(dynamicTest(check.label(), () -> assertPassed(check.run(subject))));
    }
    return dynamicContainer(target.name(), tests.stream());
  }

  /** Throws an AssertionError reporting {@code result} unless it passed. */
  public static void assertPassed(CheckResult result) {
    if (!result.passed()) {
      throw new AssertionError(result.report(), result.cause());
    }
  }
}
