// The timeline page: a client of Sluice's JSON protocol over a WebSocket. Everything it
// shows is the typed answer to a command the shell understands too (`log from 1 50`,
// `log case search* from 40 30`, `show 7`, `state at 7`, `jump 7`, `break search*`,
// `info cycles`, `jobs --all from 7 200`), asked again whenever the session sends `changed`.
// It keeps no history of its own: the log, filtered or not, and the job bars are fetched a
// window at a time and the state per selection, so a long session stays fast.
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
const rowHeight = 22;
const page = {
  first: 1, last: 0, position: 0, travelled: false, feature: "", status: "",
  selected: null, follow: true, filter: null, entries: new Map(),
  // A filter's matches: how many, and the history index of each row fetched.
  matches: { total: 0, rows: new Map(), positionRow: null },
  breakpoints: [], dragging: false, jumping: false, ready: false, loadMs: null, jumps: [], filters: [],
  jobsFrom: null,
};
// For tests and the curious: what the page measured (`performance.now()` deltas).
// Only when the address asks for it (`&testHooks`), as the browser tests' does.
if (new URLSearchParams(location.search).has("testHooks")) window.sluicePage = page;

const $ = (id) => document.getElementById(id);
let socket = null;
let nextId = 1;
const pending = new Map();

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
  socket.onopen = () => { $("connection").textContent = "live"; refresh(); };
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onclose = () => {
    $("connection").textContent = "disconnected: the shell quit or the server stopped";
    $("connection").classList.add("lost");
    for (const waiting of pending.values()) waiting.resolve({ events: [], failed: true });
    pending.clear();
  };
}

/// Sends a command request; resolves with the events that answer it.
function ask(command) {
  return new Promise((resolve) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return resolve({ events: [], failed: true });
    const id = nextId++;
    pending.set(id, { events: [], resolve });
    socket.send(JSON.stringify({ id, command }));
  });
}

function receive(event) {
  if (pass && event.id != null && event.id >= pass.firstId) pass.answered = true;
  if (event.event === "changed") return refresh(beforeItsAnswers);
  // An error that answers no request: the page itself was refused (too many pages open).
  if (event.event === "error" && event.id == null) $("shell-error").textContent = event.message;
  const waiting = event.id == null ? null : pending.get(event.id);
  if (!waiting) return;
  if (event.event === "completed") {
    pending.delete(event.id);
    waiting.resolve({ events: waiting.events, failed: event.failed });
  } else {
    waiting.events.push(event);
  }
}

const answer = (reply, name) => reply.events.find((event) => event.event === name);
function showError(reply, command) {
  const error = reply.events.find((event) => event.event === "error");
  $("shell-error").textContent = error ? `${command}: ${error.message}` : "";
  return !!error;
}

// MARK: - Refreshing

let refreshing = null;
let refreshAgain = false;

/// The refresh pass under way: the id of its first request, and whether any answer to it
/// came. The server answers one request after another, in order, and tells `changed`
/// between them, so a pass reads everything the server did before its first request began.
let pass = null;

/// A `changed` is covered by a pass none of whose answers came yet: the server told it
/// before it began the pass's first request.
const beforeItsAnswers = (pass) => pass != null && !pass.answered;
/// A command is covered by a pass whose first request was sent after it.
const sentAfter = (id) => (pass) => pass != null && pass.firstId > id;

/// Asks again for everything shown. A call while a pass is under way makes one more pass
/// unless `coveredBy` says the one under way already shows what the caller wants: a jump
/// then costs one pass, not two.
function refresh(coveredBy = () => false) {
  if (refreshing) {
    if (!coveredBy(pass)) refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      refreshAgain = false;
      await refreshOnce();
    } while (refreshAgain);
    refreshing = null;
    pass = null;
  })();
  return refreshing;
}

