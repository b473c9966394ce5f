import Testing

/// Every test that drives libedit or the `sluice` binary through a pseudo-terminal, one at
/// a time: libedit keeps some drawing state in globals (the file `tputs` writes to), so two
/// editors drawing at once in one process could draw on each other's terminal.
///
/// Each test gets a minute at most: a pseudo-terminal that stops answering fails its test
/// instead of hanging the run.
@Suite(.serialized, .timeLimit(.minutes(1))) struct TerminalTests {}
