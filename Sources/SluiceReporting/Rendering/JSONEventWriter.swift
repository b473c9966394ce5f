import Sluice
import SluiceDebugger

/// Writes what a script run produces as JSON Lines, one object per line, for tools:
///
/// ```json
/// {"event":"reduced","version":1,"index":3,"action":".add(title: \"Milk\")","origin":"script","changed":["todos"]}
/// {"event":"expectation","version":1,"file":"todos.sluice","line":7,"passed":false,"expression":"count == 3",…}
/// {"event":"stopped","version":1,"reason":"breakpoint","breakpoint":1,"action":".checkout"}
/// {"event":"cycle","version":1,"signal":"frequency","action":"ping","count":21,"cycle":[".ping",".pong",".ping"],…}
/// {"event":"error","version":1,"file":"todos.sluice","line":4,"column":7,"message":"unknown command 'sned'"}
/// ```
///
/// Every object has an `"event"` key naming its kind and a `"version"` key, the protocol's
/// version (``protocolVersion``); keys and event names are lower camel case, durations are
/// integer nanoseconds (`timeNanoseconds`), and a diff comes as structured `changes` (path,
/// old, new) with the rendered `diff` lines beside them. `Schemas/sluice-events.schema.json`
/// in the repository describes every event; a test holds the writer to it.
public struct JSONEventWriter: Sendable {
  private let text = TextRenderer()

  /// The version of the event protocol, in every object as `"version"`: it changes when a
  /// key is removed or its meaning changes (adding keys or events does not change it).
  public static let protocolVersion = 1

  /// The `id` of the command request being answered (see the JSON protocol in README), put
  /// in every object written until it is cleared.
  public var requestID: JSONValue?

  /// Creates a writer.
  public init() {}

  /// The line for a session event.
  public func line(for event: DebugEvent) -> String {
    object(for: event).serialized
  }

  /// The object for a session event.
  public func object(for event: DebugEvent) -> JSONValue {
    versioned(unversionedObject(for: event))
  }

  /// The line that echoes a script's command before its results.
  public func line(forCommand command: String, at location: ScriptLocation) -> String {
    versioned(
      .object([
        ("event", .string("command")), ("file", .string(location.file)), ("line", .integer(location.line)),
        ("text", .string(command)),
      ])
    ).serialized
  }

  /// `object` with the protocol's version after its `event` key, and the request's id.
  func versioned(_ object: JSONValue) -> JSONValue {
    guard case .object(var members) = object else { return object }
    let place = members.first?.0 == "event" ? 1 : 0
    members.insert(("version", .integer(Self.protocolVersion)), at: place)
    if let requestID { members.insert(("id", requestID), at: place + 1) }
    return .object(members)
  }

  /// The line that ends the answer to a command request: everything it caused was written;
  /// `failed` when the command was an error.
  public func completionLine(failed: Bool) -> String {
    versioned(.object([("event", .string("completed")), ("failed", .boolean(failed))])).serialized
  }