async function refreshOnce() {
  pass = { firstId: nextId, answered: false };
  const [settings, lastReply, firstReply] = await Promise.all([ask("info settings"), ask("log 1"), ask("log from 0 1")]);
  const current = answer(settings, "settings");
  if (current) {
    // `use` at the shell: nothing shown belongs to the new feature, so the page starts over.
    if (page.ready && current.feature !== page.feature) forgetFeature();
    page.feature = current.feature;
    page.status = current.status;
    // Jobs' times are the session's clock: say which, so that 2s is not read as real time.
    $("jobs-clock").textContent = current.virtualClock ? "virtual time; " : "real time; ";
  }
  const last = answer(lastReply, "logEntries");
  const first = answer(firstReply, "logEntries");
  page.last = last && last.entries.length ? last.entries[last.entries.length - 1].index : 0;
  page.first = first && first.entries.length ? first.entries[0].index : page.last + 1;
  page.travelled = !!(last && last.position != null);
  page.position = page.travelled ? last.position : page.last;
  page.entries.clear();
  if (page.filter) await loadFiltered();
  if (page.follow) page.selected = page.position > 0 ? page.position : null;
  drawHeader();
  await drawLog(page.follow);
  // Which listing the rows show, for whoever waits for a filter to apply.
  document.body.dataset.filter = page.filter ? `${page.filter.kind} ${page.filter.text}` : "";
  await Promise.all([drawSelected(), drawJobs(), drawCycles(), drawBreakpoints()]);
  if (!page.ready) {
    page.ready = true;
    page.loadMs = performance.now();
    document.body.dataset.ready = "true";
  }
  document.body.dataset.feature = page.feature;
  document.body.dataset.position = String(page.position);
  document.body.dataset.last = String(page.last);
}

/// Forgets what the page chose in the feature it showed: the selection, the filter, the
/// scroll; it follows the new feature's position.
function forgetFeature() {
  page.follow = true;
  page.selected = null;
  page.filter = null;
  page.filtered = null;
  $("filter-kind").value = "";
  $("filter-text").value = "";
  $("log-viewport").scrollTop = 0;
}

function drawHeader() {
  $("feature").textContent = page.feature;
  $("status").textContent = page.status;
  $("status").className = "status " + page.status;
  $("position").textContent = page.travelled ? `@${page.position}/${page.last}` : `#${page.last}`;
  const slider = $("slider");
  slider.min = String(Math.max(page.first - 1, 0));
  slider.max = String(page.last);
  if (!page.dragging) slider.value = String(page.position);
}

// MARK: - The log, a window at a time

const rowCount = () => (page.filter ? page.matches.total : Math.max(page.last - page.first + 1, 0));
const rowIndex = (row) => (page.filter ? page.matches.rows.get(row) : page.first + row);
const filterCommand = () => `log ${page.filter.kind} ${page.filter.text}`;

/// Starts a filter's listing afresh with one window that says how many entries match: at the
/// present the last matches (`log KIND TEXT N`), after a jump those from the position on
/// (`log KIND TEXT from P N`), where the list scrolls to.
async function loadFiltered() {
  page.matches = { total: 0, rows: new Map(), positionRow: null };
  const inView = Math.ceil($("log-viewport").clientHeight / rowHeight) + 2;
  const command = page.travelled ? `${filterCommand()} from ${page.position} ${inView}` : `${filterCommand()} ${inView * 2}`;
  const reply = await ask(command);
  const listed = answer(reply, "logEntries");
  const output = answer(reply, "output");
  if (showError(reply, command) || !listed || !listed.window) {
    // No entry matches: the answer is the debugger's message, which names the cases there are.
    $("log-note").textContent = output ? output.lines.join(" ") : "";
    return;
  }
  noteMatches(listed);
  page.matches.positionRow = page.travelled ? listed.window.offset : listed.window.total - 1;
  $("log-note").textContent = `${listed.window.total} entries match`;
}

/// Keeps what a filtered answer said: its entries by row (its window's offset is its first row).
function noteMatches(listed) {
  const { offset, total } = listed.window;
  page.matches.total = total;
  listed.entries.forEach((entry, row) => {
    page.matches.rows.set(offset + row, entry.index);
    page.entries.set(entry.index, entry);
  });
}

