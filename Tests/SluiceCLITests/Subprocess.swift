import Foundation

/// Runs a program to its end without blocking a thread of the concurrency pool (a build takes
/// minutes, and the pool has one thread per core): its output, standard error included, goes
/// to a file, and its exit resumes the caller.
enum Subprocess {
  struct Result {
    var status: Int32
    var output: String
  }

  static func run(_ program: String, _ arguments: [String], input: String? = nil) async throws -> Result {
    let outputFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("sluice-subprocess-\(UUID().uuidString).log")
    try Data().write(to: outputFile)
    defer { try? FileManager.default.removeItem(at: outputFile) }
    let output = try FileHandle(forWritingTo: outputFile)
    defer { try? output.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = output
    let standardInput = Pipe()
    process.standardInput = standardInput
    let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        continuation.resume(throwing: error)
        return
      }
      if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
      try? standardInput.fileHandleForWriting.close()
    }
    return Result(status: status, output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self))
  }
}
