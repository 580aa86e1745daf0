package veil.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar's manifest; a build from class folders (tests, IDEs) says so. */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = Main.class.getPackage().getImplementationVersion();
    return new String[] {
      "veil " + (version == null ? "(development build, not from a jar)" : version),
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
    };
  }
}
