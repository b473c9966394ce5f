/// The longest a test waits, in real time, for something it expects to happen (a prompt,
/// output, a process's exit): a guard that ends a hung test instead of stalling the suite,
/// never a limit a passing test comes near. A busy machine only makes a test wait longer; it
/// never decides whether the test passes.
let hangGuard: Duration = .seconds(300)

/// ``hangGuard`` as a command's duration, for `wait` in the `sluice` binary, whose own default
/// (five seconds) a loaded machine could pass.
let hangGuardText = "300s"