let filteredLoad = Promise.resolve();

/// Fetches the filtered rows from `start` to `end` not fetched yet, after any fetch under way:
/// the scroll a redraw causes asks for the rows that redraw is fetching, and finds them.
function loadFilteredRows(start, end) {
  filteredLoad = filteredLoad.then(() => fetchFilteredRows(start, end));
  return filteredLoad;
}

/// Fetches the rows from the first one not fetched yet to `end`, by their place among the
/// matches: `log KIND TEXT skip ROW N` answers exactly those rows.
async function fetchFilteredRows(start, end) {
  let missing = start;
  while (missing < end && page.matches.rows.has(missing)) missing++;
  if (missing >= end) return;
  const reply = await ask(`${filterCommand()} skip ${missing} ${end - missing + 20}`);
  const listed = answer(reply, "logEntries");
  if (listed && listed.window) noteMatches(listed);
}

let drawGeneration = 0;

/// Draws the rows in view, fetching those not yet fetched: with one `log from I N`, or for a
/// filter with one `log KIND TEXT skip ROW N`.
async function drawLog(scrollToPosition) {
  const generation = ++drawGeneration;
  const started = performance.now();
  const viewport = $("log-viewport");
  $("log-spacer").style.height = `${rowCount() * rowHeight}px`;
  if (scrollToPosition) {
    const row = page.filter ? page.matches.positionRow ?? -1 : page.position - page.first;
    if (row >= 0) {
      const top = row * rowHeight;
      if (top < viewport.scrollTop || top > viewport.scrollTop + viewport.clientHeight - rowHeight) {
        viewport.scrollTop = Math.max(top - viewport.clientHeight / 2, 0);
      }
    }
  }
  const start = Math.floor(viewport.scrollTop / rowHeight);
  const count = Math.min(Math.ceil(viewport.clientHeight / rowHeight) + 2, Math.max(rowCount() - start, 0));
  if (page.filter) {
    await loadFilteredRows(start, start + count);
  } else if (count > 0 && !page.entries.has(rowIndex(start + count - 1))) {
    const reply = await ask(`log from ${rowIndex(start)} ${count + 20}`);
    const listed = answer(reply, "logEntries");
    for (const entry of listed ? listed.entries : []) page.entries.set(entry.index, entry);
  }
  // A later scroll drew, or is drawing, rows nearer where the list is now.
  if (generation !== drawGeneration) return;
  if (!page.filter) $("log-note").textContent = page.last ? `${page.last - page.first + 1} entries` : "no actions yet";
  const rows = $("log-rows");
  rows.style.top = `${start * rowHeight}px`;
  rows.replaceChildren(...Array.from({ length: count }, (_, offset) => logRow(rowIndex(start + offset))));
  page.logDrawnMs = performance.now() - started;
  const first = rowIndex(start);
  // Scrolling moves the job bars' window along; a refresh draws them itself.
  if (first != null && first !== page.jobsFrom && page.ready && !refreshing) drawJobs();
}

function logRow(index) {
  const row = document.createElement("div");
  row.className = "row";
  if (index == null) {
    row.textContent = "…";
    return row;
  }
  const entry = page.entries.get(index);
  row.dataset.index = String(index);
  if (index === page.selected) row.classList.add("selected");
  if (index === page.position) row.classList.add("at-position");
  if (index > page.position) row.classList.add("future");
  if (!entry) {
    row.textContent = `#${index} …`;
    return row;
  }
  if (entry.skipped) row.classList.add("skipped");
  const cell = (text, className) => {
    const span = document.createElement("span");
    span.textContent = text;
    if (className) span.className = className;
    return span;
  };
  const caseCell = cell(entry.case, "case");
  caseCell.dataset.case = entry.case;
  caseCell.title = `${entry.action}\nclick: break on .${entry.case} (again: delete it)`;
  caseCell.style.paddingLeft = `${Math.min(entry.depth, 12) * 8}px`;
  if (breakpointOn(entry.case)) caseCell.classList.add("breakpoint");
  row.append(cell(`#${index}`), cell(entry.origin, "origin"), caseCell, cell(duration(entry.durationNanoseconds), "took"));
  row.title = entry.action + (entry.changed ? `\nchanged: ${entry.changed.join(", ")}` : "");
  return row;
}

