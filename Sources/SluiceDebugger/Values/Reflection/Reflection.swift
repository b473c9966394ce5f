import Foundation
import Sluice

/// One value seen through `Mirror`: what shape it has and what it contains.
///
/// Only built on request (rendering, path lookup, and along the parts of two states
/// that differ); never for a whole state per action.
struct Reflection {
  enum Shape {
    case structure
    case object
    case enumeration
    case tuple
    case optional
    case collection
    case set
    case dictionary
    case scalar
  }

  let value: Any
  let mirror: Mirror
  let shape: Shape

  init(_ value: Any) {
    self.value = value
    mirror = Mirror(reflecting: value)
    if Self.isScalarType(type(of: value)) {
      shape = .scalar
      return
    }
    shape = Self.shape(of: mirror)
  }

  /// The reflection of a value whose type the caller already knows is not a scalar
  /// type, skipping that lookup.
  init(nonScalar value: Any) {
    self.value = value
    mirror = Mirror(reflecting: value)
    shape = Self.shape(of: mirror)
  }

  private static func shape(of mirror: Mirror) -> Shape {
    switch mirror.displayStyle {
    case .struct?: .structure
    case .class?: .object
    case .enum?: .enumeration
    case .tuple?: .tuple
    case .optional?: .optional
    case .collection?: .collection
    case .set?: .set
    case .dictionary?: .dictionary
    default: .scalar
    }
  }

  /// Whether values of `type` are leaves: numbers, text, and Foundation values whose
  /// mirrors show storage details rather than meaning. A metatype lookup, so callers
  /// can skip building a `Mirror` for the most common leaves.
  static func isScalarType(_ type: Any.Type) -> Bool {
    scalarTypes.contains(ObjectIdentifier(type))
  }

  private static let scalarTypes: Set<ObjectIdentifier> = [
    ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self),
    ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt.self),
    ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self),
    ObjectIdentifier(UInt64.self), ObjectIdentifier(Float.self), ObjectIdentifier(Double.self),
    ObjectIdentifier(Bool.self), ObjectIdentifier(String.self), ObjectIdentifier(Substring.self),
    ObjectIdentifier(Character.self), ObjectIdentifier(Date.self), ObjectIdentifier(URL.self),
    ObjectIdentifier(UUID.self), ObjectIdentifier(Data.self), ObjectIdentifier(Decimal.self),
  ]

  var typeName: String { TypeName.short(mirror.subjectType) }

  /// Labeled children, superclass fields first for class instances. Tuple
  /// elements without a label (`.0`) have a `nil` label.
  var fields: [(label: String?, value: Any)] {
    var result: [(label: String?, value: Any)] = []
    if shape == .object {
      var ancestors: [Mirror] = []
      var ancestor = mirror.superclassMirror
      while let current = ancestor {
        ancestors.append(current)
        ancestor = current.superclassMirror
      }
      for ancestor in ancestors.reversed() {
        for child in ancestor.children {
          result.append(Self.field(child.label, child.value))
        }
      }
    }
    for child in mirror.children {
      result.append(Self.field(child.label, child.value))
    }
    return result
  }

  /// A stored property as a person wrote it: the storage of a wrapper tools see through
  /// (`_lastSync`, an `@Ignored`) becomes the property (`lastSync`) and its wrapped value.
  /// A ``Sluice/Secret`` keeps its wrapper, which shows as the mask.
  static func field(_ label: String?, _ value: Any) -> (label: String?, value: Any) {
    // Labels are tested by their first byte: cheaper than forming a `Character`.
    if let label, label.utf8.first == UInt8(ascii: "_") {
      if let wrapper = value as? any InspectableWrapper { return (String(label.dropFirst()), wrapper.inspectedValue) }
      if value is any RedactedValue { return (String(label.dropFirst()), value) }
    }
    return (fieldLabel(label), value)
  }

  /// `nil` for the runtime's positional labels (`.0`, `.1`).
  static func fieldLabel(_ label: String?) -> String? {
    guard let label, !(label.utf8.first == UInt8(ascii: ".") && Int(label.dropFirst()) != nil) else { return nil }
    return label
  }

  /// The wrapped value of an optional, or `nil` for `.none`.
  var unwrapped: Any? {
    mirror.children.first?.value
  }

  /// The case name of an enum value. Payload-less cases are named by
  /// `String(describing:)`, which is the case name unless the enum customises
  /// its description.
  var caseName: String {
    if let label = mirror.children.first?.label {
      return label
    }
    return String(describing: value)
  }

  /// The payload of an enum value, if it has one (a tuple when it has several
  /// values or a label).
  var payload: Any? {
    mirror.children.first?.value
  }

  /// The payload's parts with their labels (`nil` for unlabeled ones).
  var payloadFields: [(label: String?, value: Any)] {
    guard let payload else { return [] }
    return Self.fields(ofPayload: payload)
  }

  /// The parts of an enum case's payload with their labels: a tuple's elements, else the
  /// payload itself. The common leaves skip building a mirror.
  static func fields(ofPayload payload: Any) -> [(label: String?, value: Any)] {
    if isScalarType(type(of: payload)) { return [(nil, payload)] }
    let inner = Mirror(reflecting: payload)
    if inner.displayStyle == .tuple {
      return inner.children.map { (Self.fieldLabel($0.label), $0.value) }
    }
    return [(nil, payload)]
  }

  /// The text of a scalar: strings quoted and escaped, numbers as Swift prints them.
  /// The commonest types are told apart by metatype, which is far cheaper than
  /// casting an `Any` to each candidate type in turn.
  static func scalarText(_ value: Any) -> String {
    let valueType = type(of: value)
    if valueType == Int.self { return String(value as! Int) }  // Checked by the metatype test.
    if valueType == String.self { return SwiftStringEscaping.quoted(value as! String) }  // Checked above.
    if valueType == Bool.self { return (value as! Bool) ? "true" : "false" }  // Checked above.
    if valueType == Double.self { return (value as! Double).description }  // Checked above.
    switch value {
    case let text as Substring: return SwiftStringEscaping.quoted(String(text))
    case let character as Character: return SwiftStringEscaping.quoted(String(character))
    default:
      // Foundation's values print as the text that types them back.
      return FoundationLiterals.text(of: value) ?? String(describing: value)
    }
  }

  /// Unwraps any number of optional layers; `nil` when one of them is `.none`.
  static func flattened(_ value: Any) -> Any? {
    var current = value
    while let optional = current as? any OptionalValue {
      guard let wrapped = optional.wrappedValue else { return nil }
      current = wrapped
    }
    return current
  }
}