  /// A duration as whole nanoseconds, clamped to what an `Int` holds.
  static func nanoseconds(_ duration: Duration) -> JSONValue {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return .integer(seconds < 0 ? .min : .max) }
    let (total, sumOverflow) = Int(whole).addingReportingOverflow(Int(attoseconds / 1_000_000_000))
    return .integer(sumOverflow ? (seconds < 0 ? .min : .max) : total)
  }

  /// The changes of `diff`, each with its path and the values before and after (`null`
  /// where there was none).
  private static func changes(_ diff: StateDiff) -> JSONValue {
    .array(
      diff.flatChanges.map { change in
        .object([
          ("path", .string(change.path.description)), ("old", change.old.map(JSONValue.string) ?? .null),
          ("new", change.new.map(JSONValue.string) ?? .null),
        ])
      })
  }

  private func unversionedObject(for event: DebugEvent) -> JSONValue {
    switch event {
    case .reduced(let record, let diff):
      var members = recordMembers(record, event: "reduced")
      if let changed = diff?.changedPaths ?? record.changedPaths {
        members.append(("changed", .array(changed.map { .string($0.description) })))
      }
      if let diff {
        members.append(("changes", Self.changes(diff)))
        members.append(("diff", .array(diff.lines().map { .string($0.rendered) })))
      }
      return .object(members)
    case .stopped(let reason):
      return .object([("event", .string("stopped"))] + stopMembers(reason) + [("message", .string(text.stopLine(reason)))])
    case .cycleDetected(let report):
      return .object(
        [("event", .string("cycle"))] + cycleMembers(report.warning) + [
          ("path", .string(report.path)), ("seen", .integer(report.count)),
          ("message", .string(text.lines(for: event).joined(separator: " "))),
        ])
    case .cycleRepeated(let report):
      return .object([
        ("event", .string("cycleRepeated")), ("cycle", .string(report.warning.cycleDescription)),
        ("seen", .integer(report.count)),
      ])
    case .dropped(let action, let reason):
      return .object([
        ("event", .string("dropped")), ("action", .string(action)), ("reason", .string(text.describe(reason))),
      ])
    case .jobFailed(let job):
      return .object([("event", .string("jobFailed"))] + jobMembers(job))
    case .stateReplaced(let reason, let diff):
      var members: [(String, JSONValue)] = [("event", .string("stateReplaced")), ("reason", .string(reason))]
      if let diff {
        members.append(("changed", .array(diff.changedPaths.map { .string($0.description) })))
        members.append(("changes", Self.changes(diff)))
        members.append(("diff", .array(diff.lines().map { .string($0.rendered) })))
      }
      return .object(members)
    case .jobCancelled(let job, let reason):
      return .object([("event", .string("jobCancelled"))] + jobMembers(job) + [("reason", .string(reason))])
    case .referenceInState(let path, let typeName):
      return .object([
        ("event", .string("referenceInState")), ("path", .string(path)), ("type", .string(typeName)),
        ("message", .string(text.lines(for: event).joined(separator: " "))),
      ])
    }
  }

  /// The line for an expectation's outcome at a place in a script.
  public func line(for outcome: ExpectationOutcome, at location: ScriptLocation?) -> String {
    var members: [(String, JSONValue)] = [("event", .string("expectation"))]
    members += locationMembers(location)
    members += [
      ("passed", .boolean(outcome.passed)), ("expression", .string(outcome.expression)),
      ("expected", .string(outcome.expected)), ("actual", .string(outcome.actual)),
    ]
    if !outcome.diff.isEmpty { members.append(("diff", .array(outcome.diff.map { .string($0.rendered) }))) }
    return versioned(.object(members)).serialized
  }

  /// The line for an error at a place in a script.
  public func line(forError message: String, at location: ScriptLocation?) -> String {
    versioned(
      .object([("event", .string("error"))] + locationMembers(location) + [("message", .string(message))])
    ).serialized
  }

  /// The line for a command's result: a specific object for waits, steps and time, else the
  /// text rendering's lines. `nil` when there is nothing to say.
  public func line(for result: CommandResult, command: String, at location: ScriptLocation?) -> String? {
    var members: [(String, JSONValue)]
    switch result {
    case .done, .sourceRequested, .quitRequested:
      return nil
    case .expectation(let outcome):
      return line(for: outcome, at: location)
    case .waited(let outcome, _), .continued(let outcome):
      members = [("event", .string("waited"))] + waitMembers(outcome)
    case .advanced(let requested, let start, let now):
      members = [
        ("event", .string("advanced")), ("requestedNanoseconds", Self.nanoseconds(requested)),
        ("byNanoseconds", Self.nanoseconds(now - start)), ("nowNanoseconds", Self.nanoseconds(now)),
      ]
    case .stepped(let reports):
      members = [("event", .string("stepped")), ("steps", .array(reports.map(stepObject)))]
    case .value(let path, let tree):
      members = [
        ("event", .string("value")), ("path", path.map(JSONValue.string) ?? .null),
        ("value", .string(tree.compactDescription)),
      ]
    default:
      members = [("event", .string("output"))]
    }
    members.insert(("command", .string(command)), at: 1)
    members += locationMembers(location)
    members.append(("lines", .array(text.lines(for: result).map(JSONValue.string))))
    return versioned(.object(members)).serialized
  }

  /// The last line of a run: its exit status and how many expectations failed.
  public func summaryLine(status: Int32, expectations: Int, failed: Int) -> String {
    versioned(
      .object([
        ("event", .string("finished")), ("status", .integer(Int(status))),
        ("expectations", .integer(expectations)), ("failed", .integer(failed)),
      ])
    ).serialized
  }

  // MARK: - Members

  private func recordMembers(_ record: HistoryRecord, event: String) -> [(String, JSONValue)] {
    [
      ("event", .string(event)), ("index", .integer(record.index)), ("action", .string(record.action)),
      ("case", .string(record.caseName)), ("origin", .string(record.origin.description)),
      ("depth", .integer(record.context.depth)), ("timeNanoseconds", Self.nanoseconds(record.time)),
    ]
  }

  private func stopMembers(_ reason: StopReason) -> [(String, JSONValue)] {
    switch reason {
    case .breakpoint(let id, let action):
      return [("reason", .string("breakpoint")), ("breakpoint", .integer(id)), ("action", .string(action))]
    case .watchpoint(let id, let path, let old, let new, let index):
      return [
        ("reason", .string("watchpoint")), ("breakpoint", .integer(id)), ("path", .string(path.description)),
        ("old", .string(old)), ("new", .string(new)), ("index", .integer(index)),
      ]
    case .cycle(let warning):
      return [("reason", .string("cycle"))] + cycleMembers(warning)
    case .job(let id, let job):
      return [("reason", .string("job")), ("breakpoint", .integer(id))] + jobMembers(job)
    case .requested:
      return [("reason", .string("requested"))]
    case .step:
      return [("reason", .string("step"))]
    }
  }

  private func cycleMembers(_ warning: CycleWarning) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)]
    switch warning.signal {
    case .frequency(let count, let window):
      members = [
        ("signal", .string("frequency")), ("count", .integer(count)), ("windowNanoseconds", Self.nanoseconds(window)),
      ]
    case .depth(let depth):
      members = [("signal", .string("depth")), ("depth", .integer(depth))]
    }
    let names = warning.cycle.isEmpty ? [] : (warning.cycle + [warning.cycle[0]]).map { "." + $0 }
    return [("action", .string(warning.caseName))] + members + [
      ("cycle", .array(names.map(JSONValue.string))), ("policy", .string(warning.policy.rawValue)),
      ("message", .string(text.describe(warning))),
    ]
  }

  private func jobMembers(_ job: JobInfo) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [
      ("job", .integer(Int(truncatingIfNeeded: job.id.rawValue))), ("kind", .string(job.kind.rawValue)),
      ("name", .string(job.name)), ("status", .string(text.describe(job.status))),
    ]
    if case .failed(let message) = job.status { members.append(("error", .string(message))) }
    return members
  }

  private func waitMembers(_ outcome: WaitOutcome) -> [(String, JSONValue)] {
    switch outcome {
    case .idle: [("outcome", .string("idle"))]
    case .paused: [("outcome", .string("paused"))]
    case .waitingForTime(let jobs): [("outcome", .string("waitingForTime")), ("jobs", .array(jobs.map(JSONValue.string)))]
    case .timedOut(let jobs): [("outcome", .string("timedOut")), ("jobs", .array(jobs.map(JSONValue.string)))]
    }
  }

  private func stepObject(_ report: StepReport) -> JSONValue {
    switch report {
    case .reduced(let record):
      return .object([("step", .string("reduced")), ("index", .integer(record.index)), ("action", .string(record.action))])
    case .ranJob(let job, let sent):
      return .object([("step", .string("ranJob"))] + jobMembers(job) + [("sent", .array(sent.map(JSONValue.string)))])
    case .stoppedAgain:
      return .object([("step", .string("stoppedAgain"))])
    }
  }

  private func locationMembers(_ location: ScriptLocation?) -> [(String, JSONValue)] {
    guard let location else { return [] }
    var members: [(String, JSONValue)] = [("file", .string(location.file)), ("line", .integer(location.line))]
    if let column = location.column { members.append(("column", .integer(column))) }
    return members
  }
}