function duration(nanoseconds) {
  if (nanoseconds < 1e3) return `${nanoseconds}ns`;
  if (nanoseconds < 1e6) return `${(nanoseconds / 1e3).toFixed(1)}µs`;
  if (nanoseconds < 1e9) return `${(nanoseconds / 1e6).toFixed(1)}ms`;
  return `${(nanoseconds / 1e9).toFixed(2)}s`;
}

$("log-viewport").addEventListener("scroll", () => drawLog(false));
$("log-rows").addEventListener("click", async (click) => {
  const caseCell = click.target.closest(".case");
  if (caseCell) return toggleBreakpoint(caseCell.dataset.case);
  const row = click.target.closest(".row");
  if (row) select(Number(row.dataset.index));
});

$("filter").addEventListener("submit", async (submit) => {
  submit.preventDefault();
  const kind = $("filter-kind").value;
  const text = $("filter-text").value.trim();
  await setFilter(kind && text ? { kind, text } : null);
});

async function setFilter(filter) {
  const started = performance.now();
  page.filter = filter;
  $("filter-kind").value = filter ? filter.kind : "";
  $("filter-text").value = filter ? filter.text : "";
  $("log-viewport").scrollTop = 0;
  await refresh();
  page.filters.push({ filter, ms: performance.now() - started });
}

// MARK: - The selected action: its state and diff

async function select(index) {
  page.follow = false;
  page.selected = index;
  await drawLog(false);
  await drawSelected();
}

async function drawSelected() {
  const index = page.selected;
  document.body.dataset.selected = index == null ? "" : String(index);
  if (index == null) {
    $("entry-title").textContent = "no action selected";
    shownTree = null;
    $("tree").replaceChildren();
    $("diff").replaceChildren();
    return;
  }
  const [shown, state] = await Promise.all([ask(`show ${index}`), ask(`state at ${index}`)]);
  const entry = answer(shown, "entry");
  const value = answer(state, "value");
  if (!entry || !value) {
    $("entry-title").textContent = `#${index} is no longer in the history`;
    return;
  }
  const title = `#${index} ${entry.entry.action}  ← ${entry.entry.origin}`;
  $("entry-title").textContent = title;
  $("entry-title").title = title;
  drawTree(value.lines, entry.entry.changed || []);
  // The answer's lines after its headline and its "at …" line (the title shows both) are
  // the diff, each coloured by the kind the engine gave it.
  const kinds = entry.kinds || [];
  const diff = $("diff");
  diff.replaceChildren(...entry.lines.slice(2).map((line, offset) => {
    const span = document.createElement("span");
    span.textContent = line + "\n";
    const kind = kinds[offset + 2];
    if (kind === "inserted") span.className = "added";
    if (kind === "removed") span.className = "removed";
    return span;
  }));
}

