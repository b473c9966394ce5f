/// The longest a script run by a test waits, in real time, for work it expects to settle, as
/// a `wait` duration: a guard that ends a hung run, never a limit a passing test comes near.
/// The binary's own default for `wait` (five seconds) is one a loaded machine could pass; a
/// busy machine must only make a test wait longer, never decide whether it passes.
let hangGuardText = "300s"
