import CFuzzDriver
import Foundation
import FuzzFeatures
import Sluice
import SluiceDAP
import SluiceDebugger

/// The program's entry point (see CFuzzDriver.h). The adapter answers on the main actor,
/// asynchronously: libFuzzer runs on a thread of its own, each input handed to the main
/// actor and waited for, while the main thread serves the main actor's queue.
@_cdecl("FuzzDebugAdapter_main")
func fuzzDebugAdapterMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  let arguments = ProgramArguments(count: argc, values: argv)
  Thread { exit(SluiceFuzzMain(arguments.count, arguments.values, fuzzDebugAdapter)) }.start()
  dispatchMain()
}

/// The program's arguments, handed to libFuzzer's thread.
///
/// `@unchecked Sendable`: the pointers are the process's own `argv`, which lives as long as
/// the process; once handed over, only libFuzzer's thread reads them.
struct ProgramArguments: @unchecked Sendable {
  let count: CInt
  let values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
}

/// Any bytes, as an editor's stream to `sluice dap`: read through the framing in pieces whose
/// sizes the first byte picks, each body answered by an adapter launched afresh for the input
/// on a small feature. The framing never gives a body over its limit nor anything after it
/// broke; every answer is JSON messages, a response first; nothing crashes or hangs.
func fuzzDebugAdapter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 1 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let done = DispatchSemaphore(value: 0)
  Task { @MainActor in
    await DebugAdapterFuzzing.take(bytes)
    done.signal()
  }
  done.wait()
  return 0
}

@MainActor
enum DebugAdapterFuzzing {
  static let registry = FeatureRegistry([
    Feature("todos", summary: "fuzzing", initialState: FuzzTodos.State()) { _ in FuzzTodos() }
  ])

  /// A console command the fuzzer makes up may write a file (`save x`): into a folder of its
  /// own, made the working directory once libFuzzer has read its corpus folders.
  static let privateFolder: Void = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-fuzz-dap-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    FileManager.default.changeCurrentDirectoryPath(folder.path)
  }()

  static func take(_ bytes: [UInt8]) async {
    privateFolder
    let adapter = DebugAdapter(registry: registry)
    var reader = FrameReader()
    let piece = Int(bytes[0]) + 1
    var broken = false
    var offset = 1
    while offset < bytes.count {
      let end = min(offset + piece, bytes.count)
      let items = reader.take(bytes[offset..<end])
      offset = end
      if broken, !items.isEmpty { fatalError("the framing gave \(items.count) items after it broke") }
      for item in items {
        switch item {
        case .broken:
          broken = true
        case .body(let body):
          if body.count > FrameReader.maximumBodyBytes { fatalError("a body of \(body.count) bytes") }
          check(await adapter.messages(answering: body))
        }
      }
    }
  }

  /// Every message is a JSON object with a `type`; a non-empty answer begins with a response
  /// (an `attach` is answered by the program it relays to, so by nothing here).
  static func check(_ messages: [[UInt8]]) {
    for (offset, message) in messages.enumerated() {
      guard let object = try? JSONSerialization.jsonObject(with: Data(message)) as? [String: Any],
        let type = object["type"] as? String
      else { fatalError("not a DAP message: \(String(decoding: message, as: UTF8.self))") }
      if offset == 0, type != "response" { fatalError("an answer began with a \(type)") }
    }
  }
}
