/// A client a package declares for swift-dependencies, as `sluice-init` states it in a
/// feature's registration: the `extension DependencyValues { public var inventory: … }`
/// accessor, and the value the feature runs on, `values.inventory = .liveValue`, or why it
/// cannot name one.
package struct DependencyClient: Equatable, Sendable {
  /// The modules the registry imports to name its live value: the accessor's, and the one
  /// declaring the `liveValue` when another does (a client's live module).
  package let modules: [String]
  /// The accessor's name: `inventory` in `values.inventory`. An identifier, checked where found.
  package let name: String
  /// The expression of its live value, `.liveValue` or `InventoryKey.liveValue`; `nil` when
  /// none can be named from another module (`problem` says why).
  package let liveValue: String?
  /// Why no live value can be named: "LedgerKey declares no public liveValue (a TestDependencyKey?)".
  package let problem: String?

  package init(modules: [String], name: String, liveValue: String?, problem: String?) {
    self.modules = modules
    self.name = name
    self.liveValue = liveValue
    self.problem = problem
  }

  /// The line a registration's `dependencies:` closure gets for it: an assignment, or a
  /// comment saying why there is none.
  package var line: String {
    if let liveValue { return "values.\(name) = \(liveValue)" }
    return "// values.\(name): \(problem ?? "no live value found"); set the value to run on here."
  }

  /// Whether `text` is a plain identifier, which `sluice-init` may write as a name: a letter
  /// or `_`, then letters, digits and `_`; a backquoted name is not, and is left out.
  package static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
    return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
  }

  /// `isIdentifier` for each part of a dotted type name, `Outer.Key`.
  package static func isTypeName(_ text: String) -> Bool {
    text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isIdentifier(String($0)) }
  }
}

/// What a module's files say about its dependency clients, gathered by `FeatureScanner` and
/// combined over the package: the `DependencyValues` accessors, which types declare a
/// public static `liveValue`, which types are public, and the key paths its `@Dependency`
/// properties read.
struct DependencyDeclarations {
  /// An `extension DependencyValues` accessor: its name, and the key its getter subscripts
  /// with (`self[InventoryKey.self]`), if it does so plainly.
  struct Accessor {
    let module: String
    let name: String
    let valueType: String
    let key: String?
  }

  var accessors: [Accessor] = []
  /// Types (as `Outer.Name`) with a public static `liveValue`, and the module declaring it.
  var liveValueOwners: [String: String] = [:]
  /// Types declared public, in a public scope.
  var publicTypes: Set<String> = []
  /// Per module, the names `@Dependency(\.name)` reads, in the order first read.
  var reads: [String: [String]] = [:]

  mutating func merge(_ other: DependencyDeclarations) {
    accessors += other.accessors
    liveValueOwners.merge(other.liveValueOwners) { first, _ in first }
    publicTypes.formUnion(other.publicTypes)
    for (module, names) in other.reads {
      reads[module, default: []] += names.filter { !(reads[module] ?? []).contains($0) }
    }
  }

  /// The clients of the package that `module` reads, in the order it reads them.
  func clients(readIn module: String) -> [DependencyClient] {
    (reads[module] ?? []).compactMap { name in
      guard let accessor = accessors.first(where: { $0.name == name }) else { return nil }
      return client(accessor)
    }
  }

  private func client(_ accessor: Accessor) -> DependencyClient {
    func cannot(_ problem: String) -> DependencyClient {
      DependencyClient(modules: [accessor.module], name: accessor.name, liveValue: nil, problem: problem)
    }
    guard let key = accessor.key, DependencyClient.isTypeName(key) else {
      return cannot("sluice-init cannot tell its key (its getter is not `self[Key.self]`)")
    }
    guard let liveModule = liveValueOwners[key] else { return cannot("\(key) declares no public liveValue (a TestDependencyKey?)") }
    let modules = [accessor.module] + (liveModule == accessor.module ? [] : [liveModule])
    if key == accessor.valueType {
      return DependencyClient(modules: modules, name: accessor.name, liveValue: ".liveValue", problem: nil)
    }
    guard publicTypes.contains(key) else { return cannot("its key \(key) is not public") }
    return DependencyClient(modules: modules, name: accessor.name, liveValue: "\(key).liveValue", problem: nil)
  }
}
