/// The part of a byte string that is valid UTF-8, for messages that point at where it stops.
package enum UTF8Prefix {
  /// How many characters the bytes before the first invalid sequence make.
  package static func validCharacterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var validLength = 0
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): validLength += UTF8.width(scalar)
      case .emptyInput, .error: break decoding
      }
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<validLength]), as: UTF8.self).count
  }
}
