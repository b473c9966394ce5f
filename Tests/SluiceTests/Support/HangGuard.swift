/// The longest a test waits, in real time, for work it expects to finish: a guard that ends a
/// hung test instead of stalling the suite, never a limit a passing test comes near. Tests
/// run in parallel on a busy machine starve the main actor for seconds at a time; that only
/// makes a test wait longer, it never decides whether it passes.
let hangGuard: Duration = .seconds(300)
