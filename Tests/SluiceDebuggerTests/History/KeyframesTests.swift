import Testing

@testable import SluiceDebugger

/// A history's keyframes, kept by their multiple of the interval in a deque.
@Suite struct KeyframesTests {
  @Test func keyframesAreFoundByIndexAndOnlyAtMultiplesOfTheInterval() {
    var keyframes = Keyframes<String>(interval: 4)
    keyframes[8] = "eight"
    keyframes[12] = "twelve"
    keyframes[13] = "not a keyframe"
    #expect(keyframes[8] == "eight")
    #expect(keyframes[12] == "twelve")
    #expect(keyframes[13] == nil)
    #expect(keyframes[4] == nil)
    #expect(keyframes[16] == nil)
    #expect(keyframes.states.count == 2)
  }

  @Test func gapsAreLeftEmptyAndEarlierKeyframesGoInFront() {
    var keyframes = Keyframes<Int>(interval: 4)
    keyframes[8] = 8
    keyframes[20] = 20
    #expect(keyframes[12] == nil)
    #expect(keyframes[20] == 20)
    keyframes[0] = 0
    #expect(keyframes[0] == 0)
    #expect(keyframes[8] == 8)
    #expect(keyframes[20] == 20)
    keyframes[8] = 80
    #expect(keyframes[8] == 80)
  }

  @Test func forgettingTrimsEmptySlotsAtEitherEnd() {
    var keyframes = Keyframes<Int>(interval: 4)
    for index in stride(from: 4, through: 20, by: 4) { keyframes[index] = index }
    keyframes[8] = nil
    #expect(keyframes.states.count == 5)
    keyframes[4] = nil
    // The first two slots are empty now: both go.
    #expect(keyframes.states.count == 3)
    #expect(keyframes[12] == 12)
    keyframes[20] = nil
    #expect(keyframes.states.count == 2)
    #expect(keyframes[16] == 16)
    keyframes[12] = nil
    keyframes[16] = nil
    #expect(keyframes.states.isEmpty)
    keyframes[40] = 40
    #expect(keyframes[40] == 40)
    keyframes.removeAll()
    #expect(keyframes[40] == nil)
  }
}
