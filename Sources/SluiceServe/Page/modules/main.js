// The timeline page: a client of Sluice's JSON protocol over a WebSocket. Everything it
// shows is the typed answer to a command the shell understands too (`log from 1 50`,
// `log case search* skip 40 30`, `show 7`, `state at 7`, `jump 7`, `break search*`,
// `info cycles`, `jobs --all from 7 200`), asked again whenever the session says `changed`.
//
// This module is the owner: it wires what the user does to what runs, and runs each refresh
// pass. The others each draw one part and return what must happen; none calls back here.
import { connect, nextRequestId, ask } from "sluice/connection";
import { $, showError } from "sluice/dom";
import { session, readSession, drawHeader } from "sluice/session";
import { beforeItsAnswers, refresher, sentAfter } from "sluice/refresh";
import { currentFilter, drawLog, firstIndexInView, forgetEntries, loadFiltered, setFilter } from "sluice/log";
import { drawEntry } from "sluice/entry";
import { collapseAll, expandAll } from "sluice/tree";
import { slider, jumpTo } from "sluice/slider";
import { drawJobs, jobsFrom } from "sluice/jobs";
import { drawCycles, lastEntryOf } from "sluice/cycles";
import { drawBreakpoints, toggling } from "sluice/breakpoints";
import { explain, forgetWhy } from "sluice/why";
import { logPointWords, offerLogPoint, traceCase } from "sluice/trace";

/// What the page measured (`performance.now()` deltas), for tests and the curious: only
/// when the address asks for it (`&testHooks`), as the browser tests' does.
const measured = { loadMs: null, logDrawnMs: null, filters: [] };
let ready = false;

const passes = refresher(async () => {
  if (await readSession()) setFilter(null);
  forgetEntries();
  await loadFiltered();
  drawHeader(slider.dragging);
  await drawAndMeasureLog(session.follow);
  await Promise.all([drawEntry(session.selected), drawJobs(firstIndexInView() ?? session.first), drawCycles(),
    drawBreakpoints().then(() => drawLog(false))]);
  if (!ready) {
    ready = true;
    measured.loadMs = performance.now();
    document.body.dataset.ready = "true";
  }
  document.body.dataset.feature = session.feature;
  document.body.dataset.position = String(session.position);
  document.body.dataset.last = String(session.last);
});

/// Asks again for everything shown, unless `coveredBy` says the pass under way does.
const refresh = (coveredBy) => passes.refresh(nextRequestId, coveredBy);

async function drawAndMeasureLog(scrollToPosition) {
  const ms = await drawLog(scrollToPosition);
  if (ms != null) measured.logDrawnMs = ms;
}

/// Runs a command that changes the session, shows its error if any, and redraws.
async function run(words) {
  const id = nextRequestId();
  showError(await ask(...words), words);
  await refresh(sentAfter(id));
}

/// Shows entry `index` and stops following the position.
async function select(index) {
  session.follow = false;
  session.selected = index;
  forgetWhy();
  await drawLog(false);
  await drawEntry(index);
}

/// Applies a filter and measures how long until the page showed it.
async function filterBy(filter) {
  const started = performance.now();
  setFilter(filter);
  await refresh();
  measured.filters.push({ filter, ms: performance.now() - started });
}

// MARK: - What the user does

$("log-viewport").addEventListener("scroll", async () => {
  await drawAndMeasureLog(false);
  // Scrolling moves the job bars' window along; a refresh draws them itself.
  const first = firstIndexInView();
  if (first != null && first !== jobsFrom() && ready && !passes.isRefreshing) drawJobs(first);
});
$("log-rows").addEventListener("click", (click) => {
  const caseCell = click.target.closest(".case");
  if (caseCell) return run(toggling(caseCell.dataset.case));
  const row = click.target.closest(".row");
  if (row && row.dataset.index) select(Number(row.dataset.index));
});
// An action case's context menu makes a log point on it.
$("log-rows").addEventListener("contextmenu", (click) => {
  const caseCell = click.target.closest(".case");
  if (!caseCell) return;
  click.preventDefault();
  const row = caseCell.closest(".row");
  offerLogPoint(caseCell.dataset.case, row && row.dataset.changed ? row.dataset.changed.split(" ") : []);
});
$("trace-form").addEventListener("submit", async (submit) => {
  submit.preventDefault();
  const words = logPointWords();
  if (!words) return;
  const id = nextRequestId();
  await traceCase(words);
  await refresh(sentAfter(id));
});
$("trace").addEventListener("click", (click) => {
  const entry = click.target.closest(".setter");
  if (entry) select(Number(entry.dataset.index));
});
$("filter").addEventListener("submit", (submit) => {
  submit.preventDefault();
  const kind = $("filter-kind").value;
  const text = $("filter-text").value.trim();
  filterBy(kind && text ? { kind, text } : null);
});
$("collapse").addEventListener("click", collapseAll);
// A value's context menu asks where it came from, as of the entry shown.
$("tree").addEventListener("contextmenu", (click) => {
  const node = click.target.closest("[data-path]");
  if (!node || !node.dataset.path || session.selected == null) return;
  click.preventDefault();
  explain(node.dataset.path, session.selected);
});
$("why").addEventListener("click", (click) => {
  const setter = click.target.closest(".setter");
  if (setter) select(Number(setter.dataset.index));
});
$("expand").addEventListener("click", expandAll);

const afterJump = (id) => {
  session.follow = true;
  return refresh(sentAfter(id));
};
$("slider").addEventListener("input", () => {
  slider.dragging = true;
  $("position").textContent = `@${$("slider").value}/${session.last}`;
  jumpTo(Number($("slider").value), afterJump);
});
$("slider").addEventListener("change", () => {
  slider.dragging = false;
  jumpTo(Number($("slider").value), afterJump);
});

$("jobs").addEventListener("click", (click) => {
  const bar = click.target.closest(".job-bar");
  if (!bar) return;
  document.querySelectorAll(".job-bar.selected").forEach((other) => other.classList.remove("selected"));
  bar.classList.add("selected");
  if (bar.dataset.parent) select(Number(bar.dataset.parent));
});
$("cycles").addEventListener("click", async (click) => {
  const chain = click.target.closest(".cycle");
  if (!chain) return;
  await filterBy({ kind: "case", text: chain.dataset.action });
  const last = await lastEntryOf(chain.dataset.action);
  if (last != null) await select(last);
});
$("breakpoints").addEventListener("click", (click) => {
  const button = click.target.closest("button[data-delete]");
  if (button) run(["delete", Number(button.dataset.delete)]);
});

// MARK: - Starting

if (new URLSearchParams(location.search).has("testHooks")) {
  window.sluicePage = {
    get loadMs() { return measured.loadMs; },
    get logDrawnMs() { return measured.logDrawnMs; },
    get filters() { return measured.filters; },
    get dragging() { return slider.dragging; },
    get jumping() { return slider.jumping; },
    get jumps() { return slider.jumps; },
    get position() { return session.position; },
    get filter() { return currentFilter(); },
    filterBy,
  };
}

connect({
  opened: () => {
    $("connection").textContent = "live";
    refresh();
  },
  changed: () => refresh(beforeItsAnswers),
  answered: (id) => passes.answered(id),
  refused: (message) => ($("shell-error").textContent = message),
  closed: () => {
    $("connection").textContent = "disconnected: the shell quit or the server stopped";
    $("connection").classList.add("lost");
  },
});
