/// Calls `body` with `value`, isolated to `actor`: how code that runs anywhere (a job's
/// task, a waiting ``StoreTask``) reaches what lives on a store's actor. Awaited from
/// elsewhere, the call hops to the actor and back.
func call<Value: Sendable, Result: Sendable>(
  _ body: @Sendable (Value) -> Result, with value: Value, on actor: isolated any Actor
) -> Result {
  body(value)
}
