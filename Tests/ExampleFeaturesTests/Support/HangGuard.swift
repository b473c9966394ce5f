/// The longest a test waits, in real time, for work it expects to finish (a test store's
/// `receive` and `finish`): a guard that ends a hung test instead of stalling the suite, never
/// a limit a passing test comes near. A busy machine only makes a test wait longer; it never
/// decides whether the test passes. A test of timing out itself passes its own short limit,
/// and waits on work that can never finish.
let hangGuard: Duration = .seconds(300)