/// The state's laid-out lines as a tree of plain objects (`text`, `path`, `children` for a
/// line that opens a bracket), each label joined to its parent's path.
function parseTree(lines) {
  const root = { path: "", children: [] };
  const stack = [root];
  for (const line of lines) {
    const text = line.trim();
    if (/^[)\]}],?$/.test(text)) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const parent = stack[stack.length - 1];
    const labelled = /^(\[[^\]]*\]|[A-Za-z_][\w]*): /.exec(text);
    const label = labelled ? labelled[1] : null;
    const path = label == null ? parent.path : label.startsWith("[") ? parent.path + label : parent.path ? `${parent.path}.${label}` : label;
    const node = /[([{]$/.test(text) ? { text, path, children: [] } : { text, path };
    parent.children.push(node);
    if (node.children) stack.push(node);
  }
  return root;
}

/// How many children a node shows before they are grouped in ranges of this many, as
/// browsers' consoles do: a list of 10,000 rows draws 100 closed groups, not 10,000 rows.
const treeGroupSize = 100;
/// Whether `expand` asked for every node open, the ones drawn later included.
let treeExpanded = false;
/// The tree shown, for `expand` to draw again.
let shownTree = null;

/// The state's laid-out lines as a collapsible tree, the paths the action changed marked.
/// Only what is open is in the page: a closed node's children are drawn when it first
/// opens, so a state of 10,000 rows costs what is visible, not what it holds. The top two
/// levels and every node holding a change start open.
function drawTree(lines, changed) {
  shownTree = { root: parseTree(lines), changed };
  drawShownTree();
}

function drawShownTree() {
  const { root, changed } = shownTree;
  const isChanged = (path) => changed.includes(path);
  const holdsChange = (path) => changed.some((other) => other.startsWith(path + ".") || other.startsWith(path + "["));
  const holdsAny = (nodes) => nodes.some((node) => isChanged(node.path) || (node.children && holdsChange(node.path)));

  // Fills `element` with `nodes`, drawn at `depth`, grouping a long run in ranges.
  function fill(element, nodes, depth) {
    if (nodes.length <= treeGroupSize) {
      element.append(...nodes.map((node) => draw(node, depth)));
      return;
    }
    for (let start = 0; start < nodes.length; start += treeGroupSize) {
      const group = nodes.slice(start, start + treeGroupSize);
      const details = document.createElement("details");
      details.className = "group";
      const summary = document.createElement("summary");
      summary.textContent = `[${start} … ${start + group.length - 1}]`;
      details.append(summary);
      drawWhenOpen(details, treeExpanded || holdsAny(group), () => fill(details, group, depth));
      element.append(details);
    }
  }

  // A node: a leaf line, or a bracket whose children are drawn once it is open.
  function draw(node, depth) {
    if (!node.children) {
      const leaf = document.createElement("div");
      leaf.className = "leaf";
      leaf.dataset.path = node.path;
      if (isChanged(node.path)) leaf.classList.add("changed");
      leaf.textContent = node.text;
      return leaf;
    }
    const details = document.createElement("details");
    details.dataset.path = node.path;
    if (isChanged(node.path)) details.classList.add("changed");
    const summary = document.createElement("summary");
    summary.textContent = node.text;
    details.append(summary);
    const open = treeExpanded || depth < 3 || holdsChange(node.path) || isChanged(node.path);
    drawWhenOpen(details, open, () => fill(details, node.children, depth + 1));
    return details;
  }

  const element = document.createElement("div");
  fill(element, root.children, 1);
  $("tree").replaceChildren(...element.childNodes);
}

/// Opens `details` now, drawing its content, or draws the content when it first opens.
function drawWhenOpen(details, open, drawContent) {
  if (open) {
    drawContent();
    details.open = true;
    return;
  }
  details.addEventListener("toggle", () => details.open && details.dataset.drawn !== "true" && (drawContent(), (details.dataset.drawn = "true")));
}

$("collapse").addEventListener("click", () => {
  treeExpanded = false;
  document.querySelectorAll("#tree details").forEach((node) => (node.open = false));
});
$("expand").addEventListener("click", () => {
  treeExpanded = true;
  if (shownTree) drawShownTree();
});

// MARK: - The slider: the shell's `jump`

let nextJump = null;
/// The jump being asked for, while one is.
let jumpUnderWay = null;

/// Jumps the session to `index`, after the jump under way; only the last of the targets asked
/// meanwhile is jumped to. A click or a key fires the slider's `input` and then its `change`
/// with the same value: a target the session is at, or is being moved to, is no jump again
/// (the shell would print it twice).
async function jumpTo(index) {
  if (index === jumpUnderWay || (jumpUnderWay === null && page.travelled && index === page.position)) {
    nextJump = null;
    return;
  }
  nextJump = index;
  if (page.jumping) return;
  page.jumping = true;
  while (nextJump != null) {
    const target = nextJump;
    nextJump = null;
    jumpUnderWay = target;
    const started = performance.now();
    const id = nextId;
    const reply = await ask(`jump ${target}`);
    showError(reply, `jump ${target}`);
    page.follow = true;
    await refresh(sentAfter(id));
    page.jumps.push({ to: target, ms: performance.now() - started });
  }
  jumpUnderWay = null;
  page.jumping = false;
  document.body.dataset.jumped = String(page.jumps.length);
}

const slider = $("slider");
slider.addEventListener("input", () => {
  page.dragging = true;
  $("position").textContent = `@${slider.value}/${page.last}`;
  jumpTo(Number(slider.value));
});
slider.addEventListener("change", () => {
  page.dragging = false;
  jumpTo(Number(slider.value));
});

// MARK: - Jobs, cycles, breakpoints

/// How many job bars one redraw asks for at most.
const jobWindow = 200;

/// Draws the bars of the jobs launched by the first entry in view or later, at most
/// `jobWindow` of them (`jobs --all from I N`), so a session of many jobs sends few.
async function drawJobs() {
  const lanes = $("jobs");
  const viewport = $("log-viewport");
  const from = rowIndex(Math.floor(viewport.scrollTop / rowHeight)) ?? page.first;
  page.jobsFrom = from;
  const reply = await ask(`jobs --all from ${from} ${jobWindow}`);
  const record = answer(reply, "jobSpans");
  if (page.jobsFrom !== from) return;
  if (!record) {
    lanes.textContent = "no job record in this session (this sluice has no `jobs --all`)";
    return;
  }
  const spans = record.spans;
  const place = record.window || { offset: 0, total: spans.length };
  if (!spans.length) {
    lanes.textContent = place.total ? `none of the ${place.total} jobs was launched from #${from} on` : "no jobs yet";
    $("jobs-axis").replaceChildren();
    return;
  }
  const start = Math.min(...spans.map((span) => span.launched));
  const end = Math.max(...spans.map((span) => span.ended ?? span.launched), start + 1);
  drawJobAxis(start, end);
  // Each job on the first lane free before its launch (spans come oldest launch first): a job
  // cancelled as the next began keeps a lane of its own, visible.
  const laneEnds = [];
  const rows = [];
  for (const span of spans) {
    let lane = laneEnds.findIndex((laneEnd) => laneEnd < span.launched);
    if (lane < 0) {
      lane = laneEnds.length;
      laneEnds.push(0);
      const row = document.createElement("div");
      row.className = "job-lane";
      rows.push(row);
    }
    laneEnds[lane] = span.ended ?? Infinity;
    const bar = document.createElement("div");
    bar.className = `job-bar ${span.outcome}`;
    bar.dataset.job = String(span.id);
    if (span.parent != null) bar.dataset.parent = String(span.parent);
    const left = ((span.launched - start) / (end - start)) * 100;
    const width = (((span.ended ?? end) - span.launched) / (end - start)) * 100;
    bar.style.left = `${left}%`;
    bar.style.width = `${Math.max(width, 0.5)}%`;
    bar.textContent = `${span.name} (${span.kind})`;
    bar.title = `job ${span.id} ${span.name}: ${span.outcome}${span.reason ? ` (${span.reason})` : ""}` +
      `, ${duration((span.ended ?? end) - span.launched)}` + (span.parent != null ? `, started by #${span.parent}` : "");
    rows[lane].append(bar);
  }
  const partial = place.offset > 0 || spans.length < place.total;
  const note = document.createElement("div");
  note.className = "note";
  note.textContent = `jobs ${place.offset + 1}–${place.offset + spans.length} of ${place.total}, launched from #${from} on`;
  lanes.replaceChildren(...(partial ? [note] : []), ...rows);
}

/// The time axis over the job bars: about five ticks at round steps, each labelled with the
/// session's time, the last with the window's end.
function drawJobAxis(start, end) {
  const span = end - start;
  const rough = span / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough);
  const ticks = [];
  // Not so near the end that its label would run into the end's.
  for (let time = Math.ceil(start / step) * step; time < end - span * 0.15; time += step) {
    const tick = document.createElement("span");
    tick.className = "tick";
    tick.style.left = `${((time - start) / span) * 100}%`;
    tick.textContent = duration(time);
    ticks.push(tick);
  }
  const last = document.createElement("span");
  last.className = "tick last";
  last.style.left = "100%";
  last.textContent = duration(end);
  $("jobs-axis").replaceChildren(...ticks, last);
}

