import Sluice

extension Runner {
  func cancelJobs(_ reference: String) throws(DebugError) -> [JobInfo] {
    let live = store.jobs.filter { $0.status != .cancelled }
    let chosen: [JobInfo]
    if let number = UInt64(reference) {
      chosen = live.filter { $0.id == JobID(number) }
    } else {
      chosen = live.filter { $0.name == reference }
    }
    guard !chosen.isEmpty else {
      let names = live.map { "\($0.id.rawValue) '\($0.name)'" }
      let known = names.isEmpty ? "no job is live" : "live jobs: " + names.joined(separator: ", ")
      throw DebugError("no live job '\(reference)': \(known)")
    }
    let reason = "cancelled by `cancel \(reference)`"
    for job in chosen {
      // The job's span is the one record of this cancel: `export test` replays it from there.
      let cancel = JobSpan.CancelledByHand(
        afterIndex: history.lastIndex, hadNamesakes: live.contains { $0.name == job.name && !chosen.contains($0) })
      session.jobSpanLog.endCancelledByHand(job.id, reason: reason, cancel, at: elapsedTime)
      emit(.jobCancelled(job, reason: reason))
      store.cancel(job.id)
    }
    return chosen
  }
}
