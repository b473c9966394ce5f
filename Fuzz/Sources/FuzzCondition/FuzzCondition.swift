import CFuzzDriver
import SluiceDebugger

/// The program's entry point (see CFuzzDriver.h).
@_cdecl("FuzzCondition_main")
func fuzzConditionMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  SluiceFuzzMain(argc, argv, fuzzCondition)
}

/// State paths and conditions: parsed, then looked up and evaluated on a state with
/// arrays, dictionaries, optionals, enums and tuples.
func fuzzCondition(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let path = try? StatePath(parsing: text) {
    _ = try? path.value(in: FuzzState.sample)
    // A parsed path prints as text that parses to the same path.
    guard (try? StatePath(parsing: path.description)) == path else {
      fatalError("'\(path)' from '\(text)' does not parse back")
    }
  }
  if let condition = try? StateCondition(parsing: text) {
    _ = try? condition.isSatisfied(by: FuzzState.sample)
  }
  return 0
}

struct FuzzState {
  struct Todo {
    var id: Int
    var title: String
    var isDone: Bool
  }

  enum Phase {
    case idle
    case loading(progress: Double)
    case failed(String)
  }

  var count = 3
  var todos = [Todo(id: 1, title: "Milk", isDone: false), Todo(id: 2, title: "Tea", isDone: true)]
  var settings = ["theme": "dark", "": "empty"]
  var scores: [Int: [UInt8]] = [1: [1, 2], -3: []]
  var user: (name: String, age: Int?)? = ("Ada", nil)
  var phase = Phase.loading(progress: 0.5)
  var tags: Set<String> = ["home", "work"]

  static let sample = FuzzState()
}
