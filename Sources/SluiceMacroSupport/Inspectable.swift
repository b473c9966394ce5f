/// Lists a struct's stored properties for the debugger: conforms it to
/// ``Sluice/Inspectable``, so a diff of two states reads each property directly, compares it
/// with `==` where it can, and opens only what differs, without reflection.
///
/// ```swift
/// @Inspectable
/// struct State: Equatable, Codable, Sendable {
///   var query = ""
///   var results: [String] = []
/// }
/// ```
///
/// A struct with a `private` or `fileprivate` stored property gets nothing (the generated
/// extension could not read it); the debugger then reflects on it, as on any other type.
@attached(extension, conformances: Inspectable, names: named(visitFields))
public macro Inspectable() = #externalMacro(module: "SluiceMacros", type: "InspectableMacro")
