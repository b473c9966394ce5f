import CLibEdit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading keys: what libedit calls for the next character.
extension LineEditor {
  /// libedit's read function: the next key, or a step key when a step is queued. Waits for
  /// a key or a wake-up, whichever comes first.
  func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
    while true {
      if !steps.isEmpty {
        // Returned until the step command has taken the step: if libedit swallows the key
        // (inside an escape sequence), the next read offers it again.
        character.pointee = Self.stepKey
        return 1
      }
      if !decoded.isEmpty {
        let scalar = decoded.removeFirst()
        switch scalar.value {
        case Self.interruptByte:
          steps.append(.moveToEndForInterrupt)
        case UInt32(bitPattern: Self.stepKey):
          continue  // Reserved: typed by hand it would run a step out of turn.
        default:
          character.pointee = wchar_t(bitPattern: scalar.value)
          return 1
        }
        continue
      }
      switch waitForInput() {
      case .input:
        if let failure = readInput() { return failure }
      case .wake:
        drainWakePipe()
        if endRequested.withLock({ $0 }) {
          ending = .endOfInput
          return 0
        }
        if resizeRequested.withLock({ flag in defer { flag = false }; return flag }) {
          steps.append(.resize)
        }
        // A continuation line keeps its prompt: the main one would read as a new command.
        if let newPrompt = requestedPrompt.withLock({ prompt in defer { prompt = nil }; return prompt }),
          newPrompt != prompt, !prompt.isContinuation
        {
          setPrompt(newPrompt)
          steps.append(.redraw)
        }
        queuedOutput += output.takePending()
        if !queuedOutput.isEmpty { steps.append(.clearForOutput) }
      case .failed:
        return -1
      }
    }
  }

  enum Readiness { case input, wake, failed }

  func waitForInput() -> Readiness {
    var descriptors = [
      pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return .failed
      }
      // Wake-ups first: output waiting to be shown matters more than the next key.
      if descriptors[1].revents != 0 { return .wake }
      if descriptors[0].revents != 0 { return .input }
    }
  }

  /// Reads the bytes available and decodes them; returns libedit's answer when input has
  /// ended (0) or failed (-1).
  func readInput() -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = bytes.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
    if count == 0 { return 0 }
    if count < 0 {
      if errno == EINTR || errno == EAGAIN { return nil }
      return -1
    }
    for byte in bytes[0..<count] { decoded += decoder.decode(byte) }
    return nil
  }

  func drainWakePipe() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while bytes.withUnsafeMutableBytes({ read(wakeReader, $0.baseAddress, $0.count) }) > 0 {}
  }
}
