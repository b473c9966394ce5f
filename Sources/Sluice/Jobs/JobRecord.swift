/// A store's bookkeeping for one job, from scheduling until it ends.
final class JobRecord<Action: Sendable> {
  typealias Body = @Sendable (Send<Action>) async throws -> Void
  typealias ErrorHandler = @Sendable (any Error, Send<Action>) async -> Void

  var info: JobInfo
  let scopes: [CancellationScope]
  let body: Body
  let handler: ErrorHandler?
  /// Continues whatever waits for this job: the next part of a concatenation, a merge's
  /// countdown, a debounce's delayed effect.
  let onEnd: ((JobStatus) -> Void)?
  var isCancelled = false
  var isHeld = false

  init(
    info: JobInfo, scopes: [CancellationScope], body: @escaping Body, handler: ErrorHandler?,
    onEnd: ((JobStatus) -> Void)?
  ) {
    self.info = info
    self.scopes = scopes
    self.body = body
    self.handler = handler
    self.onEnd = onEnd
  }
}
