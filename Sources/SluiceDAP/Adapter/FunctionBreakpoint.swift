/// A breakpoint on action cases as the editor set it (`setFunctionBreakpoints`): the
/// adapter's id, the glob, and the engine's breakpoint that stops a running store on it.
struct FunctionBreakpoint {
  /// The id the editor knows it by.
  var id: Int
  /// The case glob: `search*`, `cart.checkout`.
  var pattern: String
  /// The engine's breakpoint id.
  var engineID: Int
}
