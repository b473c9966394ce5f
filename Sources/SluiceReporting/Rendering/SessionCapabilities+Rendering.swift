import SluiceDebugger

extension SessionCapabilities: RenderableAnswer {
  /// `feature offers:`, then one line per capability, in columns: offered ones plain, the
  /// others as warnings that say why.
  public func lines(in renderer: TextRenderer) -> [RenderedLine] {
    let rows = TextRenderer.aligned(capabilities.map { [$0.available ? "yes" : "no", $0.name, $0.note] })
    return [RenderedLine(.headline, "\(feature) offers:")]
      + zip(capabilities, rows).map { capability, row in RenderedLine(capability.available ? .plain : .warning, "  " + row) }
  }
}
