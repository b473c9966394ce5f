import Dependencies
import ExampleFeatures
import Sluice
import SluiceDebugger
import SluiceDebuggerDependencies
import SluiceDependencies

/// The example features, registered for the debugger: what `sluice` loads, and what tests
/// exported from its sessions (`export test`) build their stores from.
///
/// Each registration is one expression; the services get the session's clock, so their
/// latency runs on virtual time under `--virtual-clock`.
public let exampleFeatures = FeatureRegistry([
  Feature("counter", summary: "A number you step up and down", initialState: Counter.State()) { _ in
    Counter()
  },
  Feature(
    "todos", summary: "A todo list loaded from an API (500 ms latency), with filters",
    initialState: Todos.State()
  ) { environment in
    Todos(api: InMemoryTodosAPI(latency: .milliseconds(500), clock: environment.clock))
  },
  Feature(
    "search", summary: "Search as you type: debounced 300 ms, refresh throttled to 1 s",
    initialState: Search.State()
  ) { environment in
    Search(client: InMemorySearchClient(latency: .milliseconds(200), clock: environment.clock))
  },
  Feature(
    "checkout", summary: "A cart checked out by three middleware: validation, analytics, payment",
    initialState: Checkout.State(),
    middleware: { environment in
      Checkout.middleware(
        gateway: InMemoryPaymentGateway(latency: .seconds(1), clock: environment.clock),
        analytics: AnalyticsRecorder())
    }
  ) { _ in
    Checkout()
  },
  Feature(
    "temperature", summary: "Celsius and Fahrenheit kept in step by middleware that echo each other: a feedback loop",
    initialState: Temperature.State(),
    middleware: { _ in Temperature.middleware(syncsOnlyChanges: false) }
  ) { _ in
    Temperature()
  },
  Feature(
    "temperature-fixed", summary: "The same, fixed: each middleware sends only a real change",
    initialState: Temperature.State(),
    middleware: { _ in Temperature.middleware(syncsOnlyChanges: true) }
  ) { _ in
    Temperature()
  },
  Feature(
    "profile", summary: "A profile loaded once (300 ms), bound to a draft and saved 2 s after the first edit",
    initialState: Profile.State()
  ) { environment in
    Profile(api: InMemoryProfileAPI(latency: .milliseconds(300), clock: environment.clock))
  },
  Feature(
    "stopwatch", summary: "Counts the seconds a subscription ticks while it runs; reset restarts the ticks",
    initialState: Stopwatch.State(),
    subscriptions: { environment in [Stopwatch.ticks(on: environment.clock)] }
  ) { _ in
    Stopwatch()
  },
  Feature(
    "pingpong", summary: "Two actions that send each other forever, to trip the cycle detector",
    initialState: PingPong.State()
  ) { environment in
    PingPong(clock: environment.clock, interval: .milliseconds(10))
  },
  Feature(
    "echo", summary: "Two actions that .send each other at once: a synchronous loop, on purpose (Ctrl-C pauses it)",
    initialState: Echo.State()
  ) { _ in
    Echo()
  },
  Feature(
    "weather", summary: "A city's forecast from a swift-dependencies client (400 ms latency on the session's clock)",
    initialState: Weather.State()
  ) { environment in
    Weather().dependencies {
      $0.weatherClient = .inMemory(latency: .milliseconds(400))
      $0.continuousClock = environment.clock
    }
  },
  Feature(
    "journal", summary: "Entries stamped with an id, a date and a random mood, saved in 1 s: dependencies the debugger records",
    initialState: Journal.State()
  ) { environment in
    Journal().controlled(by: environment)
  },
], importedAs: "ExampleRegistry.exampleFeatures")
