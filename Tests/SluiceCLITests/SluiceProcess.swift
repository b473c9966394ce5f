import Foundation
import Testing

/// What a run of the `sluice` binary printed, and how it exited.
struct SluiceProcessResult {
  var status: Int32
  var standardOutput: String
  var standardError: String

  var outputLines: [String] {
    standardOutput.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }
}

/// Runs the real `sluice` executable built next to the tests.
enum SluiceProcess {
  /// The package's root folder, found from this file's place in it.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The built binary: beside the test bundle (where `swift build --build-tests` puts it, as
  /// this target depends on the executable), else in the package's default build folder.
  static var executable: URL? { builtProduct("sluice") }

  /// An executable product of this package, built beside the tests.
  static func builtProduct(_ name: String) -> URL? {
    var candidates: [URL] = []
    if let bundle = Bundle.main.executableURL {
      candidates.append(bundle.deletingLastPathComponent().appendingPathComponent(name))
    }
    let argument0 = URL(fileURLWithPath: CommandLine.arguments[0])
    candidates.append(argument0.deletingLastPathComponent().appendingPathComponent(name))
    candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `sluice` (or `program`, such as a link to it under another name) with `arguments`,
  /// feeding `input` to its standard input; `environment` entries are set over the test's
  /// own, and `directory` is the current directory (the package's root when `nil`).
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:], directory: URL? = nil,
    program: URL? = nil
  ) async throws -> SluiceProcessResult {
    let executable = try #require(program ?? executable, "the sluice binary was not built next to the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? packageRoot
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    // Read both pipes while the process runs, so a full pipe never blocks it.
    let outputData = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
    let errorData = Task.detached { error.fileHandleForReading.readDataToEndOfFile() }
    if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
    try standardInput.fileHandleForWriting.close()
    let status = await Task.detached {
      process.waitUntilExit()
      return process.terminationStatus
    }.value
    return SluiceProcessResult(
      status: status,
      standardOutput: String(decoding: await outputData.value, as: UTF8.self),
      standardError: String(decoding: await errorData.value, as: UTF8.self))
  }
}

/// A temporary folder for scripts, removed when the value goes away.
final class ScriptFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-cli-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes a script and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }
}
