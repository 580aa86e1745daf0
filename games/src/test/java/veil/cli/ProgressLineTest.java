package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void onATerminalRewritesOneLineAndClearsIt() {
    StringWriter err = new StringWriter();
    ProgressLine p = new ProgressLine(new PrintWriter(err), "Hearts", true);
    p.update(250, 1000, 2 * SECOND);
    p.update(500, 1000, 4 * SECOND);
    p.finish();
    String[] parts = err.toString().split("\r", -1);
    assertThat(parts[1]).isEqualTo("Hearts: 250/1000 games (25%), 2 s elapsed, about 6 s left");
    assertThat(parts[2]).startsWith("Hearts: 500/1000 games (50%), 4 s elapsed, about 4 s left");
    assertThat(parts[3]).isBlank();
    assertThat(err.toString()).doesNotContain("\n");
  }

  @Test
  void elsewherePrintsALineEveryFewSeconds() {
    StringWriter err = new StringWriter();
    ProgressLine p = new ProgressLine(new PrintWriter(err), "Golf", false);
    p.update(10, 100, SECOND / 5);
    p.update(20, 100, 5 * SECOND);
    p.update(21, 100, 6 * SECOND);
    p.update(60, 100, 10 * SECOND);
    p.finish();
    assertThat(err.toString()).isEqualTo(""
        + "Golf: 20/100 games (20%), 5 s elapsed, about 20 s left\n"
        + "Golf: 60/100 games (60%), 10 s elapsed, about 7 s left\n");
  }

  @Test
  void durationsReadNaturally() {
    assertThat(ProgressLine.duration(42.4)).isEqualTo("42 s");
    assertThat(ProgressLine.duration(125)).isEqualTo("2 min 5 s");
    assertThat(ProgressLine.duration(7300)).isEqualTo("2 h 1 min");
  }
}
