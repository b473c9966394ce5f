import Foundation
import SluiceInit
import Testing

/// The manifests `sluice-init` refuses before it edits them, each at its place and with the
/// manifest left as it was: one `Package(…)` per platform under `#if … #else`, brackets
/// nested deeper than swift-syntax parses in reasonable time (or at all), and a file past
/// the size it parses and edits in seconds. And one it must still edit: many targets.
@Suite struct SluiceInitManifestGuardTests {
  typealias Package = SluiceInitPackageTests.Package

  /// `SluiceInitTests.manifest`'s package, declared once for Linux and once for the rest.
  static let perPlatform = """
    // swift-tools-version: 6.0
    import PackageDescription

    #if os(Linux)
    let package = Package(
      name: "MyShop",
      dependencies: [.package(path: "../sluice")],
      targets: [.target(name: "Shop", dependencies: [.product(name: "Sluice", package: "sluice")])]
    )
    #else
    let package = Package(
      name: "MyShop",
      platforms: [.macOS(.v15)],
      dependencies: [.package(path: "../sluice")],
      targets: [.target(name: "Shop", dependencies: [.product(name: "Sluice", package: "sluice")])]
    )
    #endif

    """

  @Test func aPackagePerPlatformIsRefusedNamingBothAndWhatToAdd() throws {
    let error = #expect(throws: ManifestEditor.Failure.self) { try SluiceInitTests.plan(manifest: Self.perPlatform) }
    let message = error?.description ?? ""
    #expect(message.hasPrefix("Package.swift:11:15: error: a second `Package(…)` (the first is on line 5)"), "\(message)")
    #expect(message.contains(#"  .executableTarget(name: "my-shop-debugger", dependencies: ["MyShopDebuggerRegistry", "#), "\(message)")
    #expect(message.contains(#"  .target(name: "MyShopDebuggerRegistry", "#), "\(message)")
  }

  @Test func updateRefusesAPackagePerPlatformAndWritesNothing() throws {
    let (package, registry) = try SluiceInitUpdateTests.packageWithANewFeature()
    let manifest = String(decoding: try package.bytes(), as: UTF8.self)
    let declaration = try #require(manifest.range(of: "let package = Package("))
    let head = manifest[..<declaration.lowerBound]
    let body = manifest[declaration.lowerBound...]
    try Data("\(head)#if os(Linux)\n\(body)\n#else\n\(body)\n#endif\n".utf8).write(to: package.manifest)
    let before = (try package.bytes(registry), try package.bytes())
    let error = #expect(throws: ManifestEditor.Failure.self) { try SluiceInitUpdateTests.update(package) }
    #expect(error?.description.contains("error: a second `Package(…)`") == true, "\(String(describing: error))")
    #expect(error?.description.contains(#"  "Lists","#) == true, "\(String(describing: error))")
    #expect(try package.bytes(registry) == before.0)
    #expect(try package.bytes() == before.1)
  }

  /// `SluiceInitTests.manifest` and a table `depth` brackets deep on its last line, line 14.
  static func deep(_ depth: Int) -> String {
    SluiceInitTests.manifest + "\nlet table = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
  }

  @Test(arguments: [13, 5_000])
  func aManifestNestedTooDeeplyIsRefusedAtItsPlaceBeforeItIsParsed(_ depth: Int) throws {
    let error = #expect(throws: ManifestEditor.Failure.self) { try SluiceInitTests.plan(manifest: Self.deep(depth)) }
    // The 13th `[` of `let table = [[…`.
    #expect(error?.description.hasPrefix("Package.swift:14:25: error: brackets nested more than 12 deep") == true, "\(String(describing: error))")
  }

  @Test(arguments: ["Package.swift", "Features.swift"])
  func updateRefusesAFileNestedTooDeeplyAndWritesNothing(_ file: String) throws {
    let (package, registry) = try SluiceInitUpdateTests.packageWithANewFeature()
    let deep = file == "Package.swift" ? package.manifest : registry
    let text = String(decoding: try package.bytes(deep), as: UTF8.self)
    try Data((text + "\nlet table = " + String(repeating: "[", count: 13) + String(repeating: "]", count: 13) + "\n").utf8).write(to: deep)
    let before = (try package.bytes(registry), try package.bytes())
    let error = #expect(throws: ManifestEditor.Failure.self) { try SluiceInitUpdateTests.update(package) }
    #expect(error?.description.contains("\(file):") == true, "\(String(describing: error))")
    #expect(error?.description.contains(": error: brackets nested more than 12 deep") == true, "\(String(describing: error))")
    #expect(try package.bytes(registry) == before.0)
    #expect(try package.bytes() == before.1)
  }

  @Test func aManifestPastTheSizeLimitIsRefusedWithTheLimit() throws {
    let large = SluiceInitTests.manifest + "\n// " + String(repeating: "x", count: 1 << 20) + "\n"
    let error = #expect(throws: ManifestEditor.Failure.self) { try SluiceInitTests.plan(manifest: large) }
    #expect(
      error?.description.hasPrefix("Package.swift: error: it is \(large.utf8.count) bytes, past the limit of 1 MiB") == true,
      "\(String(describing: error))")

    let package = try Package(manifest: Array(large.utf8))
    let before = package.files()
    let read = #expect(throws: (any Error).self) { try package.run() }
    let message = read.map { "\($0)" } ?? ""
    #expect(message.contains("Package.swift: it is larger than the limit of 1 MiB"), "\(message)")
    #expect(package.files() == before)
    #expect(try package.bytes() == Array(large.utf8))
  }

  /// `SluiceInitTests.manifest` with `count` more targets, one a line.
  static func manyTargets(_ count: Int) -> String {
    let targets = (0..<count).map { "    .target(name: \"T\($0)\")," }.joined(separator: "\n")
    return SluiceInitTests.manifest.replacingOccurrences(of: "  targets: [\n", with: "  targets: [\n" + targets + "\n")
  }

  @Test func aManifestOfManyTargetsGainsTheTwoLast() throws {
    let manifest = Self.manyTargets(5_000)
    let plan = try SluiceInitTests.plan(manifest: manifest)
    let edited = ManifestEditor(source: plan.manifest, path: "Package.swift")
    #expect(edited.targetCount == 5_004)
    #expect(edited.hasTarget(named: "my-shop-debugger") && edited.hasTarget(named: "T4999"))
    #expect(plan.manifest.hasSuffix(#".product(name: "SluiceCLI", package: "sluice")]),"# + "\n  ]\n)"))
  }
}
