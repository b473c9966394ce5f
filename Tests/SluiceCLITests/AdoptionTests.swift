import Foundation
import ReadmeBlocks
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
    let block = try #require(
      try ReadmeFence.all().first { $0.language == "swift" && $0.lines.first?.hasPrefix(marker) == true },
      "README has no Swift block starting with \(marker)")
    return block.lines.dropFirst().joined(separator: "\n") + "\n"
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

  /// The fresh package: a manifest around `manifestLines`, the cart feature, and the link
  /// to this checkout. Both tests write it anew in the same folder and build it with the
  /// same scratch folder (the suite is serialized), so Sluice is built there once.
  struct FreshPackage {
    let folder: URL
    let scratch: URL

    init(manifestLines: String) throws {
      folder = try AdoptionCheck.newPackageFolder("MyShop", holding: ["Sources/Cart"])
      scratch = AdoptionCheck.scratch
      try AdoptionTests.manifest(readmeLines: manifestLines).write(
        to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
      try AdoptionTests.feature.write(
        to: folder.appendingPathComponent("Sources/Cart/Cart.swift"), atomically: true, encoding: .utf8)
    }

    /// Builds `product` and returns its binary.
    func build(_ product: String) async throws -> String {
      try await AdoptionCheck.build(product, inPackageAt: folder)
    }
  }

  @Test func aFreshPackageBuildsItsDebuggerAndRunsAScript() async throws {
    let packageLines = try Self.readmeBlock(startingWith: "// Package.swift")
    let debuggerSource = try Self.readmeBlock(startingWith: "// Sources/cart-debugger/main.swift")
    let package = try FreshPackage(manifestLines: packageLines)
    let debuggerFolder = package.folder.appendingPathComponent("Sources/cart-debugger")
    try FileManager.default.createDirectory(at: debuggerFolder, withIntermediateDirectories: true)
    try debuggerSource.write(to: debuggerFolder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let binary = try await package.build("cart-debugger")
    try await Self.runScripts(with: binary)
    // The shell, scripts, export and the attach client: no web server is built or linked.
    let linked = try AdoptionCheck.linkedModules(of: "cart-debugger")
    #expect(linked.contains("SluiceCLI") && linked.contains("SluiceAgentAccess"), "\(linked.sorted())")
    #expect(linked.filter { $0.hasPrefix("NIO") || $0.hasPrefix("Hummingbird") || $0 == "SluiceServe" }.isEmpty,
      "the debugger links \(linked.sorted())")
    let serve = try await Subprocess.run(binary, ["serve"])
    #expect(serve.status == 2 && serve.output.contains("built without the browser page"), "\(serve.output)")

    // The user's debugger speaks of itself, not of `sluice`.
    let help = try await Subprocess.run(binary, ["run", "--help"])
    #expect(help.output.contains("cart-debugger run"), "\(help.output)")
  }

  /// README's `swift run sluice-init`, with the `sluice-init` built beside these tests (the
  /// same program; building it again in the fresh package would build swift-syntax there).
  @Test func sluiceInitWritesTheDebuggerTargetForAFreshPackage() async throws {
    let readme = try String(contentsOf: SluiceProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    for command in Self.readmeInitCommands {
      #expect(readme.contains("\n" + command + " "), "README does not show `\(command)`")
    }
    let package = try FreshPackage(manifestLines: Self.readmeManifestLinesBeforeTheDebugger())
    let initTool = try #require(SluiceProcess.builtProduct("sluice-init"), "sluice-init was not built beside the tests")
    let written = try await Subprocess.run(initTool.path, ["--package-path", package.folder.path])
    try #require(written.status == 0, "\(written.output)")
    #expect(written.output.contains("registered cart (Cart.Cart)"), "\(written.output)")
    #expect(written.output.contains("next: swift run my-shop-debugger"), "\(written.output)")

    let again = try await Subprocess.run(initTool.path, ["--package-path", package.folder.path])
    #expect(again.status != 0, "a second run must not overwrite the first: \(again.output)")
    #expect(again.output.contains("a target named my-shop-debugger exists already"), "\(again.output)")

    let binary = try await package.build("my-shop-debugger")
    try await Self.runScripts(with: binary, feature: "cart")
  }

  /// `sluice-init --page`: the debugger links the browser's page, and `serve` serves it.
  @Test func sluiceInitWithPageWritesADebuggerThatServesThePage() async throws {
    let package = try FreshPackage(manifestLines: Self.readmeManifestLinesBeforeTheDebugger())
    let initTool = try #require(SluiceProcess.builtProduct("sluice-init"), "sluice-init was not built beside the tests")
    let written = try await Subprocess.run(
      initTool.path, ["--package-path", package.folder.path, "--page", "--target-name", "shop-page-debugger"])
    try #require(written.status == 0, "\(written.output)")
    let binary = try await package.build("shop-page-debugger")
    let linked = try AdoptionCheck.linkedModules(of: "shop-page-debugger")
    #expect(linked.contains("SluiceServe") && linked.contains("Hummingbird"), "\(linked.sorted())")
    let served = try await ServedSluice(["cart"], executable: URL(fileURLWithPath: binary))
    #expect(served.address.contains("/?token="), "\(served.address)")
  }

  /// A session exported as a test (`export test FILE`) from the debugger `sluice-init` wrote
  /// builds in a test target of the user's package, passes against the reducer it was
  /// recorded from, and fails, at the assertion of the changed action, against a changed
  /// reducer.
  @Test func anExportedSessionPassesInTheUsersPackageAndFailsOnAChangedReducer() async throws {
    let package = try FreshPackage(manifestLines: Self.exportManifestLines)
    let initTool = try #require(SluiceProcess.builtProduct("sluice-init"), "sluice-init was not built beside the tests")
    let written = try await Subprocess.run(initTool.path, ["--package-path", package.folder.path])
    try #require(written.status == 0, "\(written.output)")
    #expect(written.output.contains("tests exported from its sessions import MyShopDebuggerRegistry"), "\(written.output)")
    let tests = package.folder.appendingPathComponent("Tests/CartTests")
    try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
    let exported = tests.appendingPathComponent("CartSessionTests.swift")
    let binary = try await package.build("my-shop-debugger")
    let session = try await Subprocess.run(
      binary, ["run", "--virtual-clock", "-"],
      input: """
        use cart
        .add((id: UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), name: "Tea", addedAt: Date("2026-01-02T03:04:05Z"), note: nil))
        .advance(to: .checkout(.payment))
        export test \(exported.path)

        """)
    try #require(session.status == 0, "\(session.output)")
    let source = try String(contentsOf: exported, encoding: .utf8)
    #expect(source.contains("await store.send(.advance(to: .checkout(.payment))) {"), "\(source)")

    let swiftTest = ["swift", "test", "--package-path", package.folder.path, "--scratch-path", package.scratch.path]
    let passing = try await Subprocess.run("/usr/bin/env", swiftTest)
    #expect(passing.status == 0, "the exported test failed against its own reducer:\n\(passing.output.suffix(3_000))")
    #expect(passing.output.contains("replaysTheSession()"), "\(passing.output.suffix(3_000))")

    // A session shrunk to the fewest actions that still end where a condition holds exports
    // as a test that fails for that reason: at its `stateSatisfies` expectation, and only there.
    let shrunkTest = tests.appendingPathComponent("ShrunkCartTests.swift")
    let shrinking = try await Subprocess.run(
      binary, ["run", "--virtual-clock", "-"],
      input: """
        use cart
        .add((id: UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), name: "Tea", addedAt: Date("2026-01-02T03:04:05Z"), note: nil))
        .advance(to: .checkout(.address))
        .add((id: UUID("A621E1F8-C36C-495A-93FC-0C247A3E6E5F"), name: "Jam", addedAt: Date("2026-01-02T03:05:05Z"), note: "small"))
        .advance(to: .shopping)
        .add((id: UUID("B621E1F8-C36C-495A-93FC-0C247A3E6E5F"), name: "Oats", addedAt: Date("2026-01-02T03:06:05Z"), note: nil))
        shrink items.count >= 2
        export test \(shrunkTest.path)

        """)
    try #require(shrinking.status == 0, "\(shrinking.output)")
    #expect(shrinking.output.contains("shrunk 5 root actions to 2 actions"), "\(shrinking.output)")
    let shrunkSource = try String(contentsOf: shrunkTest, encoding: .utf8)
    let expectation = try #require(shrunkSource.components(separatedBy: "\n").firstIndex { $0.contains("stateSatisfies(") }) + 1
    let shrunkRun = try await Subprocess.run("/usr/bin/env", swiftTest + ["--filter", "ShrunkCartTests"])
    #expect(shrunkRun.status != 0, "the shrunk test passed:\n\(shrunkRun.output.suffix(3_000))")
    let issues = shrunkRun.output.components(separatedBy: "\n").filter { $0.contains("recorded an issue at ShrunkCartTests.swift:") }
    #expect(issues.count == 1 && issues[0].contains("ShrunkCartTests.swift:\(expectation):"), "\(shrunkRun.output.suffix(3_000))")
    try FileManager.default.removeItem(at: shrunkTest)

    // The reducer changed: `.advance` now goes to the address step, whatever it is asked.
    let cart = package.folder.appendingPathComponent("Sources/Cart/Cart.swift")
    let changed = Self.feature.replacingOccurrences(
      of: "case .advance(let stage): state.stage = stage", with: "case .advance: state.stage = .checkout(.address)")
    try #require(changed != Self.feature)
    try changed.write(to: cart, atomically: true, encoding: .utf8)
    let failing = try await Subprocess.run("/usr/bin/env", swiftTest)
    #expect(failing.status != 0, "\(failing.output.suffix(3_000))")
    let line = try #require(source.components(separatedBy: "\n").firstIndex { $0.contains("send(.advance(") }) + 1
    #expect(
      failing.output.contains("CartSessionTests.swift:\(line):"), "no failure at line \(line):\n\(failing.output.suffix(3_000))")
  }

  /// The package of the export check before `sluice-init`: the feature, and a test target for
  /// the exported test that imports the registry library `sluice-init` writes.
  static let exportManifestLines = """
    dependencies: [
      .package(path: "../sluice"),
    ],
    targets: [
      .target(name: "Cart", dependencies: [.product(name: "Sluice", package: "sluice")]),
      .testTarget(
        name: "CartTests",
        dependencies: [
          "Cart", "MyShopDebuggerRegistry", .product(name: "SluiceTesting", package: "sluice"),
          .product(name: "SluiceDebuggerTesting", package: "sluice"),
        ]),
    ]
    """

  /// README's manifest lines with only the dependency and the feature's target: what a
  /// package has before the debugger.
  static func readmeManifestLinesBeforeTheDebugger() throws -> String {
    try readmeBlock(startingWith: "// Package.swift")
      .components(separatedBy: "\n")
      .filter { line in !["executableTarget", "cart-debugger", "SluiceCLI"].contains { line.contains($0) } }
      .joined(separator: "\n")
  }

  /// The commands README's "Let `sluice-init` write it" shows, in order.
  static let readmeInitCommands = ["swift run sluice-init", "swift run my-shop-debugger"]

  /// A passing script and a failing one, through the user's debugger.
  static func runScripts(with binary: String, feature: String? = nil) async throws {
    let select = feature.map { ["--feature", $0] } ?? []
    let passing = try await Subprocess.run(
      binary, ["run"] + select + ["-"],
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

    let failing = try await Subprocess.run(binary, ["run"] + select + ["-"], input: "expect items.count == 1\n")
    #expect(failing.status == 1, "\(failing.output)")
  }
}

/// Where the adoption checks write their packages (`.build/adoption-check`), beside a link
/// named `sluice` to this checkout, which their manifests reach as README's
/// `.package(path: "../sluice")` does, and the one scratch folder they all build in, so that
/// Sluice and its dependencies build once for all of them.
enum AdoptionCheck {
  static let folder = SluiceProcess.packageRoot.appendingPathComponent(".build/adoption-check")
  static let scratch = folder.appendingPathComponent("scratch")

  /// An empty folder for the package `name`, with the folders `subfolders` names in it, and
  /// the link to this checkout beside it.
  static func newPackageFolder(_ name: String, holding subfolders: [String]) throws -> URL {
    let fileManager = FileManager.default
    let package = folder.appendingPathComponent(name)
    try? fileManager.removeItem(at: package)
    for subfolder in subfolders {
      try fileManager.createDirectory(at: package.appendingPathComponent(subfolder), withIntermediateDirectories: true)
    }
    // A path dependency is named after its folder: reach this checkout as `sluice`.
    let link = folder.appendingPathComponent("sluice")
    let root = SluiceProcess.packageRoot
    if (try? fileManager.destinationOfSymbolicLink(atPath: link.path)) != root.path {
      try? fileManager.removeItem(at: link)
      try fileManager.createSymbolicLink(at: link, withDestinationURL: root)
    }
    return package
  }

  /// The modules whose objects `product`'s link took, from its build plan's link list
  /// (`PRODUCT.product/Objects.LinkFileList`: one object file per line, in `MODULE.build/`).
  static func linkedModules(of product: String) throws -> Set<String> {
    let list = scratch.appendingPathComponent("debug/\(product).product/Objects.LinkFileList")
    let text = try String(contentsOf: list, encoding: .utf8)
    return Set(
      text.split(separator: "\n").compactMap { line in
        // The object's folder: `…/debug/MODULE.build/File.swift.o`.
        line.split(separator: "/").dropLast().last.flatMap { $0.hasSuffix(".build") ? String($0.dropLast(6)) : nil }
      })
  }

  /// Builds `product` of the package in `package` and returns its binary.
  static func build(_ product: String, inPackageAt package: URL) async throws -> String {
    let swiftBuild = ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path]
    let build = try await Subprocess.run("/usr/bin/env", swiftBuild + ["--product", product])
    try #require(build.status == 0, "\(package.lastPathComponent) did not build \(product):\n\(build.output.suffix(3_000))")
    let binPath = try await Subprocess.run("/usr/bin/env", swiftBuild + ["--show-bin-path"])
    try #require(binPath.status == 0, "\(binPath.output)")
    return binPath.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/" + product
  }
}
