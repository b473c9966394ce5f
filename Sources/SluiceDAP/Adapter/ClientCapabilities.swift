/// What the editor said of itself in `initialize`: events and formats it takes. An event it
/// did not say it supports is never sent to it.
struct ClientCapabilities {
  /// Whether lines count from 1 (the default) rather than 0.
  var linesStartAt1 = true
  /// Whether it shows `progressStart`/`progressEnd`.
  var supportsProgressReporting = false
  /// Whether it takes `invalidated` events.
  var supportsInvalidatedEvent = false
  /// Whether it shows a variable's `type`.
  var supportsVariableType = false
  /// Whether its debug console renders ANSI colours (`supportsANSIStyling`).
  var supportsANSIStyling = false

  /// What `arguments` of `initialize` say.
  init(_ arguments: Arguments) throws(AdapterError) {
    linesStartAt1 = try arguments.boolean("linesStartAt1") ?? true
    supportsProgressReporting = try arguments.boolean("supportsProgressReporting") ?? false
    supportsInvalidatedEvent = try arguments.boolean("supportsInvalidatedEvent") ?? false
    supportsVariableType = try arguments.boolean("supportsVariableType") ?? false
    supportsANSIStyling = try arguments.boolean("supportsANSIStyling") ?? false
  }

  /// Before `initialize`: the protocol's defaults.
  init() {}
}
