package veil.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./veil} launcher's build step, through {@code scripts/test-launcher-build.sh} (a fake Maven that takes
 * two seconds and a fake Java): two launches at once build once and both run; an edit rebuilds once; no edit, no
 * build. And the same script fails on the launcher without its lock (the race of session 8: both launches build, the
 * second's {@code mv} of the shared temporary stamp fails).
 */
class LauncherBuildTest {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  record Result(int code, String output) {}

  static Result script(Path launcher) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("bash", ROOT.resolve("scripts/test-launcher-build.sh").toString(),
        launcher.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the script ended").isTrue();
    return new Result(p.exitValue(), out);
  }

  @Test
  void twoLaunchesAtOnceBuildOnce() throws Exception {
    Result r = script(ROOT.resolve("veil"));
    assertThat(r.code()).as(r.output()).isZero();
    assertThat(r.output()).contains("test-launcher-build: ok");
  }

  @Test
  void withoutTheLockTheScriptFails(@TempDir Path dir) throws Exception {
    String launcher = Files.readString(ROOT.resolve("veil"), StandardCharsets.UTF_8);
    String broken = launcher.replace("\n  lock\n", "\n").replace("  if needs_build; then # another launcher", "  if true; then #");
    assertThat(broken).isNotEqualTo(launcher);
    Path copy = dir.resolve("veil");
    Files.writeString(copy, broken, StandardCharsets.UTF_8);
    Result r = script(copy);
    assertThat(r.code()).as(r.output()).isEqualTo(1);
    assertThat(r.output()).contains("FAILED");
  }
}