$("jobs").addEventListener("click", (click) => {
  const bar = click.target.closest(".job-bar");
  if (!bar) return;
  document.querySelectorAll(".job-bar.selected").forEach((other) => other.classList.remove("selected"));
  bar.classList.add("selected");
  if (bar.dataset.parent) select(Number(bar.dataset.parent));
});

async function drawCycles() {
  const reply = await ask("info cycles");
  const cycles = answer(reply, "cycles");
  const list = $("cycles");
  if (!cycles || !cycles.cycles.length) {
    list.textContent = "none";
    return;
  }
  list.replaceChildren(...cycles.cycles.map((cycle) => {
    const chain = document.createElement("div");
    chain.className = "cycle";
    chain.dataset.action = cycle.action;
    chain.title = `${cycle.path}\nseen ${cycle.seen} times (policy: ${cycle.policy}); click: the log of .${cycle.action}`;
    cycle.cycle.forEach((name, offset) => {
      if (offset > 0) {
        const arrow = document.createElement("span");
        arrow.className = "arrow";
        arrow.textContent = " → ";
        chain.append(arrow);
      }
      const step = document.createElement("span");
      step.textContent = name;
      if (name === "." + cycle.action) step.className = "repeated";
      chain.append(step);
    });
    return chain;
  }));
}

