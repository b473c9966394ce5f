/// A feature type `sluice-init` found in a module's sources, ready to register.
package struct FoundFeature: Equatable, Sendable {
  /// The module (target) that declares it.
  package let module: String
  /// Its name as other modules spell it: `Cart`, or `Shop.Cart` for a nested type.
  package let typeName: String
  /// The first line of its doc comment, else its type name.
  package let summary: String
  /// Whether the debugger's source names it with its module (`Shop.Cart`), because another
  /// module has a feature of the same name.
  package var isQualified = false
  /// Whether its file imports `Dependencies` or `ComposableArchitecture`: it is then
  /// registered with `Feature(…, dependencies:)` (from `SluiceDebuggerDependencies`), which
  /// runs its reducer and middleware `controlled(by:)` the session's environment, so the
  /// session's clock, date, ids and random numbers are the ones they read, on the values its
  /// registration states.
  package var readsDependencies = false
  /// Whether its type declares a public `static` `middleware` of type `[Middleware<…>]`,
  /// which the debugger then runs with it.
  package var hasMiddleware = false
  /// The package's dependency clients its module reads, which its registration states the
  /// values of (when it `readsDependencies`).
  package var clients: [DependencyClient] = []

  /// How the debugger's source names the type: `Cart`, or `Shop.Cart` when qualified. A
  /// module named like its type cannot be a prefix, so the module is added only when needed.
  package var spelledType: String { isQualified ? "\(TargetName.moduleName(of: module)).\(typeName)" : typeName }
  /// The name the debugger registers it under (`--feature`, `use`): `cart`, `shop-cart`.
  package var registryName: String { KebabCase.of(spelledType) }

  package init(module: String, typeName: String, summary: String, readsDependencies: Bool = false, hasMiddleware: Bool = false) {
    self.module = module
    self.typeName = typeName
    self.summary = summary
    self.readsDependencies = readsDependencies
    self.hasMiddleware = hasMiddleware
  }
}

/// A type that looks like a feature but cannot be registered from another module, and why.
package struct SkippedFeature: Equatable, Sendable, CustomStringConvertible {
  /// `file:line:column` of its declaration.
  package let location: String
  /// The type's name.
  package let typeName: String
  /// What the user must add, in their words: "add `public init() {}` to Cart".
  package let reason: String

  package var description: String { "\(location): warning: \(typeName) is not registered: \(reason)" }
}
