import SluiceTesting
import Foundation
import Testing

/// Turns on session files for failing tests, in code: a ``SluiceTesting/TestStore`` made with
/// `debuggerFeature:` that records an issue writes what its test did, up to the failure, as a
/// Sluice session file in ``folder``, and the issue names the file and the command that opens
/// it in the debugger, at the failing step.
///
/// ```swift
/// @Suite(.failureSessions(in: ".build/sluice-test-sessions"))
/// struct CheckoutTests { … }
/// ```
///
/// The environment variable `SLUICE_TEST_SESSIONS=FOLDER` turns them on for every test
/// without changing code (`SLUICE_TEST_SESSIONS=/tmp/sessions swift test`, or a CI job that
/// keeps the folder as an artifact). Where both are set, the trait's folder wins: it is the
/// more specific of the two. Without either, nothing is recorded and nothing is written.
///
/// The command the failure prints starts your debugger: `debugger:` (or
/// `SLUICE_TEST_DEBUGGER`) says how, `swift run orders-debugger` for the target `sluice-init`
/// wrote; `sluice` when neither says.
public struct FailureSessions: TestTrait, SuiteTrait, TestScoping {
  /// The name of the environment variable that turns session files on for every test:
  /// `SLUICE_TEST_SESSIONS`. Its value is the folder; empty is off.
  public static let environmentVariable = "SLUICE_TEST_SESSIONS"

  /// The name of the environment variable that says how to start the debugger the failure's
  /// command names: `SLUICE_TEST_DEBUGGER`.
  public static let debuggerVariable = "SLUICE_TEST_DEBUGGER"

  /// The folder session files are written to; a relative path is taken from the current
  /// directory (the package's, under `swift test`). It is created when a file is written.
  public let folder: String

  /// How to start the debugger that registers the feature, as the failure's command names
  /// it (`swift run orders-debugger`); `nil` for `SLUICE_TEST_DEBUGGER`'s, else `sluice`.
  public let debugger: String?

  /// Applies to every test of a suite it is given to, and their suites.
  public var isRecursive: Bool { true }

  /// The folder of the trait the running test is scoped to, if any.
  @TaskLocal package static var scopedFolder: String?
  /// The debugger of the trait the running test is scoped to, if it names one.
  @TaskLocal package static var scopedDebugger: String?

  /// Runs `function` with session files turned on in ``folder``.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await Self.$scopedFolder.withValue(folder) {
      try await Self.$scopedDebugger.withValue(debugger ?? Self.scopedDebugger) {
        try await function()
      }
    }
  }

  /// Where a test store made now writes its session files: the folder of the trait the
  /// running test has, else the environment variable's, as an absolute path; `nil` when
  /// neither is set (or the variable is empty).
  ///
  /// - Parameters:
  ///   - scoped: The trait's folder.
  ///   - environment: The process's environment.
  ///   - currentDirectory: What a relative folder is relative to.
  package static func folder(
    scoped: String? = scopedFolder,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String? {
    guard let folder = scoped ?? environment[environmentVariable], !folder.isEmpty else { return nil }
    guard !folder.hasPrefix("/") else { return folder }
    return (currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/") + folder
  }

  /// How the failure's command starts the debugger: the trait's, else the environment
  /// variable's, else `sluice`.
  package static func debugger(
    scoped: String? = scopedDebugger, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let scoped, !scoped.isEmpty { return scoped }
    if let named = environment[debuggerVariable], !named.isEmpty { return named }
    return "sluice"
  }
}

extension Trait where Self == FailureSessions {
  /// Failing tests write their sessions into `folder` (see ``FailureSessions``).
  ///
  /// - Parameters:
  ///   - folder: Where the files go; a relative path is taken from the current directory.
  ///     It is created when the first file is written.
  ///   - debugger: How the failure's command starts the debugger that registers the
  ///     feature (`swift run orders-debugger`); by default `SLUICE_TEST_DEBUGGER`'s, else
  ///     `sluice`.
  public static func failureSessions(in folder: String, debugger: String? = nil) -> Self {
    FailureSessions(folder: folder, debugger: debugger)
  }
}
