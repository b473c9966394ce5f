@testable import Sluice
import Testing

/// What an ``ActorBound`` keeps alive: its value only when asked to retain it.
@MainActor
@Suite struct ActorBoundTests {
  final class Box {
    var number = 1
  }

  @Test func aRetainingBindingKeepsItsValue() {
    var box: Box? = Box()
    weak let watched = box
    let bound = ActorBound(box!, on: MainActor.shared, retaining: true)
    box = nil
    #expect(watched != nil)
    #expect(bound.value?.number == 1)
  }

  @Test func aWeakBindingLetsItsValueGo() {
    var box: Box? = Box()
    weak let watched = box
    let bound = ActorBound(box!, on: MainActor.shared)
    #expect(bound.value?.number == 1)
    box = nil
    #expect(watched == nil)
    #expect(bound.value == nil)
  }

  @Test func aRetainingBindingOpensOnItsActor() async {
    let bound = ActorBound(Box(), on: MainActor.shared, retaining: true)
    let number = await bound.withValue { $0.number }
    #expect(number == 1)
  }
}
