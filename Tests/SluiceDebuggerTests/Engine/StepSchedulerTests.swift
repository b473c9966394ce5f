import Sluice
import Testing

@testable import SluiceDebugger

/// Queued actions leave the scheduler in the order they came, with the origin captured
/// when they arrived, whether the newest waits in its own slot or behind others.
@Suite struct StepSchedulerTests {
  @Test func anActionReducedAtOnceDepartsWithItsOrigin() {
    var scheduler = StepScheduler()
    scheduler.arrive(action: 1, origin: .script)
    #expect(scheduler.origin(ofQueued: 1) == .script)
    #expect(scheduler.depart(action: 1) == .script)
    #expect(scheduler.origin(ofQueued: 1) == nil)
    #expect(scheduler.depart(action: 1) == nil)
  }

  @Test func queuedActionsDepartInOrderAndSkippedOnesAreForgotten() {
    var scheduler = StepScheduler()
    scheduler.arrive(action: 1, origin: .user)
    scheduler.arrive(action: 2, origin: .effect)
    scheduler.arrive(action: 3, origin: .job(kind: "effect", name: "fetch"))
    #expect(scheduler.origin(ofQueued: 2) == .effect)
    #expect(scheduler.depart(action: 1) == .user)
    // Action 2 was dropped without a word: 3 departs, and 2 is gone with it.
    #expect(scheduler.depart(action: 3) == .job(kind: "effect", name: "fetch"))
    #expect(scheduler.origin(ofQueued: 2) == nil)
    #expect(scheduler.depart(action: 2) == nil)
  }

  @Test func theOldestUnitIsTheActionThatArrivedBeforeAHeldJob() {
    var scheduler = StepScheduler()
    scheduler.arrive(action: 5, origin: .user)
    let job = JobInfo(
      id: JobID(1), name: "load", kind: .effect, parent: ActionContext(sequence: 4, parent: nil, root: 4, depth: 0, origin: .external), cancellationIDs: [], status: .pending)
    scheduler.hold(job, checked: true)
    #expect(scheduler.oldestUnit(queueHead: 5) == .action(5))
    _ = scheduler.depart(action: 5)
    #expect(scheduler.oldestUnit(queueHead: nil) == .job(JobID(1)))
  }
}
