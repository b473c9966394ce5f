import Sluice

extension Inspector {
  /// The part of ``jobSpans`` that `window` asks for, and where it lies among them all. A
  /// span's place in the history is the entry that launched it; one with no known parent (a
  /// subscription, or a parent no longer kept) is placed at the last entry reduced before it
  /// was launched on the session's clock, so `from I` keeps the spans launched by entry `I`
  /// or later.
  func jobSpans(in window: ListingWindow) -> (spans: [JobSpan], position: WindowPosition) {
    let entries = history.entries
    let firstIndex = history.firstIndex
    let (spans, position) = window.select(jobSpans) { span in
      if let parent = span.parentIndex { return parent }
      // The entries' times never decrease: the first reduced at or after the launch, less one.
      var low = entries.startIndex
      var high = entries.endIndex
      while low < high {
        let middle = (low + high) / 2
        if entries[middle].time < span.launched { low = middle + 1 } else { high = middle }
      }
      return firstIndex + low - 1
    }
    return (spans, position)
  }
}
