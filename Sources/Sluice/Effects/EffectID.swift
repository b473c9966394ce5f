/// The identity of a cancellable, debounced or throttled effect.
///
/// Any `Hashable & Sendable` value can identify an effect: an enum case, a string, or a
/// type's metatype wrapped in `ObjectIdentifier`.
///
/// ```swift
/// enum CancelID { case load }
/// return .run { send in … }.cancellable(id: CancelID.load, cancelInFlight: true)
/// ```
public struct EffectID: Hashable, Sendable, CustomStringConvertible {
  // `AnyHashable` is not `Sendable`, but the only way to build an `EffectID` is from a
  // value that is `Hashable & Sendable`, so the erased box only ever holds sendable values.
  private struct Box: Hashable, @unchecked Sendable {
    let value: AnyHashable
  }

  private let box: Box

  /// Wraps a hashable, sendable value as an effect identity.
  public init(_ value: some Hashable & Sendable) {
    if let id = value as? EffectID {
      self = id
    } else {
      box = Box(value: AnyHashable(value))
    }
  }

  /// The wrapped value as written, for debugger output.
  public var description: String {
    String(describing: box.value.base)
  }
}
