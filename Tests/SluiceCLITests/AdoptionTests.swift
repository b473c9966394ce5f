import Foundation
import Testing

/// README's "Use Sluice in your package", followed as a new user would: a fresh package that
/// depends on Sluice by path, with a feature of its own (UUID ids, a Date, an optional, a
/// nested enum) and the debugger target README shows, builds, and its binary runs a script.
///
/// The package is written anew on every run, in `.build/adoption-check/MyShop`, beside a
/// link named `sluice` to this checkout (README's `.package(path: "../sluice")`). Its build
/// folder, `.build/adoption-check/scratch`, is kept: the dependencies' checkouts and the
/// debugger's build are reused, so only the first run takes minutes. (A new temporary folder
/// each run would move the path dependency and rebuild all of it.)
/// `SLUICE_SKIP_ADOPTION_TEST=1` skips it; nothing else does.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["SLUICE_SKIP_ADOPTION_TEST"] != "1"))
struct AdoptionTests {
  static let feature = """
    import Foundation
    import Sluice

    public struct Cart: Reducer {
      public struct Item: Codable, Equatable, Sendable {
        public var id: UUID
        public var name: String
        public var addedAt: Date
        public var note: String?
      }

      public enum Stage: Codable, Equatable, Sendable {
        case shopping
        case checkout(Step)
        public enum Step: Codable, Equatable, Sendable { case address, payment }
      }

      public struct State: Codable, Equatable, Sendable {
        public var items: [Item] = []
        public var stage = Stage.shopping
        public init() {}
      }

      public enum Action: Codable, Equatable, Sendable {
        case add(Item)
        case advance(to: Stage)
      }

      public init() {}

      public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .add(let item): state.items.append(item)
        case .advance(let stage): state.stage = stage
        }
        return .none
      }
    }
    """

  /// The Swift code block of README that starts with `marker`, without the marker line:
  /// the test builds exactly what README tells a user to write.
  static func readmeBlock(startingWith marker: String) throws -> String {
    let readme = try String(
      contentsOf: SluiceProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    let block = try #require(blocks.first { $0.hasPrefix(marker) }, "README has no Swift block starting with \(marker)")
    return block.components(separatedBy: "\n").dropFirst().joined(separator: "\n")
  }

  /// README's `Package.swift` lines, in a manifest around them.
  static func manifest(readmeLines: String) -> String {
    """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "MyShop",
      platforms: [.macOS(.v14)],
    \(readmeLines)
    )
    """
  }

  @Test func aFreshPackageBuildsItsDebuggerAndRunsAScript() async throws {
    let root = SluiceProcess.packageRoot
    let check = root.appendingPathComponent(".build/adoption-check")
    let package = check.appendingPathComponent("MyShop")
    let scratch = check.appendingPathComponent("scratch")
    let fileManager = FileManager.default
    try? fileManager.removeItem(at: package)
    for folder in ["Sources/Cart", "Sources/cart-debugger"] {
      try fileManager.createDirectory(at: package.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    // A path dependency is named after its folder: reach this checkout as `sluice`, as
    // README's `.package(path: "../sluice")` would.
    let link = check.appendingPathComponent("sluice")
    if (try? fileManager.destinationOfSymbolicLink(atPath: link.path)) != root.path {
      try? fileManager.removeItem(at: link)
      try fileManager.createSymbolicLink(at: link, withDestinationURL: root)
    }
    let packageLines = try Self.readmeBlock(startingWith: "// Package.swift")
    let debuggerSource = try Self.readmeBlock(startingWith: "// Sources/cart-debugger/main.swift")
    try Self.manifest(readmeLines: packageLines).write(
      to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try Self.feature.write(to: package.appendingPathComponent("Sources/Cart/Cart.swift"), atomically: true, encoding: .utf8)
    try debuggerSource.write(
      to: package.appendingPathComponent("Sources/cart-debugger/main.swift"), atomically: true, encoding: .utf8)

    let swiftBuild = ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path]
    let build = try await Subprocess.run("/usr/bin/env", swiftBuild + ["--product", "cart-debugger"])
    try #require(build.status == 0, "the fresh package did not build:\n\(build.output.suffix(3_000))")
    let binPath = try await Subprocess.run("/usr/bin/env", swiftBuild + ["--show-bin-path"])
    try #require(binPath.status == 0, "\(binPath.output)")
    let binary = binPath.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/cart-debugger"

    let passing = try await Subprocess.run(
      binary, ["run", "-"],
      input: """
        .add((id: UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), name: "Tea", addedAt: Date("2026-01-02T03:04:05Z"), note: nil))
        .advance(to: .checkout(.payment))
        expect items[0].name == "Tea"
        expect items[0].addedAt < Date("2027-01-01T00:00:00Z")
        expect stage == .checkout(.payment)
        log

        """)
    #expect(passing.status == 0, "\(passing.output)")
    #expect(passing.output.contains(#"UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")"#))

    let failing = try await Subprocess.run(binary, ["run", "-"], input: "expect items.count == 1\n")
    #expect(failing.status == 1, "\(failing.output)")

    // The user's debugger speaks of itself, not of `sluice`.
    let help = try await Subprocess.run(binary, ["run", "--help"])
    #expect(help.output.contains("cart-debugger run"), "\(help.output)")
  }
}
