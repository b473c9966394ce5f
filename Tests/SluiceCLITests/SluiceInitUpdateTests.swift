import Foundation
import SluiceInit
import Testing

/// `sluice-init --update`: it adds the features found since to the registry library it wrote
/// (or to the `main.swift` of a debugger it wrote before it wrote that library), between the
/// markers, with the imports and dependencies they need, and keeps every other byte the user
/// wrote; a feature registered anywhere is left alone; a file without markers is refused;
/// `--dry-run` writes nothing.
@Suite struct SluiceInitUpdateTests {
  typealias Package = SluiceInitPackageTests.Package

  /// The package after `sluice-init`, then a feature added in a module of its own.
  static func packageWithANewFeature(crlf: Bool = false) throws -> (Package, URL) {
    let package = try Package()
    _ = try package.run()
    let lists = package.root.appendingPathComponent("Sources/Lists")
    try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
    try Data(SluiceInitRegistrationTests.todos.utf8).write(to: lists.appendingPathComponent("Todos.swift"))
    let main = package.registryFile
    if crlf {
      let text = String(decoding: try package.bytes(main), as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n")
      try Data(text.utf8).write(to: main)
    }
    return (package, main)
  }

  static func update(_ package: Package, dryRun: Bool = false, writer: SluiceInitRun.ManifestWriter? = nil) throws -> SluiceInitRun.Report {
    var run = SluiceInitRun(packagePath: package.root.path, dryRun: dryRun, update: true)
    if let writer { run.writeManifest = writer }
    return try run.perform()
  }

  /// The registry file `main` with the user's edits: a summary changed inside the markers, a comment and a
  /// registration of their own outside them.
  static func edit(_ main: URL) throws -> String {
    var text = try String(contentsOf: main, encoding: .utf8)
    text = text.replacingOccurrences(of: "The cart, with", with: "My cart, with")
    text = text.replacingOccurrences(of: "import SluiceDebugger", with: "import SluiceDebugger\n// my note\nimport Foundation")
    text = text.replacingOccurrences(
      of: "], importedAs:", with: "  Feature(\"cart-fast\", summary: \"mine\", initialState: Cart.State()) { _ in Cart() },\n], importedAs:")
    try Data(text.utf8).write(to: main)
    return text
  }

  @Test func newFeaturesAreAddedBetweenTheMarkersAndEveryEditIsKept() throws {
    let (package, main) = try Self.packageWithANewFeature()
    let edited = try Self.edit(main)
    let manifestBefore = String(decoding: try package.bytes(), as: UTF8.self)

    let report = try Self.update(package)

    let updated = String(decoding: try package.bytes(main), as: UTF8.self)
    let added = [
      "import Lists\n", "import SluiceDebuggerDependencies\n", SluiceInitRegistrationTests.todosRegistration,
    ]
    // Taking the added lines out gives the user's file back, byte for byte.
    var without = updated
    for line in added {
      let range = try #require(without.range(of: line), "\(line) not in\n\(updated)")
      without.removeSubrange(range)
    }
    #expect(without == edited)
    #expect(updated.range(of: "import SluiceDebuggerDependencies\n// sluice-init: end imports") != nil, "\(updated)")
    #expect(updated.range(of: "reducer: { _ in Todos() }),\n  // sluice-init: end registrations") != nil, "\(updated)")
    // The cart is registered already (its summary edited): it is not added again.
    #expect(updated.components(separatedBy: "feature cart\n").count == 2)
    let manifest = String(decoding: try package.bytes(), as: UTF8.self)
    #expect(
      manifest == manifestBefore.replacingOccurrences(
        of: #".product(name: "SluiceDebugger", package: "sluice")])"#,
        with: #".product(name: "SluiceDebugger", package: "sluice"), "Lists", .product(name: "SluiceDebuggerDependencies", package: "sluice")])"#),
      "\(manifest)")
    #expect(report.output.first?.contains("registered todos (Lists.Todos)") == true, "\(report.output)")

    // A second run finds nothing to add, and writes nothing.
    let again = try Self.update(package)
    #expect(again.output.first?.hasPrefix("nothing to add") == true, "\(again.output)")
    #expect(String(decoding: try package.bytes(main), as: UTF8.self) == updated)
  }

  @Test func dryRunOnAnEditedTargetPrintsTheAdditionsAndWritesNothing() throws {
    let (package, main) = try Self.packageWithANewFeature()
    _ = try Self.edit(main)
    let before = (try package.bytes(main), try package.bytes(), package.files())
    let report = try Self.update(package, dryRun: true)
    #expect(try package.bytes(main) == before.0)
    #expect(try package.bytes() == before.1)
    #expect(package.files() == before.2)
    let output = report.output.joined(separator: "\n")
    #expect(output.contains("would add to \(main.path):\n  import Lists\n  import SluiceDebuggerDependencies\n  Feature(\"todos\""), "\(output)")
    #expect(output.contains(#"would add to the dependencies of MyShopDebuggerRegistry in Package.swift: "Lists", .product(name: "SluiceDebuggerDependencies""#))
  }

  @Test func aFeatureRegisteredOutsideTheMarkersOrNamedByAMarkerIsLeftAlone() throws {
    let (package, main) = try Self.packageWithANewFeature()
    var text = try String(contentsOf: main, encoding: .utf8)
    // The user registered the todos by hand, after the generated region, and removed the
    // shop's checkout flow but kept its marker to keep it out.
    text = text.replacingOccurrences(
      of: "], importedAs:", with: "  Feature(\"todos\", summary: \"by hand\", initialState: Todos.State()) { _ in Todos() },\n], importedAs:")
    let checkout = try #require(text.split(separator: "\n").first { $0.contains("feature shop-checkout-flow") })
    text = text.replacingOccurrences(of: checkout, with: "  // sluice-init: feature shop-checkout-flow (removed)")
    try Data(text.utf8).write(to: main)
    let report = try Self.update(package)
    #expect(report.output.first?.hasPrefix("nothing to add") == true, "\(report.output)")
    #expect(try String(contentsOf: main, encoding: .utf8) == text)
  }

  @Test func aRegistryWithoutMarkersIsRefusedWithWhatToAddByHand() throws {
    let (package, main) = try Self.packageWithANewFeature()
    let text = try String(contentsOf: main, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("sluice-init: begin registrations") }
      .joined(separator: "\n")
    try Data(text.utf8).write(to: main)
    let before = (try package.bytes(main), try package.bytes())
    let error = #expect(throws: ManifestEditor.Failure.self) { try Self.update(package) }
    let message = error?.description ?? ""
    #expect(message.contains("\(main.path): error: no `// sluice-init: begin registrations` line"), "\(message)")
    #expect(message.contains(#"  Feature("todos""#))
    #expect(try package.bytes(main) == before.0)
    #expect(try package.bytes() == before.1)
  }

  @Test func crlfLineEndingsAreKept() throws {
    let (package, main) = try Self.packageWithANewFeature(crlf: true)
    _ = try Self.update(package)
    let updated = String(decoding: try package.bytes(main), as: UTF8.self)
    #expect(updated.contains("feature todos\r\n"))
    #expect(!updated.unicodeScalars.indices.contains { index in
      updated.unicodeScalars[index] == "\n"
        && (index == updated.unicodeScalars.startIndex
          || updated.unicodeScalars[updated.unicodeScalars.index(before: index)] != "\r")
    }, "\(updated)")
  }

  @Test func aManifestThatCannotBeWrittenPutsTheRegistryBack() throws {
    let (package, main) = try Self.packageWithANewFeature()
    let before = (try package.bytes(main), try package.bytes())
    struct DiskFull: Error, CustomStringConvertible { var description: String { "No space left on device" } }
    let error = #expect(throws: ManifestEditor.Failure.self) { try Self.update(package, writer: { _, _ in throw DiskFull() }) }
    #expect(error?.description.contains("No space left on device; nothing was changed") == true, "\(String(describing: error))")
    #expect(try package.bytes(main) == before.0)
    #expect(try package.bytes() == before.1)
  }

  @Test func aDebuggerThatRegistersInItsMainSwiftIsUpdatedThere() throws {
    let (package, _) = try Self.packageWithANewFeature()
    // The layout sluice-init wrote before the registry was a library: main.swift registers.
    let manifest = String(decoding: try package.bytes(), as: UTF8.self)
    let registryTarget = try #require(manifest.split(separator: "\n").first { $0.contains(".target(name: \"MyShopDebuggerRegistry\"") })
    let old = manifest.replacingOccurrences(of: registryTarget + "\n", with: "")
      .replacingOccurrences(of: #"dependencies: ["MyShopDebuggerRegistry", "#, with: #"dependencies: ["Shop", "#)
    try Data(old.utf8).write(to: package.manifest)
    let registry = try String(contentsOf: package.registryFile, encoding: .utf8)
    try FileManager.default.removeItem(at: package.registryFile.deletingLastPathComponent())
    let main = package.mainFolder.appendingPathComponent("main.swift")
    let oldMain = registry.replacingOccurrences(of: "import SluiceDebugger", with: "import SluiceCLI\nimport SluiceDebugger")
      .replacingOccurrences(of: "public let features = FeatureRegistry([", with: "await SluiceCommand.main(registry: FeatureRegistry([")
      .replacingOccurrences(of: #"], importedAs: "MyShopDebuggerRegistry.features")"#, with: "]))")
    try Data(oldMain.utf8).write(to: main)

    _ = try Self.update(package)

    let updated = try String(contentsOf: main, encoding: .utf8)
    #expect(updated.contains("import Lists\n") && updated.contains("// sluice-init: feature todos\n"), "\(updated)")
    let updatedManifest = String(decoding: try package.bytes(), as: UTF8.self)
    #expect(
      updatedManifest.contains(
        #".product(name: "SluiceCLI", package: "sluice"), "Lists", .product(name: "SluiceDebuggerDependencies", package: "sluice")])"#),
      "\(updatedManifest)")
  }

  @Test func updatingATargetThatIsNotThereSaysHowToCreateIt() throws {
    let package = try Package()
    let error = #expect(throws: ManifestEditor.Failure.self) { try Self.update(package) }
    #expect(error?.description.contains("no target named \"my-shop-debugger\" to update; run sluice-init without --update") == true, "\(String(describing: error))")
  }
}
