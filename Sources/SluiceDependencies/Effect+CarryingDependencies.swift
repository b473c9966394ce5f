import Dependencies
import Sluice

extension Effect {
  /// This effect, its jobs run with the dependency values current now: a job runs later, in
  /// a task of its own, where the task-local values are gone. An effect with no work is
  /// returned as it is, at no cost.
  package func carryingDependencies() -> Effect {
    if isNone { return self }
    return withEscapedDependencies { dependencies in
      performingJobs { work in try await dependencies.yield { try await work() } }
    }
  }
}
