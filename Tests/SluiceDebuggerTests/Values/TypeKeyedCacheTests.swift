@testable import SluiceDebugger
import Testing

/// The per-type cache the diff and the type names share: one value per type, kept once
/// computed, and consistent when many threads ask at once.
@Suite struct TypeKeyedCacheTests {
  struct Box<Content> {}

  @Test func eachTypeKeepsTheValueFirstComputedForIt() {
    let cache = TypeKeyedCache<String>()
    #expect(cache.value(for: Int.self) { "int" } == "int")
    #expect(cache.value(for: String.self) { "string" } == "string")
    // Known now: the new computation is not used.
    #expect(cache.value(for: Int.self) { "other" } == "int")
    #expect(cache.value(for: Box<Int>.self) { "box of int" } == "box of int")
    #expect(cache.value(for: Box<String>.self) { "box of string" } == "box of string")
  }

  @Test func manyTasksAtOnceEachGetTheirTypesValue() async {
    let cache = TypeKeyedCache<String>()
    let types: [Any.Type] = [
      Int.self, String.self, Bool.self, Double.self, Box<Int>.self, Box<String>.self, Box<Bool>.self, [Int].self,
    ]
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for round in 0..<64 {
        group.addTask {
          var wrong = 0
          for offset in 0..<types.count * 8 {
            let type = types[(round + offset) % types.count]
            if cache.value(for: type, computedBy: { String(reflecting: type) }) != String(reflecting: type) {
              wrong += 1
            }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
