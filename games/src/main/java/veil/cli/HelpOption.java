package veil.cli;

import picocli.CommandLine.Option;

/** {@code -h, --help} for subcommands ({@code --version} belongs to {@code veil} itself). */
final class HelpOption {
  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
  boolean help;
}
