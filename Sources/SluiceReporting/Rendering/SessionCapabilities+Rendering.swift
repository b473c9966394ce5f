import SluiceDebugger

extension SessionCapabilities: RenderableAnswer {
  /// `feature offers:`, then one line per capability: offered ones plain, the others as
  /// warnings that say why.
  public func lines(in renderer: TextRenderer) -> [RenderedLine] {
    let width = capabilities.map(\.name.count).max() ?? 0
    return [RenderedLine(.headline, "\(feature) offers:")]
      + capabilities.map { capability in
        let name = capability.name.padding(toLength: width, withPad: " ", startingAt: 0)
        return RenderedLine(
          capability.available ? .plain : .warning, "  \(capability.available ? "yes" : "no ")  \(name)  \(capability.note)")
      }
  }
}
