import Foundation
import SluiceInit
import Testing

/// What a registration `sluice-init` writes runs: a feature whose file imports
/// swift-dependencies (or the Composable Architecture) is registered with the values it runs
/// on (`Feature(…, dependencies:)`, which runs it and its middleware `controlled(by:)` the
/// session's environment), through `SluiceDebuggerDependencies`; a feature with a public
/// static `middleware: [Middleware<…>]` runs it; anything less certain is left out.
@Suite struct SluiceInitRegistrationTests {
  static let todos = """
    import Dependencies
    import Sluice

    /// Todos with ids and dates.
    public struct Todos: Reducer {
      public struct State: Codable, Equatable, Sendable { public init() {} }
      public enum Action: Codable, Sendable { case add }
      @Dependency(\\.uuid) var uuid
      public init() {}
      public static let middleware: [Middleware<State, Action>] = []
      public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    """

  /// The todos' registration, as `sluice-init` writes it, indented as in the registry.
  static let todosRegistration = """
      Feature("todos", summary: "Todos with ids and dates.", initialState: Todos.State(),  // sluice-init: feature todos
        // The values it runs on in the debugger, in its tests and in the tests `export test` writes: one set,
        // so a session that passes here passes as a test. Write another value here (`.testValue`, a mock) to run on it.
        dependencies: { values in
          // It reads no client this package declares; set one as `values.name = .liveValue`.
        },
        middleware: { _ in Todos.middleware },
        reducer: { _ in Todos() }),

    """

  @Test func aFeatureThatReadsDependenciesStatesItsValuesAndRunsItsMiddleware() throws {
    let plan = try SluiceInitTests.plan(sources: [("Shop", SluiceInitTests.shop), ("Lists", Self.todos)])
    #expect(plan.registryFile.contains(Self.todosRegistration), "\(plan.registryFile)")
    // The cart's file imports neither: it is built as before.
    #expect(plan.registryFile.contains(#"initialState: Cart.State()) { _ in Cart() },  // sluice-init: feature cart"#))
    #expect(plan.registryFile.contains("import SluiceDebugger\nimport SluiceDebuggerDependencies\n"))
    #expect(
      plan.manifest.contains(
        #".target(name: "MyShopDebuggerRegistry", dependencies: ["Lists", "Shop", .product(name: "SluiceDebugger", package: "sluice"), .product(name: "SluiceDebuggerDependencies", package: "sluice")]),"#),
      "\(plan.manifest)")
  }

  @Test func withoutSwiftDependenciesTheTargetDoesNotNeedTheProduct() throws {
    let plan = try SluiceInitTests.plan()
    #expect(!plan.registryFile.contains("SluiceDebuggerDependencies"))
    #expect(!plan.manifest.contains("SluiceDebuggerDependencies"))
    #expect(!plan.registryFile.contains("controlled(by:"))
  }

  @Test(arguments: [
    "@preconcurrency import ComposableArchitecture",
    "import struct Dependencies.DependencyValues",
  ])
  func anyImportOfTheModulesCounts(_ importLine: String) throws {
    let source = SluiceInitTests.shop.replacingOccurrences(of: "import Sluice", with: "import Sluice\n\(importLine)")
    let plan = try SluiceInitTests.plan(sources: [("Shop", source)])
    #expect(plan.registryFile.contains("  dependencies: { values in\n"), "\(plan.registryFile)")
    #expect(plan.registryFile.contains("  reducer: { _ in Cart() }),\n"), "\(plan.registryFile)")
  }

  @Test func middlewareDeclaredInAPublicExtensionInAnotherFileIsFound() throws {
    let extensionFile = """
      import Sluice
      public extension Cart {
        static let middleware: [Sluice.Middleware<State, Action>] = []
      }
      """
    let plan = try SluiceInitTests.plan(sources: [("Shop", SluiceInitTests.shop), ("Shop", extensionFile)])
    #expect(plan.registryFile.contains("initialState: Cart.State(), middleware: { _ in Cart.middleware }) { _ in Cart() },"), "\(plan.registryFile)")
  }

  /// Forms whose use as `middleware: { _ in Cart.middleware }` is not certain to build.
  @Test(arguments: [
    "extension Cart { public static func middleware() -> [Middleware<State, Action>] { [] } }",
    "extension Cart { public static let middleware = [Middleware<State, Action>]() }",
    "extension Cart { static let middleware: [Middleware<State, Action>] = [] }",
    "extension Cart { public let middleware: [Middleware<State, Action>] = [] }",
    "extension Cart { public static let middleware: Middleware<State, Action> = .init(name: \"m\") { _, _ in .none } }",
  ])
  func middlewareThatIsNotCertainlyAnArrayIsLeftOut(_ declaration: String) throws {
    let plan = try SluiceInitTests.plan(sources: [("Shop", SluiceInitTests.shop), ("Shop", declaration)])
    #expect(!plan.registryFile.contains("middleware:"), "\(plan.registryFile)")
  }

  @Test func theGeneratedFileMarksWhatSluiceInitOwns() throws {
    let lines = try SluiceInitTests.plan().registryFile.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let markers = lines.filter { $0.contains("// sluice-init: begin") || $0.contains("// sluice-init: end") }
    #expect(
      markers.map { $0.trimmingCharacters(in: .whitespaces) } == [
        "// sluice-init: begin imports", "// sluice-init: end imports",
        "// sluice-init: begin registrations", "// sluice-init: end registrations",
      ])
    #expect(lines.filter { $0.hasPrefix("  Feature(") }.allSatisfy { $0.contains("// sluice-init: feature ") })
  }
}