$("cycles").addEventListener("click", async (click) => {
  const chain = click.target.closest(".cycle");
  if (!chain) return;
  await setFilter({ kind: "case", text: chain.dataset.action });
  // The last of its entries: `log case NAME 1`.
  const last = answer(await ask(`log case ${chain.dataset.action} 1`), "logEntries");
  if (last && last.entries.length) await select(last.entries[0].index);
});

const breakpointOn = (caseName) =>
  page.breakpoints.find((breakpoint) => breakpoint.kind === "action" && breakpoint.pattern === caseName && !breakpoint.condition);

async function drawBreakpoints() {
  const reply = await ask("info breakpoints");
  const listed = answer(reply, "breakpoints");
  page.breakpoints = listed ? listed.breakpoints : [];
  const list = $("breakpoints");
  if (!page.breakpoints.length) {
    list.textContent = "none: click an action's case to break on it";
    return;
  }
  list.replaceChildren(...page.breakpoints.map((breakpoint) => {
    const item = document.createElement("li");
    item.dataset.id = String(breakpoint.id);
    const described = {
      action: () => `break on .${breakpoint.pattern}${breakpoint.condition ? ` if ${breakpoint.condition}` : ""}`,
      watch: () => `watch ${breakpoint.path}`,
      job: () => `break on job ${breakpoint.pattern}`,
      cycle: () => "break on a cycle",
    }[breakpoint.kind];
    const text = document.createElement("span");
    text.textContent = `${breakpoint.id}  ${described ? described() : breakpoint.kind}` +
      `${breakpoint.enabled ? "" : " (disabled)"}, ${breakpoint.hits} hits`;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "delete";
    remove.addEventListener("click", () => run(`delete ${breakpoint.id}`));
    item.append(text, remove);
    return item;
  }));
  await drawLog(false);
}

async function toggleBreakpoint(caseName) {
  const existing = breakpointOn(caseName);
  await run(existing ? `delete ${existing.id}` : `break ${caseName}`);
}

/// Runs a command that changes the session, shows its error if any, and redraws.
async function run(command) {
  const id = nextId;
  const reply = await ask(command);
  showError(reply, command);
  await refresh(sentAfter(id));
}

connect();
