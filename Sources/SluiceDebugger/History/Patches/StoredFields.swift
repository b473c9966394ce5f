@_spi(Reflection) import Swift

/// The stored properties of a struct type, each with a key path to it, learned once per type
/// from the runtime's field records.
///
/// History patches reach into a state through these: a key path reads and writes a stored
/// property in place, without a mirror (which would box the value) and without the
/// property's `==` or a custom mirror deciding what is seen. The field records come from
/// the standard library's reflection SPI (`_forEachFieldWithKeyPath`), the one way to name
/// a stored property of a type known only at run time; it has been part of the standard
/// library's ABI since Swift 5.2. A type it cannot describe (an enum, a tuple, a class,
/// a struct whose field records are incomplete) has no fields here, and patches replace
/// its values whole.
///
/// Unchecked `Sendable`: its only non-`Sendable` part is key path objects, which are
/// immutable once made (a key path has no mutable state), so sharing them between threads
/// is safe.
struct StoredFields: @unchecked Sendable {
  /// One stored property, which a patch's route names by its place in ``fields``.
  struct Field {
    /// A `WritableKeyPath<Root, Value>` for a `var`, a `KeyPath<Root, Value>` for a `let`.
    let keyPath: AnyKeyPath
    let isWritable: Bool
  }

  /// The properties in declaration order; empty when the type cannot be described.
  let fields: [Field]

  private init(_ type: Any.Type) {
    var fields: [Field] = []
    if !(type is AnyClass) {
      func collect<Root>(_: Root.Type) -> Bool {
        _forEachFieldWithKeyPath(of: Root.self) { _, keyPath in
          func isWritable<Value>(_: Value.Type) -> Bool { keyPath is WritableKeyPath<Root, Value> }
          let valueType: Any.Type = Swift.type(of: keyPath).valueType
          let writable = isWritable(valueType)
          fields.append(Field(keyPath: keyPath, isWritable: writable))
          return true
        }
      }
      if !collect(type) { fields = [] }
    }
    self.fields = fields
  }

  /// The stored properties of `type`, learned on first use.
  static func of(_ type: Any.Type) -> StoredFields {
    cache.value(for: type) { StoredFields(type) }
  }

  private static let cache = TypeKeyedCache<StoredFields>()
}
