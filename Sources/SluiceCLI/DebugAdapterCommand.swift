import ArgumentParser
import Foundation
import SluiceDAP
import SluiceDebugger
import SluiceReporting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sluice dap`: a Debug Adapter Protocol server over standard input and output, for an
/// editor to spawn.
struct DebugAdapterCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "dap",
      abstract: "Serve an editor's debugger over the Debug Adapter Protocol on standard input and output.",
      discussion: """
        An editor (VS Code, Neovim's nvim-dap, Helix, Emacs' dape, Zed) starts `\(SluiceCommand.programName) dap` \
        and speaks the Debug Adapter Protocol with it. `launch` starts a session on a registered feature \
        (`feature`, `virtualClock`, `script`, `session`, `stopOnEntry`); `attach` connects to a running \
        program's agent as `\(SluiceCommand.programName) attach` does (`pid`, `socket`, or `host` and `port` with `tokenFile`) and \
        relays the editor's requests to a debug adapter inside the program, each store a thread. The \
        store's history is shown as a virtual source, one line per entry, and stepping forwards and \
        backwards, `reverseContinue`, Jump to Cursor and restart frame move through it. The debug console takes every command of the shell. \
        With --listen PATH it serves one editor on a Unix socket at PATH instead, made 0600 in a directory \
        that is yours (or sticky, as /tmp): an editor that connects to a running adapter (nvim-dap's pipe \
        adapter) starts it so.
        """)
  }

  @Option(help: ArgumentHelp("Serve one editor on a Unix socket at this path, rather than on standard input and output.", valueName: "path"))
  var listen: String?

  @MainActor
  func execute(registry: FeatureRegistry, output: any ScriptOutput) async -> Int32 {
    let adapter = DebugAdapter(registry: registry)
    guard let listen else {
      return await AdapterConnection(adapter: adapter, connector: AgentConnection.relay).serve() == nil ? 0 : 1
    }
    // An editor that goes away must not end the adapter by a signal mid-write.
    signal(SIGPIPE, SIG_IGN)
    let socket: AdapterSocket
    do {
      socket = try AdapterSocket.listen(at: listen)
    } catch {
      output.write("error: \(error.message)", to: .standardError)
      return ScriptExitStatus.error.rawValue
    }
    output.write("\(SluiceCommand.programName) dap: listening on \(socket.path)", to: .standardError)
    // `accept` blocks: on a thread of its own, not the concurrency pool's.
    let accepted = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: Result { () throws(AdapterError) in try socket.acceptOne() }) }.start()
    }
    switch accepted {
    case .success(let connection):
      let handle = FileHandle(fileDescriptor: connection, closeOnDealloc: true)
      let served = AdapterConnection(adapter: adapter, input: connection, output: handle, connector: AgentConnection.relay)
      return await served.serve() == nil ? 0 : 1
    case .failure(let error):
      output.write("error: \(error.message)", to: .standardError)
      return ScriptExitStatus.error.rawValue
    }
  }
}
