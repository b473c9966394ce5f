import CFuzzDriver
import SluiceDebugger

/// The program's entry point (see CFuzzDriver.h).
@_cdecl("FuzzActionText_main")
func fuzzActionTextMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  SluiceFuzzMain(argc, argv, fuzzActionText)
}

/// Action text (Swift-like and JSON) through the parser and the decoder into a nested
/// `Codable` action: any bytes must give a value or an error, never a trap or a hang.
func fuzzActionText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  // Decoding parses the text first: the parser is fuzzed through it.
  _ = try? ActionText.decode(FuzzAction.self, from: text)
  return 0
}

/// An action with the shapes features use: cases with and without labels, nested enums,
/// optionals, arrays, dictionaries and numbers of several widths.
enum FuzzAction: Codable {
  case increment
  case setStep(Int)
  case add(title: String, priority: Int8?)
  case load([Item])
  case nested(Child)
  case tags(Set<String>, [String: Double])
  case wide(UInt64, Int32, Float, Bool)

  struct Item: Codable {
    var id: Int
    var title: String
    var isDone: Bool
  }

  enum Child: Codable {
    case toggle(id: Int)
    case rename(id: Int, to: String)
  }
}
