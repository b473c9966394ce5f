@testable import SluiceReporting
import ExampleRegistry
import Foundation
import SluiceDebugger
import Testing

@testable import SluiceShell

@MainActor
@Suite struct StatePathCompletionTests {
  private func todosWithTwoItems() throws -> any DebugSession {
    let session = try Debugger(registry: exampleFeatures).use("todos")
    try session.running.send(#".add(title: "Milk")"#, origin: .user)
    try session.running.send(#".add(title: "Tea")"#, origin: .user)
    return session
  }

  @Test func completesTopLevelProperties() throws {
    let session = try todosWithTwoItems()
    let candidates = StatePathCompletion.candidates(for: "to", in: session.inspection)
    #expect(candidates.map(\.text) == ["todos"])
    #expect(candidates.first?.isFinal == false)  // An array: `[` or `.` may follow.
    #expect(StatePathCompletion.candidates(for: "", in: session.inspection).map(\.text) == ["todos", "filter", "operations"])
  }

  @Test func completesElementsAndTheirProperties() throws {
    let session = try todosWithTwoItems()
    #expect(StatePathCompletion.candidates(for: "todos[", in: session.inspection).map(\.text) == ["todos[0]", "todos[1]"])
    let fields = StatePathCompletion.candidates(for: "todos[1].", in: session.inspection)
    #expect(fields.map(\.text).contains("todos[1].title"))
    #expect(fields.map(\.display).contains(".title"))
    let title = StatePathCompletion.candidates(for: "todos[1].ti", in: session.inspection)
    #expect(title.map(\.text) == ["todos[1].title"])
    #expect(title.first?.isFinal == true)
  }

  @Test func aPathThatLeadsNowhereHasNoCandidates() throws {
    let session = try todosWithTwoItems()
    #expect(StatePathCompletion.candidates(for: "nothing.he", in: session.inspection).isEmpty)
    #expect(StatePathCompletion.candidates(for: "todos[7].", in: session.inspection).isEmpty)
  }

  @Test(arguments: [
    ("count", "", "count"),
    ("todos[0].ti", "todos[0]", ".ti"),
    ("todos[1", "todos", "[1"),
    ("user?.na", "user?", ".na"),
    ("settings[\"a.b\"].x", "settings[\"a.b\"]", ".x"),
  ])
  func splitsAtTheLastTopLevelSeparator(path: String, parent: String, rest: String) {
    let split = StatePathCompletion.split(path)
    #expect(split.parent == parent)
    #expect(split.rest == rest)
  }
}

@Suite struct FileNameCompletionTests {
  @Test func completesFilesAndFolders() throws {
    let folder = NSTemporaryDirectory() + "sluice-files-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder + "/sessions", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: folder + "/session.json", contents: Data()))
    #expect(FileManager.default.createFile(atPath: folder + "/.hidden", contents: Data()))
    #expect(FileManager.default.createFile(atPath: folder + "/sessions/one.json", contents: Data()))

    let top = FileNameCompletion.candidates(for: "sess", in: folder)
    #expect(top.map(\.text) == ["session.json", "sessions/"])
    #expect(top.map(\.isFinal) == [true, false])
    #expect(FileNameCompletion.candidates(for: "sessions/o", in: folder).map(\.text) == ["sessions/one.json"])
    #expect(FileNameCompletion.candidates(for: "", in: folder).map(\.text) == ["session.json", "sessions/"])
    #expect(FileNameCompletion.candidates(for: ".h", in: folder).map(\.text) == [".hidden"])
    #expect(FileNameCompletion.candidates(for: folder + "/sessions/", in: "/").map(\.display) == ["one.json"])
  }
}
