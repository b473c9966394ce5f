import Foundation
import PageClient
import Testing

/// `sluice serve`'s page in headless Chromium: actions sent from the shell's side appear in
/// it, its slider jumps the session the shell sees, a job bar selects the action that started
/// it, a click on a case adds and removes a breakpoint, and a cycle warning shows its chain.
/// Screenshots go to `.build/browser-screenshots`, or with `SLUICE_UPDATE_SCREENSHOTS=1` to
/// Docs/images, where README shows them: a test run never changes the repository's files.
/// A 100,000-action session's load,
/// slider move, and a filter that matches every entry are measured and printed, never
/// asserted on (the machine is busy).
///
/// Enabled only where Debian's chromium and chromium-driver and selenium are installed, as
/// Scripts/test installs them: elsewhere the browser cannot run at all.
@Suite(.serialized, .enabled(if: PageDriver.isAvailable, "needs chromium, chromium-driver and selenium (Scripts/test installs them)"))
struct BrowserPageTests {
  static let images: URL = {
    let updates = ProcessInfo.processInfo.environment["SLUICE_UPDATE_SCREENSHOTS"] == "1"
    let folder = SluiceProcess.packageRoot.appendingPathComponent(updates ? "Docs/images" : ".build/browser-screenshots")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }()

  @Test func thePageFollowsTheShellAndItsSliderJumpsTheSession() throws {
    let served = try ServedSluice(["search", "--virtual-clock"])
    let page = try PageDriver()
    try page.open(served.address)
    #expect(try page.eval("document.getElementById('feature').textContent") as? String == "search")

    // Actions sent from the shell's side appear in the page.
    served.send(#".queryChanged("s")"#, #".queryChanged("sw")"#, "advance 2s")
    try page.wait("document.querySelector('.row .case[data-case=searchResponse]') !== null")
    let cases = try #require(try page.eval("[...document.querySelectorAll('.row .case')].map(e => e.dataset.case)") as? [String])
    #expect(cases.prefix(2) == ["queryChanged", "queryChanged"])
    #expect(cases.contains("searchResponse"))
    let last = try served.position().last
    try page.wait("document.body.dataset.last === '\(last)'")

    // The selected action shows its state, with what it changed marked, and its diff.
    try page.click(".row[data-index='2'] span:first-child")
    try page.wait("document.body.dataset.selected === '2' && document.querySelector('#tree .changed') !== null")
    #expect(try page.eval("document.querySelector('#tree .changed').dataset.path") as? String == "query")
    #expect(try page.eval("document.getElementById('diff').textContent.includes('\"sw\"')") as? Bool == true)
    // Its lines are coloured by the kinds the answer carried: the new query inserted, the old
    // one removed.
    #expect(try page.eval("document.querySelector('#diff .added').textContent.includes('\"sw\"')") as? Bool == true)
    #expect(try page.eval("document.querySelector('#diff .removed').textContent.includes('\"s\"')") as? Bool == true)
    try page.screenshot(Self.images.appendingPathComponent("serve-timeline.png"))
    // The head's columns are the rows' columns.
    let columns = "[...document.querySelectorAll(SELECTOR)].map(e => Math.round(e.getBoundingClientRect().left))"
    let headColumns = try page.eval(columns.replacingOccurrences(of: "SELECTOR", with: "'.log-head span'")) as? [Int]
    let rowColumns = try page.eval(columns.replacingOccurrences(of: "SELECTOR", with: "'.row[data-index=\"2\"] span'")) as? [Int]
    #expect(headColumns != nil && headColumns == rowColumns, "head \(String(describing: headColumns)), row \(String(describing: rowColumns))")

    // Dragging the slider jumps the session: the shell sees where the page is.
    try page.drag("#slider", to: 0)
    let settled = "sluicePage.jumps.length > 0 && !sluicePage.jumping && !sluicePage.dragging"
      + " && document.getElementById('slider').value === String(sluicePage.position)"
    try page.wait(settled)
    let dragged = try #require(try page.eval("sluicePage.position") as? Int)
    #expect(dragged < last)
    #expect(try served.position() == (dragged, last))
    try page.key("ARROW_RIGHT", on: "#slider")
    try page.wait(settled + " && sluicePage.position === \(dragged + 1)")
    #expect(try served.position() == (dragged + 1, last))
    // The key fired the slider's `input` and then its `change`, with the same value: one jump,
    // which the shell prints once.
    let printed = served.output.lines(from: 0, to: served.output.count).filter { $0.hasSuffix("jumped to #\(dragged + 1)") }
    #expect(printed.count == 1, "\(printed)")

    // A jump typed at the shell moves the page's slider.
    _ = try served.run("jump 2")
    try page.wait("sluicePage.position === 2 && document.getElementById('slider').value === '2'")

    // A click on an action's case adds a breakpoint, a second click deletes it.
    try page.click(".row[data-index='1'] .case")
    try page.wait("document.querySelector('#breakpoints li') !== null")
    #expect(try served.run("info breakpoints").contains { $0.contains("break on .queryChanged") })
    try page.click(".row[data-index='1'] .case")
    try page.wait("document.querySelector('#breakpoints li') === null")
    #expect(try served.run("info breakpoints") == ["no breakpoints"])

    // What the user types into the filter is one word of the request, never more: a pattern
    // with a window's words in it is refused, naming it, not read as a window.
    _ = try page.eval("document.getElementById('filter-text').value = 'queryChanged skip 1 1'")
    _ = try page.eval("document.getElementById('filter-kind').value = 'case'")
    try page.click("#filter button")
    try page.wait("document.getElementById('shell-error').textContent.includes('not one word')")
    #expect(try page.eval("document.querySelectorAll('.row .case').length") as? Int == 0)
    _ = try page.eval("void sluicePage.filterBy({ kind: 'case', text: 'queryChanged' })")
    try page.wait("document.body.dataset.filter === 'case queryChanged' && document.querySelectorAll('.row .case').length === 2")
    _ = try page.eval("void sluicePage.filterBy(null)")
    try page.wait("document.body.dataset.filter === '' && document.querySelector('.row .case[data-case=searchResponse]') !== null")

    // Jobs are bars, the debounce that "sw" cancelled marked; a bar selects the action that
    // started it.
    try page.wait("document.querySelector('.job-bar[data-parent]') !== null")
    #expect(try page.eval("document.querySelector('.job-bar.cancelled') !== null") as? Bool == true)
    let parent = try #require(try page.eval("document.querySelector('.job-bar.finished[data-parent]').dataset.parent") as? String)
    try page.click(".job-bar.finished[data-parent]")
    try page.wait("document.body.dataset.selected === '\(parent)' && document.querySelector('.job-bar.selected') !== null")
    // The jobs' times are the session's virtual ones, and an axis labels them.
    #expect(try page.eval("document.getElementById('jobs-clock').textContent") as? String == "virtual time; ")
    let ticks = try #require(try page.eval("[...document.querySelectorAll('#jobs-axis .tick')].map(e => e.textContent)") as? [String])
    #expect(ticks.count >= 2 && ticks.allSatisfy { $0.hasSuffix("s") }, "\(ticks)")
    try page.screenshot(Self.images.appendingPathComponent("serve-jobs.png"))
  }

  /// A long action keeps its title to one line, elided, the whole of it on hover, so the
  /// panes below it stay where they are.
  @Test func aLongActionKeepsItsTitleToOneLine() throws {
    let served = try ServedSluice(["search", "--virtual-clock"])
    let page = try PageDriver()
    // Without `&testHooks` in its address the page keeps its state to itself.
    try page.open(served.address, testHooks: false)
    try page.wait("document.getElementById('feature').textContent === 'search'")
    #expect(try page.eval("typeof window.sluicePage") as? String == "undefined")
    let long = String(repeating: "swift ", count: 40)
    served.send(#".queryChanged("\#(long)")"#)
    try page.wait("document.querySelector('.row[data-index=\"1\"] .case') !== null")
    try page.click(".row[data-index='1'] span:first-child")
    try page.wait("document.body.dataset.selected === '1'")
    let title = "document.getElementById('entry-title')"
    #expect(try page.eval("\(title).scrollWidth > \(title).clientWidth") as? Bool == true, "the title is elided")
    #expect(try page.eval("\(title).getBoundingClientRect().height < 30") as? Bool == true, "the title is one line")
    #expect(try page.eval("\(title).title.includes('\(long.trimmingCharacters(in: .whitespaces))')") as? Bool == true)
  }

  @Test func aCycleWarningShowsItsChainAndLeadsToItsActions() throws {
    let served = try ServedSluice(["pingpong", "--virtual-clock", "--cycle-policy", "warn"])
    let page = try PageDriver()
    try page.open(served.address)
    served.send(".ping", "advance 2s", ".stop", "advance 20ms")
    try page.wait("document.querySelector('#cycles .cycle') !== null")
    #expect(try page.eval("document.querySelector('#cycles .repeated').textContent") as? String == ".pong")
    try page.screenshot(Self.images.appendingPathComponent("serve-cycle.png"))
    try page.click("#cycles .cycle")
    try page.wait("document.body.dataset.filter === 'case pong' && document.querySelector('.row') !== null")
    let cases = try #require(try page.eval("[...document.querySelectorAll('.row .case')].map(e => e.dataset.case)") as? [String])
    #expect(!cases.isEmpty && cases.allSatisfy { $0 == "pong" })
    try page.wait("document.getElementById('entry-title').textContent.includes('.pong')")
  }

  @Test func aHundredThousandActionSessionLoadsAndJumpsWithoutSendingTheHistory() throws {
    let folder = try ScriptFolder()
    let script = try folder.write(
      "long.sluice", (["set history limit 200000", "set diff off"] + Array(repeating: ".increment", count: 100_000)).joined(separator: "\n"))
    let served = try ServedSluice(["counter", "-x", script])
    #expect(served.output.waitForLine { $0.hasPrefix("#100000 ") } != nil, "the long session was not built")
    let page = try PageDriver()
    try page.open(served.address)
    try page.wait("document.body.dataset.last === '100000'")
    let loaded = try #require(try page.eval("sluicePage.loadMs") as? Double)
    let drawn = try #require(try page.eval("document.querySelectorAll('.row').length") as? Int)
    #expect(drawn < 100, "the log draws only the rows in view")
    try page.drag("#slider", to: 0.3)
    try page.wait("sluicePage.jumps.length > 0 && !sluicePage.jumping && !sluicePage.dragging")
    let jumps = try #require(try page.eval("sluicePage.jumps.map(j => j.ms)") as? [Double])
    let position = try #require(try page.eval("sluicePage.position") as? Int)
    #expect(try served.position() == (position, 100_000))

    // A filter every entry matches: the page asks for the rows in view and the count, not
    // for 100,000 entries; then a scroll to the middle of the matches.
    _ = try page.eval("void sluicePage.filterBy({ kind: 'case', text: 'increment' })")
    try page.wait("sluicePage.filters.length > 0 && document.querySelector('.row .case') !== null")
    let filtered = try #require(try page.eval("sluicePage.filters[0].ms") as? Double)
    #expect(try page.eval("document.getElementById('log-note').textContent") as? String == "100000 entries match")
    #expect(try #require(try page.eval("document.querySelectorAll('.row').length") as? Int) < 100)
    _ = try page.eval("document.getElementById('log-viewport').scrollTop = 50000 * 22")
    try page.wait("document.querySelector('.row[data-index=\"50001\"] .case') !== null")
    let scrolled = try #require(try page.eval("sluicePage.logDrawnMs") as? Double)
    let rows = try #require(try page.eval("[...document.querySelectorAll('.row')].map(r => Number(r.dataset.index))") as? [Int])
    #expect(rows.first == 50001, "the rows in view are the matches at the scrolled place")

    // The same filter applied at the present, where the page follows the last matches.
    _ = try page.eval("void sluicePage.filterBy(null)")
    try page.wait("sluicePage.filters.length > 1")
    _ = try served.run("jump 100000")
    try page.wait("sluicePage.position === 100000")
    _ = try page.eval("void sluicePage.filterBy({ kind: 'case', text: 'increment' })")
    try page.wait("sluicePage.filters.length > 2 && document.querySelector('.row[data-index=\"100000\"] .case') !== null")
    let atThePresent = try #require(try page.eval("sluicePage.filters[2].ms") as? Double)

    // Figures for the report, not assertions: the machine running the tests is shared.
    print("100000-action session: page drawn \(Int(loaded)) ms after navigation; \(jumps.count) slider jumps,"
      + " slowest \(Int(jumps.max() ?? 0)) ms, last \(Int(jumps.last ?? 0)) ms (jump, answer and redraw);"
      + " filter `case increment` (100000 matches) applied and drawn in \(Int(filtered)) ms after a jump,"
      + " \(Int(atThePresent)) ms at the present; scrolled to its middle and drawn in \(Int(scrolled)) ms")
  }

  /// `ui` in `sluice attach`: the page answered by the program, following the attached shell.
  @MainActor
  @Test func thePageOnAnAttachedProgramJumpsItsStoreAndFollowsUse() async throws {
    let program = try ExampleProgram()
    let session = try AttachedPageTests.AttachedSession(program: program)
    for _ in 0..<3 { await session.type(".increment") }
    await session.type("ui")
    await session.reader.nextRead()
    let announced = try #require(session.lines.first { $0.hasPrefix("the session's timeline: ") })
    let address = String(announced.dropFirst("the session's timeline: ".count))

    let page = try await offMainActor {
      let page = try PageDriver()
      try page.open(address)
      try page.wait("document.body.dataset.feature === 'counter' && document.body.dataset.last === '3'")
      return page
    }
    // The slider jumps the program's store: the attached shell's prompt follows.
    let position = try await offMainActor {
      try page.drag("#slider", to: 0)
      try page.wait("sluicePage.jumps.length > 0 && !sluicePage.jumping && !sluicePage.dragging"
        + " && document.getElementById('slider').value === String(sluicePage.position)")
      return try #require(try page.eval("sluicePage.position") as? Int)
    }
    #expect(position < 3)
    await session.reader.promptShown("(sluice@sluice-attach-example counter @\(position)/3) ")
    // Figures for the report, not assertions: every request travels through the program.
    let (loaded, jumps) = try await offMainActor {
      (try page.eval("sluicePage.loadMs") as? Double ?? 0, try page.eval("sluicePage.jumps.map(j => j.ms)") as? [Double] ?? [])
    }
    print("attached page: drawn \(Int(loaded)) ms after navigation; slider jump \(jumps.map { Int($0) }) ms (jump, answer and redraw)")
    try await offMainActor { try page.screenshot(Self.images.appendingPathComponent("attach-timeline.png")) }

    // `use` at the shell moves the page to the other store.
    session.reader.type(.line("use checkout"))
    await session.reader.nextRead()
    let feature = try await offMainActor {
      try page.wait("document.body.dataset.feature === 'checkout'")
      return try page.eval("document.getElementById('feature').textContent") as? String
    }
    #expect(feature == "checkout")
    #expect(await session.detach() == 0)
  }
}
