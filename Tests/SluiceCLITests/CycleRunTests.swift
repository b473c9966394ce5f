import Foundation
import SluiceReporting
import Testing

/// `sluice run` fails a looping script instead of hanging: the detector breaks the chain,
/// the cycle is reported, and the exit status is 1, under either clock.
@Suite struct CycleRunTests {
  @Test(arguments: [["--virtual-clock"], []])
  func aLoopingScriptExitsOneWithTheCycleReported(clock: [String]) async throws {
    let result = try await SluiceProcess.run(
      ["run", "--feature", "pingpong"] + clock + ["-"],
      input: """
        .ping
        \(clock.isEmpty ? "wait \(hangGuardText)" : "advance 2s")
        expect isRunning == true

        """)
    #expect(result.status == 1, "\(result.standardOutput)\n\(result.standardError)")
    #expect(result.standardOutput.contains("cycle detected"))
    #expect(result.standardOutput.contains(".ping →(effect 'send pong')→ .pong →(effect 'send ping')→ .ping"))
    #expect(result.standardOutput.contains("the cycle detector stopped 1 cycle"))
  }

  @Test func theWarnPolicyReportsWithoutFailing() async throws {
    let result = try await SluiceProcess.run(
      ["run", "--feature", "pingpong", "--virtual-clock", "--cycle-policy", "warn", "-"],
      input: ".ping\nadvance 2s\n.stop\nadvance 20ms\nexpect isRunning == false\n")
    #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
    #expect(result.standardOutput.components(separatedBy: "cycle detected").count == 2, "one report, not one per warning")
    #expect(result.standardOutput.contains("seen"))
  }

  @Test func aWaitThatTimesOutWithWorkRunningFailsUnlessAllowed() async throws {
    let failing = try await SluiceProcess.run(
      ["run", "--feature", "pingpong", "--cycle-policy", "warn", "--cycle-limit", "off", "--cycle-depth", "off", "-"],
      input: ".ping\nwait 200ms\n.stop\n")
    #expect(failing.status == 1, "\(failing.standardOutput)\n\(failing.standardError)")
    #expect(failing.standardError.contains("still running after 200ms: send"))

    let allowed = try await SluiceProcess.run(
      ["run", "--feature", "pingpong", "--cycle-policy", "warn", "--cycle-limit", "off", "--cycle-depth", "off", "-"],
      input: ".ping\nwait --allow-running 200ms\n.stop\n")
    #expect(allowed.status == 0, "\(allowed.standardOutput)\n\(allowed.standardError)")
  }

  @Test func badCycleOptionsAreUsageErrors() async throws {
    let result = try await SluiceProcess.run(["run", "--cycle-policy", "sometimes", "-"], input: "")
    #expect(result.status != 0)
    #expect(result.standardError.contains("cycle-policy"))
  }
}

/// A script that declares what it needs runs without options on the command line.
@Suite struct ScriptHeaderRunTests {
  @Test func aScriptDeclaresTheVirtualClockAndItsFeature() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-header-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("todos.sluice")
    try "# sluice: --virtual-clock --feature todos\n.load\nadvance 500ms\nexpect todos.count == 3\n"
      .write(to: script, atomically: true, encoding: .utf8)
    let bad = folder.appendingPathComponent("bad.sluice")
    try "# sluice: --wobble\n.load\n".write(to: bad, atomically: true, encoding: .utf8)

    let good = try await SluiceProcess.run(["run", script.path])
    #expect(good.status == 0, "\(good.standardOutput)\(good.standardError)")
    let refused = try await SluiceProcess.run(["run", bad.path])
    #expect(refused.status == 2)
    #expect(refused.standardError.contains("--wobble"))
  }
}

/// Issue 27: a script on standard input declares what it needs as a file does, whether it
/// comes through `run -` or through the shell's pipe.
@Suite struct StandardInputHeaderTests {
  @Test(arguments: [["run", "-"], ["--no-init"]])
  func theHeaderOfAScriptOnStandardInputIsHonoured(arguments: [String]) async throws {
    let result = try await SluiceProcess.run(
      arguments, input: "# sluice: --virtual-clock --feature todos\n\n.load\nadvance 500ms\nexpect todos.count == 3\n")
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    #expect(result.standardOutput.contains("✓ expect todos.count == 3"), "\(result.standardOutput)")
  }

  @Test func aBadHeaderOnStandardInputIsAUsageError() async throws {
    let result = try await SluiceProcess.run(["run", "-"], input: "# sluice: --wobble\n.increment\n")
    #expect(result.status == 2)
    #expect(result.standardError.contains("<stdin>: the `# sluice:` line declares --wobble"), "\(result.standardError)")
  }
}
