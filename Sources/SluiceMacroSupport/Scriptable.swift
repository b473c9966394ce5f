/// Describes an action enum to the debugger: conforms it to ``Sluice/ScriptableAction`` and
/// ``Sluice/CaseNameProviding``.
///
/// The generated `actionDescription` lists every case in source order with its parameters
/// (label or position, type as written, default value) and its doc comment; a parameter whose
/// type is itself `@Scriptable` links to that type's description, so the shell completes
/// `.todo(.to` to `.todo(.toggle(id:))`. The generated `caseName` is a `switch`, sparing the
/// cycle detector and the debugger's history reflection. A `caseName` written by hand is kept.
///
/// It also generates `scriptedCase` (the value's case name and payload, so the debugger
/// describes recorded actions without a `Mirror`) and, when the enum declares `Codable` or
/// `Decodable` and has no `init(from:)` or coding keys in its body, `scriptAction(caseName:arguments:)`,
/// which builds a sent action from its parsed text without a decoder. An `init(from:)` in an
/// extension is not seen: write it in the enum's body if the enum decodes in a way of its own.
/// For each case with one payload it generates the case path a `Scope` takes, named after the
/// case: `Action.todoCase`, an `EnumCase<Action, Todos.Action>`. Members of these names written
/// by hand are kept.
///
/// ```swift
/// @Scriptable
/// enum Action: Equatable, Sendable, Codable {
///   /// Adds `step` to the count.
///   case increment
///   case setStep(Int)
///   case todo(Todos.Action)
/// }
/// ```
///
/// Inside a ``Feature()`` the nested `Action` gets `@Scriptable` without writing it.
// `arbitrary`: the case paths are named after the cases (`todoCase`), which no fixed list names.
@attached(member, names: arbitrary)
@attached(extension, conformances: ScriptableAction, CaseNameProviding)
public macro Scriptable() = #externalMacro(module: "SluiceMacros", type: "ScriptableMacro")
