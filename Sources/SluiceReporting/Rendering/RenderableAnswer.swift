import SluiceDebugger

/// How a declared answer reads on a terminal: the renderer a command with a typed answer
/// writes beside its `CommandAnswer`, in the presentation layer. The text renderer, the JSON
/// writer's `lines` and every client that colours by kind use it.
public protocol RenderableAnswer: CommandAnswer {
  /// The answer's lines, each with its kind.
  func lines(in renderer: TextRenderer) -> [RenderedLine]
}
