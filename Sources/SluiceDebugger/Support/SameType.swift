/// `value` under `Target`, which the caller knows is `Value` itself: it compared the
/// metatypes, or opened `Target` from a cast of `Value.self`. A copy of the same value
/// under its own name, without the dynamic cast `as!` costs on a generic value; the
/// precondition keeps a caller that got it wrong from reading memory as the wrong type.
func sameValue<Value, Target>(_ value: Value, as _: Target.Type) -> Target {
  precondition(Value.self == Target.self, "\(Value.self) viewed as \(Target.self)")
  return unsafeBitCast(value, to: Target.self)
}
