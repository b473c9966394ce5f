import ArgumentParser

/// `--feature NAME`: the registered feature a command works on, declared once for every
/// command that takes it, with the same name, value and completion; `Use` gives the help,
/// which says what the feature is for in that command.
struct FeatureOption<Use: FeatureOptionUse>: ParsableArguments {
  @Option(help: Use.help, completion: RegisteredFeatures.completion)
  var feature: String?
}

/// What a command's `--feature` names, as its help says.
protocol FeatureOptionUse {
  /// The option's help in the command.
  static var help: ArgumentHelp { get }
}

/// The feature a session starts with: `sluice shell`, `run` and `serve`.
enum StartingFeature: FeatureOptionUse {
  static var help: ArgumentHelp { "The feature to start with (default: the first registered)." }
}

/// The feature a session file is loaded into: `sluice export-test` and `export-trace`.
enum LoadingFeature: FeatureOptionUse {
  static var help: ArgumentHelp {
    ArgumentHelp(
      "Load the file into this registered feature, whatever feature it names (a program's recording names its store).",
      valueName: "name")
  }
}
