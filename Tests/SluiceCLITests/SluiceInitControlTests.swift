import Foundation
import SluiceInit
import Testing

/// `sluice-init --update` on a registry written before registrations stated their values:
/// it lists each registered feature that reads swift-dependencies without stating them (file,
/// line, how to fix), and `--control` rewrites the ones between its markers into the
/// `dependencies:` form, leaving every other byte, printing the lines for the ones a user
/// wrote by hand, writing nothing under `--dry-run`, and nothing more when run again.
@Suite struct SluiceInitControlTests {
  typealias Package = SluiceInitPackageTests.Package

  /// The order book's registration as `sluice-init` wrote it before (`controlled(by:)` on the
  /// reducer only, no values stated).
  static let oldRegistration =
    #"  Feature("order-book", summary: "My order book.", initialState: OrderBook.State(), middleware: { _ in OrderBook.middleware }) { environment in OrderBook().controlled(by: environment) },  // sluice-init: feature order-book"#
  /// A registration the user wrote by hand after the generated region.
  static let handRegistration =
    #"  Feature("order-book-fast", summary: "mine", initialState: OrderBook.State()) { _ in OrderBook() },"#

  /// The package after an older `sluice-init`: the cart, and the order book (reading the
  /// inventory's clients) registered the old way, plus a registration of the user's own.
  static func oldPackage() throws -> (Package, URL) {
    let package = try Package()
    _ = try package.run()
    for (module, text) in [("Inventory", SluiceInitDependencyValuesTests.inventory), ("Orders", SluiceInitDependencyValuesTests.orderBook)] {
      let folder = package.root.appendingPathComponent("Sources/\(module)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("\(module).swift"))
    }
    let registry = package.registryFile
    var text = try String(contentsOf: registry, encoding: .utf8)
    text = text.replacingOccurrences(of: "import Shop\n", with: "import Orders\nimport Shop\n")
      .replacingOccurrences(of: "import SluiceDebugger\n", with: "import SluiceDebugger\nimport SluiceDebuggerDependencies\n")
      .replacingOccurrences(of: "  // sluice-init: end registrations\n", with: oldRegistration + "\n  // sluice-init: end registrations\n")
      .replacingOccurrences(of: "], importedAs:", with: handRegistration + "\n], importedAs:")
    try Data(text.utf8).write(to: registry)
    return (package, registry)
  }

  static func update(_ package: Package, control: Bool = false, dryRun: Bool = false) throws -> SluiceInitRun.Report {
    var run = SluiceInitRun(packagePath: package.root.path, dryRun: dryRun, update: true)
    run.control = control
    return try run.perform()
  }

  /// The 1-based line of `text` that contains `fragment`.
  static func line(of fragment: String, in text: String) -> Int {
    (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(fragment) } ?? -1) + 1
  }

  @Test func updateListsEachUncontrolledRegistrationWithItsPlaceAndTheFix() throws {
    let (package, registry) = try Self.oldPackage()
    let before = (try package.bytes(registry), try package.bytes())
    let text = String(decoding: before.0, as: UTF8.self)

    let report = try Self.update(package)

    let output = report.output.joined(separator: "\n")
    let owned = Self.line(of: "feature order-book", in: text)
    let hand = Self.line(of: #"Feature("order-book-fast""#, in: text)
    #expect(
      output.contains("\(registry.path):\(owned): order-book reads swift-dependencies' values but its registration does not state them"),
      "\(output)")
    #expect(output.contains("\(registry.path):\(hand): order-book-fast reads swift-dependencies' values"), "\(output)")
    #expect(output.contains("sluice-init --update --control"), "\(output)")
    // Listing writes nothing.
    #expect(try package.bytes(registry) == before.0)
    #expect(try package.bytes() == before.1)
  }

