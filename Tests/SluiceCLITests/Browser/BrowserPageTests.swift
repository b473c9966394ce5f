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

  @Test func thePageFollowsTheShellAndItsSliderJumpsTheSession() async throws {
    let served = try await ServedSluice(["search", "--virtual-clock"])
    let page = try await PageDriver()
    try await page.open(served.address)
    #expect(try await page.eval("document.getElementById('feature').textContent") as? String == "search")

    // Actions sent from the shell's side appear in the page.
    served.send(#".queryChanged("s")"#, #".queryChanged("sw")"#, "advance 2s")
    try await page.wait("document.querySelector('.row .case[data-case=searchResponse]') !== null")
    let cases = try #require(try await page.eval("[...document.querySelectorAll('.row .case')].map(e => e.dataset.case)") as? [String])
    #expect(cases.prefix(2) == ["queryChanged", "queryChanged"])
    #expect(cases.contains("searchResponse"))
    let last = try await served.position().last
    try await page.wait("document.body.dataset.last === '\(last)'")

    // The selected action shows its state, with what it changed marked, and its diff.
    try await page.click(".row[data-index='2'] span:first-child")
    try await page.wait("document.body.dataset.selected === '2' && document.querySelector('#tree .changed') !== null")
    #expect(try await page.eval("document.querySelector('#tree .changed').dataset.path") as? String == "query")
    #expect(try await page.eval("document.getElementById('diff').textContent.includes('\"sw\"')") as? Bool == true)
    // Its lines are coloured by the kinds the answer carried: the new query inserted, the old
    // one removed.
    #expect(try await page.eval("document.querySelector('#diff .added').textContent.includes('\"sw\"')") as? Bool == true)
    #expect(try await page.eval("document.querySelector('#diff .removed').textContent.includes('\"s\"')") as? Bool == true)
    try await page.screenshot(Self.images.appendingPathComponent("serve-timeline.png"))
    // The head's columns are the rows' columns.
    let columns = "[...document.querySelectorAll(SELECTOR)].map(e => Math.round(e.getBoundingClientRect().left))"
    let headColumns = try await page.eval(columns.replacingOccurrences(of: "SELECTOR", with: "'.log-head span'")) as? [Int]
    let rowColumns = try await page.eval(columns.replacingOccurrences(of: "SELECTOR", with: "'.row[data-index=\"2\"] span'")) as? [Int]
    #expect(headColumns != nil && headColumns == rowColumns, "head \(String(describing: headColumns)), row \(String(describing: rowColumns))")

    // Dragging the slider jumps the session: the shell sees where the page is.
    try await page.drag("#slider", to: 0)
    let settled = "sluicePage.jumps.length > 0 && !sluicePage.jumping && !sluicePage.dragging"
      + " && document.getElementById('slider').value === String(sluicePage.position)"
    try await page.wait(settled)
    let dragged = try #require(try await page.eval("sluicePage.position") as? Int)
    #expect(dragged < last)
    #expect(try await served.position() == (dragged, last))
    try await page.key("ARROW_RIGHT", on: "#slider")
    try await page.wait(settled + " && sluicePage.position === \(dragged + 1)")
    #expect(try await served.position() == (dragged + 1, last))
    // The key fired the slider's `input` and then its `change`, with the same value: one jump,
    // which the shell prints once.
    let printed = served.output.lines(from: 0, to: served.output.count).filter { $0.hasSuffix("jumped to #\(dragged + 1)") }
    #expect(printed.count == 1, "\(printed)")

    // A jump typed at the shell moves the page's slider.
    _ = try await served.run("jump 2")
    try await page.wait("sluicePage.position === 2 && document.getElementById('slider').value === '2'")

    // A click on an action's case adds a breakpoint, a second click deletes it.
    try await page.click(".row[data-index='1'] .case")
    try await page.wait("document.querySelector('#breakpoints li') !== null")
    #expect(try await served.run("info breakpoints").contains { $0.contains("break on .queryChanged") })
    try await page.click(".row[data-index='1'] .case")
    try await page.wait("document.querySelector('#breakpoints li') === null")
    #expect(try await served.run("info breakpoints") == ["no breakpoints"])

    // What the user types into the filter is one word of the request, never more: a pattern
    // with a window's words in it is refused, naming it, not read as a window.
    _ = try await page.eval("document.getElementById('filter-text').value = 'queryChanged skip 1 1'")
    _ = try await page.eval("document.getElementById('filter-kind').value = 'case'")
    try await page.click("#filter button")
    try await page.wait("document.getElementById('shell-error').textContent.includes('not one word')")
    #expect(try await page.eval("document.querySelectorAll('.row .case').length") as? Int == 0)
    _ = try await page.eval("void sluicePage.filterBy({ kind: 'case', text: 'queryChanged' })")
    try await page.wait("document.body.dataset.filter === 'case queryChanged' && document.querySelectorAll('.row .case').length === 2")
    _ = try await page.eval("void sluicePage.filterBy(null)")
    try await page.wait("document.body.dataset.filter === '' && document.querySelector('.row .case[data-case=searchResponse]') !== null")

    // Jobs are bars, the debounce that "sw" cancelled marked; a bar selects the action that
    // started it.
    try await page.wait("document.querySelector('.job-bar[data-parent]') !== null")
    #expect(try await page.eval("document.querySelector('.job-bar.cancelled') !== null") as? Bool == true)
    let parent = try #require(try await page.eval("document.querySelector('.job-bar.finished[data-parent]').dataset.parent") as? String)
    try await page.click(".job-bar.finished[data-parent]")
    try await page.wait("document.body.dataset.selected === '\(parent)' && document.querySelector('.job-bar.selected') !== null")
    // The jobs' times are the session's virtual ones, and an axis labels them.
    #expect(try await page.eval("document.getElementById('jobs-clock').textContent") as? String == "virtual time; ")
    let ticks = try #require(try await page.eval("[...document.querySelectorAll('#jobs-axis .tick')].map(e => e.textContent)") as? [String])
    #expect(ticks.count >= 2 && ticks.allSatisfy { $0.hasSuffix("s") }, "\(ticks)")
    try await page.screenshot(Self.images.appendingPathComponent("serve-jobs.png"))
  }

  /// A value's context menu in the state tree asks `why` it is so, as of the entry shown: the
  /// answer names its setter, which a click selects.
  @Test func aValuesContextMenuSaysWhereItCameFrom() async throws {
    let served = try await ServedSluice(["counter", "--virtual-clock"])
    let page = try await PageDriver()
    try await page.open(served.address)
    served.send(".increment", ".setStep(5)", ".increment")
    try await page.wait("document.body.dataset.last === '3'")
    try await page.click(".row[data-index='3'] span:first-child")
    try await page.wait("document.body.dataset.selected === '3' && document.querySelector('#tree [data-path=step]') !== null")
    #expect(try await page.eval("document.getElementById('why').hidden") as? Bool == true)
    let menu = "new MouseEvent('contextmenu', { bubbles: true, cancelable: true })"
    _ = try await page.eval("void document.querySelector('#tree [data-path=step]').dispatchEvent(\(menu))")
    try await page.wait("!document.getElementById('why').hidden && document.getElementById('why').textContent.includes('set by #2')")
    #expect(try await page.eval("document.querySelector('#why .added').textContent.includes('5')") as? Bool == true)
    try await page.screenshot(Self.images.appendingPathComponent("serve-why.png"))
    try await page.click("#why .setter")
    try await page.wait("document.body.dataset.selected === '2' && document.getElementById('why').hidden")
  }

  /// A case's context menu in the log makes a log point on it: the form starts with the paths
  /// the entry changed, and the answer lists the values before each entry of that case.
  @Test func aCasesContextMenuMakesALogPoint() async throws {
    let served = try await ServedSluice(["counter", "--virtual-clock"])
    let page = try await PageDriver()
    try await page.open(served.address)
    served.send(".increment", ".setStep(5)", ".increment")
    try await page.wait("document.body.dataset.last === '3'")
    #expect(try await page.eval("document.getElementById('trace-form').hidden") as? Bool == true)
    let menu = "new MouseEvent('contextmenu', { bubbles: true, cancelable: true })"
    _ = try await page.eval("void document.querySelector(\".row[data-index='3'] .case\").dispatchEvent(\(menu))")
    try await page.wait("!document.getElementById('trace-form').hidden")
    #expect(try await page.eval("document.getElementById('trace-paths').value") as? String == "count")
    _ = try await page.eval("void (document.getElementById('trace-paths').value = 'count step')")
    try await page.click("#trace-form button")
    try await page.wait("!document.getElementById('trace').hidden && document.getElementById('trace').textContent.includes('#3 .increment')")
    let shown = try await page.eval("document.getElementById('trace').textContent") as? String ?? ""
    #expect(shown.contains("#1 .increment  count = 0, step = 1") && shown.contains("#3 .increment  count = 1, step = 5"), "\(shown)")
    try await page.wait("document.getElementById('breakpoints').textContent.includes('trace increment print count step')")
    try await page.screenshot(Self.images.appendingPathComponent("serve-trace.png"))
    try await page.click("#trace .setter")
    try await page.wait("document.body.dataset.selected === '1'")
  }

  /// A what-if at the shell keeps the original timeline: the page draws it under the slider
  /// on the same scale, marked where the timeline forks from it, and forgets it once the
  /// original is restored.
  @Test func theOriginalTimelineIsDrawnBesideTheSliderAfterAWhatIf() async throws {
    let served = try await ServedSluice(["counter", "--virtual-clock"])
    let page = try await PageDriver()
    try await page.open(served.address)
    served.send(".increment", ".setStep(5)", ".increment", ".increment")
    try await page.wait("document.body.dataset.last === '4'")
    #expect(try await page.eval("document.getElementById('original').hidden") as? Bool == true)
    served.send("replace 2 .setStep(10)")
    try await page.wait("!document.getElementById('original').hidden && document.body.dataset.fork === '2'")
    let label = try await page.eval("document.getElementById('original-label').textContent") as? String ?? ""
    #expect(label == "original to #4, forked at #2", "\(label)")
    // The timelines share entry 1: the mark is after it, a quarter of the way along 0…4.
    let left = try await page.eval("document.getElementById('fork').style.left") as? String ?? ""
    #expect(left == "25%", "\(left)")
    try await page.screenshot(Self.images.appendingPathComponent("serve-original.png"))
    served.send("original restore")
    try await page.wait("document.getElementById('original').hidden")
  }

  /// A long action keeps its title to one line, elided, the whole of it on hover, so the
  /// panes below it stay where they are.
  @Test func aLongActionKeepsItsTitleToOneLine() async throws {
    let served = try await ServedSluice(["search", "--virtual-clock"])
    let page = try await PageDriver()
    // Without `&testHooks` in its address the page keeps its state to itself.
    try await page.open(served.address, testHooks: false)
    try await page.wait("document.getElementById('feature').textContent === 'search'")
    #expect(try await page.eval("typeof window.sluicePage") as? String == "undefined")
    let long = String(repeating: "swift ", count: 40)
    served.send(#".queryChanged("\#(long)")"#)
    try await page.wait("document.querySelector('.row[data-index=\"1\"] .case') !== null")
    try await page.click(".row[data-index='1'] span:first-child")
    try await page.wait("document.body.dataset.selected === '1'")
    let title = "document.getElementById('entry-title')"
    #expect(try await page.eval("\(title).scrollWidth > \(title).clientWidth") as? Bool == true, "the title is elided")
    #expect(try await page.eval("\(title).getBoundingClientRect().height < 30") as? Bool == true, "the title is one line")
    #expect(try await page.eval("\(title).title.includes('\(long.trimmingCharacters(in: .whitespaces))')") as? Bool == true)
  }

  @Test func aCycleWarningShowsItsChainAndLeadsToItsActions() async throws {
    let served = try await ServedSluice(["pingpong", "--virtual-clock", "--cycle-policy", "warn"])
    let page = try await PageDriver()
    try await page.open(served.address)
    served.send(".ping", "advance 2s", ".stop", "advance 20ms")
    try await page.wait("document.querySelector('#cycles .cycle') !== null")
    #expect(try await page.eval("document.querySelector('#cycles .repeated').textContent") as? String == ".pong")
    try await page.screenshot(Self.images.appendingPathComponent("serve-cycle.png"))
    try await page.click("#cycles .cycle")
    try await page.wait("document.body.dataset.filter === 'case pong' && document.querySelector('.row') !== null")
    let cases = try #require(try await page.eval("[...document.querySelectorAll('.row .case')].map(e => e.dataset.case)") as? [String])
    #expect(!cases.isEmpty && cases.allSatisfy { $0 == "pong" })
    try await page.wait("document.getElementById('entry-title').textContent.includes('.pong')")
  }

  @Test func aHundredThousandActionSessionLoadsAndJumpsWithoutSendingTheHistory() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write(
      "long.sluice", (["set history limit 200000", "set diff off"] + Array(repeating: ".increment", count: 100_000)).joined(separator: "\n"))
    let served = try await ServedSluice(["counter", "-x", script])
    #expect(served.output.waitForLine { $0.hasPrefix("#100000 ") } != nil, "the long session was not built")
    let page = try await PageDriver()
    try await page.open(served.address)
    try await page.wait("document.body.dataset.last === '100000'")
    let loaded = try #require(try await page.eval("sluicePage.loadMs") as? Double)
    let drawn = try #require(try await page.eval("document.querySelectorAll('.row').length") as? Int)
    #expect(drawn < 100, "the log draws only the rows in view")
    try await page.drag("#slider", to: 0.3)
    try await page.wait("sluicePage.jumps.length > 0 && !sluicePage.jumping && !sluicePage.dragging")
    let jumps = try #require(try await page.eval("sluicePage.jumps.map(j => j.ms)") as? [Double])
    let position = try #require(try await page.eval("sluicePage.position") as? Int)
    #expect(try await served.position() == (position, 100_000))

    // A filter every entry matches: the page asks for the rows in view and the count, not
    // for 100,000 entries; then a scroll to the middle of the matches.
    _ = try await page.eval("void sluicePage.filterBy({ kind: 'case', text: 'increment' })")
    try await page.wait("sluicePage.filters.length > 0 && document.querySelector('.row .case') !== null")
    let filtered = try #require(try await page.eval("sluicePage.filters[0].ms") as? Double)
    #expect(try await page.eval("document.getElementById('log-note').textContent") as? String == "100000 entries match")
    #expect(try #require(try await page.eval("document.querySelectorAll('.row').length") as? Int) < 100)
    _ = try await page.eval("document.getElementById('log-viewport').scrollTop = 50000 * 22")
    try await page.wait("document.querySelector('.row[data-index=\"50001\"] .case') !== null")
    let scrolled = try #require(try await page.eval("sluicePage.logDrawnMs") as? Double)
    let rows = try #require(try await page.eval("[...document.querySelectorAll('.row')].map(r => Number(r.dataset.index))") as? [Int])
    #expect(rows.first == 50001, "the rows in view are the matches at the scrolled place")

    // The same filter applied at the present, where the page follows the last matches.
    _ = try await page.eval("void sluicePage.filterBy(null)")
    try await page.wait("sluicePage.filters.length > 1")
    _ = try await served.run("jump 100000")
    try await page.wait("sluicePage.position === 100000")
    _ = try await page.eval("void sluicePage.filterBy({ kind: 'case', text: 'increment' })")
    try await page.wait("sluicePage.filters.length > 2 && document.querySelector('.row[data-index=\"100000\"] .case') !== null")
    let atThePresent = try #require(try await page.eval("sluicePage.filters[2].ms") as? Double)

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

    let page = try await PageDriver()
    try await page.open(address)
    try await page.wait("document.body.dataset.feature === 'counter' && document.body.dataset.last === '3'")
    // The slider jumps the program's store: the attached shell's prompt follows.
    try await page.drag("#slider", to: 0)
    try await page.wait("sluicePage.jumps.length > 0 && !sluicePage.jumping && !sluicePage.dragging"
      + " && document.getElementById('slider').value === String(sluicePage.position)")
    let position = try #require(try await page.eval("sluicePage.position") as? Int)
    #expect(position < 3)
    await session.reader.promptShown("(sluice@sluice-attach-example counter @\(position)/3) ")
    // Figures for the report, not assertions: every request travels through the program.
    let loaded = try await page.eval("sluicePage.loadMs") as? Double ?? 0
    let jumps = try await page.eval("sluicePage.jumps.map(j => j.ms)") as? [Double] ?? []
    print("attached page: drawn \(Int(loaded)) ms after navigation; slider jump \(jumps.map { Int($0) }) ms (jump, answer and redraw)")
    try await page.screenshot(Self.images.appendingPathComponent("attach-timeline.png"))

    // `use` at the shell moves the page to the other store.
    session.reader.type(.line("use checkout"))
    await session.reader.nextRead()
    try await page.wait("document.body.dataset.feature === 'checkout'")
    let feature = try await page.eval("document.getElementById('feature').textContent") as? String
    #expect(feature == "checkout")
    #expect(await session.detach() == 0)
  }
}
