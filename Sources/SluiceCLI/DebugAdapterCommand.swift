import ArgumentParser
import SluiceDAP
import SluiceDebugger

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
        (`feature`, `virtualClock`, `script`, `session`, `stopOnEntry`); the store's history is shown as a \
        virtual source, one line per entry, and stepping forwards and backwards, `reverseContinue`, \
        Jump to Cursor and restart frame move through it. The debug console takes every command of the shell.
        """)
  }

  @MainActor
  func execute(registry: FeatureRegistry) async -> Int32 {
    let reason = await AdapterConnection(adapter: DebugAdapter(registry: registry)).serve()
    return reason == nil ? 0 : 1
  }
}