  @Test func controlRewritesTheOwnedRegistrationAndPrintsTheLinesForTheHandWrittenOne() throws {
    let (package, registry) = try Self.oldPackage()
    let text = try String(contentsOf: registry, encoding: .utf8)

    let report = try Self.update(package, control: true)

    let updated = try String(contentsOf: registry, encoding: .utf8)
    // The user's summary is kept; the rest is the generated form.
    let rewritten = SluiceInitDependencyValuesTests.orderBookRegistration.replacingOccurrences(
      of: #"summary: "The order book.""#, with: #"summary: "My order book.""#)
    #expect(updated.contains(rewritten + "  // sluice-init: end registrations\n"), "\(updated)")
    #expect(!updated.contains("controlled(by:"))
    // Taking the rewrite and the added import out gives the user's file back, byte for byte.
    let restored = updated.replacingOccurrences(of: rewritten, with: Self.oldRegistration + "\n")
      .replacingOccurrences(of: "import Inventory\n", with: "")
    #expect(restored == text, "\(restored)")
    #expect(updated.contains(Self.handRegistration + "\n], importedAs:"))
    #expect(!ManifestEditor(source: updated, path: registry.path).hasErrors)
    let manifest = String(decoding: try package.bytes(), as: UTF8.self)
    #expect(manifest.contains(#""Inventory""#), "\(manifest)")
    let output = report.output.joined(separator: "\n")
    #expect(output.contains("rewrote order-book"), "\(output)")
    // The hand-written one is not edited: the run says the lines to write there.
    #expect(output.contains(#"Feature("order-book-fast", summary: "mine", initialState: OrderBook.State(),"#), "\(output)")
    #expect(output.contains("values.inventory = .liveValue"), "\(output)")

    // A second run changes nothing, and still names the one the user owns.
    let again = try Self.update(package, control: true)
    #expect(try String(contentsOf: registry, encoding: .utf8) == updated)
    #expect(String(decoding: try package.bytes(), as: UTF8.self) == manifest)
    let second = again.output.joined(separator: "\n")
    #expect(!second.contains("rewrote"), "\(second)")
    #expect(!second.contains(": order-book reads"), "\(second)")
    #expect(second.contains("order-book-fast reads"), "\(second)")
  }

  @Test func controlWithDryRunPrintsTheRewriteAndWritesNothing() throws {
    let (package, registry) = try Self.oldPackage()
    let before = (try package.bytes(registry), try package.bytes(), package.files())
    let report = try Self.update(package, control: true, dryRun: true)
    #expect(try package.bytes(registry) == before.0)
    #expect(try package.bytes() == before.1)
    #expect(package.files() == before.2)
    let output = report.output.joined(separator: "\n")
    #expect(output.contains("would rewrite order-book"), "\(output)")
    #expect(output.contains("values.prices = PricesKey.liveValue"), "\(output)")
  }

  @Test func controlRefusesARegistryThatDoesNotParse() throws {
    let (package, registry) = try Self.oldPackage()
    try Data((try String(contentsOf: registry, encoding: .utf8) + "\nlet broken = (\n").utf8).write(to: registry)
    let before = (try package.bytes(registry), try package.bytes())
    let error = #expect(throws: ManifestEditor.Failure.self) { try Self.update(package, control: true) }
    #expect(error?.description.contains("sluice-init --update adds only to a file that parses") == true, "\(String(describing: error))")
    #expect(try package.bytes(registry) == before.0)
    #expect(try package.bytes() == before.1)
  }

  /// A registration between the markers that the user changed beyond what `sluice-init`
  /// wrote (an argument of their own) is not rewritten: it is listed with the lines to write.
  @Test func anOwnedRegistrationTheUserChangedIsListedNotRewritten() throws {
    let (package, registry) = try Self.oldPackage()
    let text = try String(contentsOf: registry, encoding: .utf8).replacingOccurrences(
      of: "initialState: OrderBook.State(), middleware:", with: "initialState: OrderBook.State(), redacting: [\"secret\"], middleware:")
    try Data(text.utf8).write(to: registry)
    let report = try Self.update(package, control: true)
    #expect(try String(contentsOf: registry, encoding: .utf8) == text)
    let output = report.output.joined(separator: "\n")
    #expect(output.contains("order-book reads swift-dependencies' values"), "\(output)")
    #expect(output.contains("did not rewrite it"), "\(output)")
  }

  /// A registration that gives `controlled(by:)` its values states them: it is not listed.
  @Test func aRegistrationThatGivesControlledItsValuesIsNotListed() throws {
    let (package, registry) = try Self.oldPackage()
    let text = try String(contentsOf: registry, encoding: .utf8).replacingOccurrences(
      of: Self.handRegistration,
      with: #"  Feature("order-book-fast", summary: "mine", initialState: OrderBook.State()) { environment in OrderBook().controlled(by: environment) { $0.inventory = .liveValue } },"#)
    try Data(text.utf8).write(to: registry)
    let output = try Self.update(package).output.joined(separator: "\n")
    #expect(output.contains(": order-book reads"), "\(output)")
    #expect(!output.contains("order-book-fast"), "\(output)")
  }

  @Test func aRewriteKeepsCRLFLineEndings() throws {
    let (package, registry) = try Self.oldPackage()
    let text = try String(contentsOf: registry, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
    try Data(text.utf8).write(to: registry)
    _ = try Self.update(package, control: true)
    let bytes = try package.bytes(registry)
    let updated = String(decoding: bytes, as: UTF8.self)
    #expect(updated.contains("dependencies: { values in\r\n"), "\(updated)")
    let bareLineFeeds = bytes.indices.filter { bytes[$0] == 0x0A && ($0 == 0 || bytes[$0 - 1] != 0x0D) }
    #expect(bareLineFeeds.isEmpty, "\(updated)")
  }

  /// A debugger an older `sluice-init` wrote registers in its `main.swift`: that is rewritten.
  @Test func aDebuggerThatRegistersInItsMainSwiftIsRewrittenThere() throws {
    let (package, registry) = try Self.oldPackage()
    let manifest = String(decoding: try package.bytes(), as: UTF8.self)
    let registryTarget = try #require(manifest.split(separator: "\n").first { $0.contains(".target(name: \"MyShopDebuggerRegistry\"") })
    try Data(
      manifest.replacingOccurrences(of: registryTarget + "\n", with: "")
        .replacingOccurrences(of: #"dependencies: ["MyShopDebuggerRegistry", "#, with: #"dependencies: ["Shop", "#).utf8
    ).write(to: package.manifest)
    let text = try String(contentsOf: registry, encoding: .utf8)
    try FileManager.default.removeItem(at: registry.deletingLastPathComponent())
    let main = package.mainFolder.appendingPathComponent("main.swift")
    try Data(
      text.replacingOccurrences(of: "import SluiceDebugger\n", with: "import SluiceCLI\nimport SluiceDebugger\n")
        .replacingOccurrences(of: "public let features = FeatureRegistry([", with: "await SluiceCommand.main(registry: FeatureRegistry([")
        .replacingOccurrences(of: #"], importedAs: "MyShopDebuggerRegistry.features")"#, with: "]))").utf8
    ).write(to: main)

    let report = try Self.update(package, control: true)

    let updated = try String(contentsOf: main, encoding: .utf8)
    #expect(updated.contains("    values.prices = PricesKey.liveValue\n"), "\(updated)")
    #expect(report.output.joined().contains("rewrote order-book at \(main.path):"), "\(report.output)")
    #expect(String(decoding: try package.bytes(), as: UTF8.self).contains(#".product(name: "SluiceCLI", package: "sluice"), "Inventory""#))
  }
}
