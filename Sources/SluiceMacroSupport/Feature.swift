/// Makes a struct holding `State`, `Action` and a reducer into a ``Sluice/Reducer``, attaches
/// ``Scriptable()`` to its `Action` enum and ``Inspectable()`` to its `State` struct.
///
/// The reducer is either a `body`, built from other reducers and forwarded to by a generated
/// `reduce(into:action:)`:
///
/// ```swift
/// @Feature
/// struct Counter {
///   struct State: Equatable, Sendable { var count = 0 }
///   enum Action: Sendable { case increment }
///
///   var body: some Reducer<State, Action> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// or a `func reduce(into state: inout State, action: Action) -> Effect<Action>` written
/// directly, which the store calls without building a reducer per action. Writing both, or
/// neither, is an error, as are a missing `State` or `Action` and an `Action` that is not an
/// enum; each comes with a fix-it.
@attached(extension, conformances: Reducer, names: named(reduce))
@attached(memberAttribute)
public macro Feature() = #externalMacro(module: "SluiceMacros", type: "FeatureMacro")
