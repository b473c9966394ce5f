import Foundation
import SluiceInit
import Testing

/// `sluice-init`'s parts: which types it registers, why it skips the others, and how it
/// edits a manifest without touching the rest of it.
@Suite struct SluiceInitTests {
  static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "MyShop",
      dependencies: [
        .package(path: "../sluice"),
      ],
      targets: [
        .target(name: "Shop", dependencies: [.product(name: "Sluice", package: "sluice")]),
        .testTarget(name: "ShopTests", dependencies: ["Shop"])  // no trailing comma
      ]
    )
    """

  static let shop = """
    import Sluice

    /// The cart, with "quotes" in its summary.
    @Feature
    public struct Cart {
      public struct State: Codable, Equatable, Sendable { public init() {} }
      public enum Action: Codable, Sendable { case add }
      public init() {}
      public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }

    public enum Shop {
      public struct CheckoutFlow: Sluice.Reducer {
        public typealias State = Cart.State
        public typealias Action = Cart.Action
        public init(tax: Int = 0) {}
        public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
    }

    public struct NoInit: Reducer {
      public struct State: Codable, Equatable, Sendable { public init() {} }
      public enum Action: Codable, Sendable { case a }
      public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }

    struct Internal: Reducer {}
    public struct NotAFeature {}
    func local() { struct Inner: Reducer {} }
    """

  static func plan(manifest: String = manifest, sources: [(String, String)] = [("Shop", shop)]) throws -> DebuggerTargetPlan {
    try DebuggerTargetPlan(
      manifest: manifest, manifestPath: "Package.swift",
      sources: sources.map { .init(module: $0.0, path: "Sources/\($0.0)/File.swift", text: $0.1) })
  }

  @Test func publicFeaturesAndReducersAreRegisteredUnderKebabCaseNames() throws {
    let plan = try Self.plan()
    #expect(plan.features.map(\.typeName) == ["Cart", "Shop.CheckoutFlow"])
    #expect(plan.features.map(\.registryName) == ["cart", "shop-checkout-flow"])
    #expect(plan.features.first?.summary == #"The cart, with "quotes" in its summary."#)
    #expect(plan.targetName == "my-shop-debugger")
    #expect(plan.registryFile.contains(##"Feature("cart", summary: #"The cart, with "quotes" in its summary."#, initialState: Cart.State()) { _ in Cart() },"##))
    #expect(plan.registryFile.contains("import Shop\nimport SluiceDebugger\n"))
  }

  @Test func aTypeAnotherModuleCannotBuildIsSkippedWithWhatToAdd() throws {
    let plan = try Self.plan()
    #expect(plan.skipped.map(\.typeName) == ["NoInit", "Internal"])
    #expect(plan.skipped.first?.reason == "add `public init() {}` to NoInit")
    #expect(plan.skipped.first?.description.hasPrefix("Sources/Shop/File.swift:21:15: warning: NoInit is not registered") == true)
    #expect(plan.skipped.last?.reason == "make it `public struct Internal`")
  }

  @Test func theTargetsAreAddedLastAndTheRestOfTheManifestIsKept() throws {
    let plan = try Self.plan()
    #expect(plan.registryTargetName == "MyShopDebuggerRegistry")
    let registry =
      #".target(name: "MyShopDebuggerRegistry", dependencies: ["Shop", .product(name: "SluiceDebugger", package: "sluice")]),"#
    let target =
      #".executableTarget(name: "my-shop-debugger", dependencies: ["MyShopDebuggerRegistry", .product(name: "SluiceCLI", package: "sluice")]),"#
    let added = "\n    " + registry + "\n    " + target
    #expect(plan.manifest.contains(#".testTarget(name: "ShopTests", dependencies: ["Shop"]),  // no trailing comma"# + added + "\n  ]"))
    #expect(plan.manifest.replacingOccurrences(of: added, with: "").replacingOccurrences(of: "\"]),  //", with: "\"])  //") == Self.manifest)
  }

  @Test func withThePageTheDebuggerLinksSluiceServeAndPassesItsPage() throws {
    let plain = try Self.plan()
    #expect(!plain.manifest.contains("SluiceServe"))
    #expect(!plain.mainFile.contains("page: .timeline"))
    let paged = try DebuggerTargetPlan(
      manifest: Self.manifest, manifestPath: "Package.swift",
      sources: [.init(module: "Shop", path: "Sources/Shop/File.swift", text: Self.shop)], withPage: true)
    #expect(paged.manifest.contains(
      #".executableTarget(name: "my-shop-debugger", dependencies: ["MyShopDebuggerRegistry", .product(name: "SluiceCLI", package: "sluice"), .product(name: "SluiceServe", package: "sluice")]),"#))
    #expect(paged.mainFile.contains("import SluiceCLI\nimport SluiceServe\n\nawait SluiceCommand.main(registry: features, page: .timeline)\n"))
  }

  @Test func theRegistryIsALibraryThatNamesHowTestsImportIt() throws {
    let plan = try Self.plan()
    #expect(plan.registryFile.contains("public let features = FeatureRegistry([\n"))
    #expect(plan.registryFile.contains("], importedAs: \"MyShopDebuggerRegistry.features\")\n"))
    #expect(plan.mainFile.contains("import MyShopDebuggerRegistry\nimport SluiceCLI\n\nawait SluiceCommand.main(registry: features)\n"))
    let existing = Self.manifest.replacingOccurrences(of: "ShopTests", with: "MyShopDebuggerRegistry")
    let clash = #expect(throws: ManifestEditor.Failure.self) { try Self.plan(manifest: existing) }
    #expect(clash?.description.contains("a target named MyShopDebuggerRegistry exists already") == true)
  }

  @Test func featuresOfTheSameNameInTwoModulesAreNamedWithTheirModule() throws {
    let cart = "public struct Cart: Reducer { public struct State { public init() {} }\n public init() {} }"
    let plan = try Self.plan(sources: [("Shop", cart), ("Admin", cart)])
    #expect(plan.features.map(\.registryName) == ["shop-cart", "admin-cart"])
    #expect(plan.registryFile.contains("initialState: Admin.Cart.State()) { _ in Admin.Cart() }"))
  }

  @Test func executablesAreNotScanned() throws {
    let plan = try Self.plan(sources: [("Shop", Self.shop), ("tool", "@main struct Tool: Reducer {}")])
    #expect(!plan.features.contains { $0.module == "tool" })
  }

  @Test func itRefusesWhatItCannotDoAndSaysWhere() throws {
    #expect(throws: ManifestEditor.Failure.self) { try Self.plan(sources: [("Shop", "struct Nothing {}")]) }
    let noSluice = Self.manifest.replacingOccurrences(of: #".package(path: "../sluice"),"#, with: "")
    let error = #expect(throws: ManifestEditor.Failure.self) { try Self.plan(manifest: noSluice) }
    #expect(error?.description.hasPrefix("Package.swift: no dependency on Sluice") == true)
    let existing = Self.manifest.replacingOccurrences(of: "ShopTests", with: "my-shop-debugger")
    let clash = #expect(throws: ManifestEditor.Failure.self) { try Self.plan(manifest: existing) }
    #expect(clash?.description.contains("a target named my-shop-debugger exists already") == true)
  }

  static func plan(manifest: String = manifest, targetName: String?, module: String = "Shop") throws -> DebuggerTargetPlan {
    try DebuggerTargetPlan(
      manifest: manifest, manifestPath: "Package.swift",
      sources: [.init(module: module, path: "Sources/\(module)/File.swift", text: shop)], targetName: targetName)
  }

  @Test(arguments: [#"a"b"#, #"a\b"#, #"a\"#, "caf\u{E9}\"s", #"x\(y)"#, "#tag"])
  func aNameWithQuotesOrBackslashesIsEscapedInTheManifest(_ name: String) throws {
    let plan = try Self.plan(targetName: name)
    let edited = ManifestEditor(source: plan.manifest, path: "Package.swift")
    #expect(!edited.hasErrors, "\(plan.manifest)")
    #expect(edited.hasTarget(named: name))
  }

  @Test func aModuleFolderWithAQuoteIsEscapedAndImportedByItsModuleName() throws {
    let plan = try Self.plan(targetName: nil, module: #"My"Mod"#)
    #expect(!ManifestEditor(source: plan.manifest, path: "Package.swift").hasErrors, "\(plan.manifest)")
    #expect(plan.registryFile.contains("import My_Mod\n"), "\(plan.registryFile)")
  }

  @Test(arguments: [
    ("../escape", "/"), ("a/b", "/"), ("..", ".."), (".", "."), (".hidden", "hidden"), ("", "empty"),
    ("a\nb", "control character"), ("tab\there", "control character"), (String(repeating: "x", count: 300), "255"),
  ])
  func aNameThatIsNotOneFolderNameIsRefusedWithTheRuleItBreaks(_ name: String, _ rule: String) throws {
    let error = #expect(throws: ManifestEditor.Failure.self) { try Self.plan(targetName: name) }
    #expect(error?.description.contains(rule) == true, "\(String(describing: error))")
  }

  @Test(arguments: [
    ("unterminated comment", "  ]\n)\n/* the end"),
    ("missing parenthesis", "  ]\n\n"),
    ("stray tokens in targets", #"    .target(name: "X")) ] ]"# + "\n  ]\n)\n"),
    ("comment after the last target", "  /* unterminated\n  ]\n)"),
  ])
  func aManifestThatDoesNotParseIsRefusedAtItsFirstError(_ name: String, _ tail: String) throws {
    let broken = Self.manifest.replacingOccurrences(of: "  ]\n)", with: tail)
    let error = #expect(throws: ManifestEditor.Failure.self, "\(name)") { try Self.plan(manifest: broken) }
    #expect(error?.description.hasPrefix("Package.swift:") == true, "\(String(describing: error))")
    #expect(error?.description.contains(": error: ") == true, "\(String(describing: error))")
  }

  @Test func theSluiceDependencyIsNamedAfterTheEndOfItsURL() throws {
    let manifest = Self.manifest.replacingOccurrences(
      of: #".package(path: "../sluice"),"#, with: #".package(url: "https://example.com/team/Sluice.git", branch: "main"),"#)
    let plan = try Self.plan(manifest: manifest)
    #expect(plan.manifest.contains(#".product(name: "SluiceCLI", package: "Sluice")"#))
  }
}
