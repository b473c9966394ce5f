import ArgumentParser

/// What `sluice export-test` and `sluice export-trace` read and where they write: a saved
/// session, and the file to write what it becomes (standard output without one).
struct SessionFileExport: ParsableArguments {
  @Argument(help: ArgumentHelp("The session file.", valueName: "session-file"))
  var sessionFile: String

  @Option(
    name: [.short, .long],
    help: ArgumentHelp("Write to this file (default: standard output).", valueName: "file"))
  var output: String?

  @OptionGroup var featureChoice: FeatureOption<LoadingFeature>
}
