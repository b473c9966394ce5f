// The action log, a window at a time: the rows in view are fetched as they scroll into it,
// all entries (`log from I N`) or a filter's matches by their row among the matches
// (`log KIND TEXT skip ROW N`; the answer says its window and the total, so nothing is
// guessed). The page keeps no history of its own.
import { answer, ask } from "sluice/connection";
import { $, duration, element, showError } from "sluice/dom";
import { breakpointOn } from "sluice/breakpoints";
import { session } from "sluice/session";

/// Each row's height in pixels, as the style sheet draws it.
const rowHeight = 22;

const listing = {
  // The filter applied (`{ kind, text }`), or null for every entry.
  filter: null,
  // The entries fetched, by history index.
  entries: new Map(),
  // A filter's matches: how many, the history index of each row fetched, and the row of the
  // position (where the list scrolls to).
  matches: { total: 0, rows: new Map(), positionRow: null },
};

/// The filter applied, or null.
export const currentFilter = () => listing.filter;

/// Applies `filter` (`{ kind, text }`, or null for every entry) from the top of the list; the
/// next refresh fetches its rows.
export function setFilter(filter) {
  listing.filter = filter;
  $("filter-kind").value = filter ? filter.kind : "";
  $("filter-text").value = filter ? filter.text : "";
  $("log-viewport").scrollTop = 0;
}

/// Forgets every entry fetched, as each refresh does: the history may have moved.
export const forgetEntries = () => listing.entries.clear();

const rowCount = () => (listing.filter ? listing.matches.total : Math.max(session.last - session.first + 1, 0));
const rowIndex = (row) => (listing.filter ? listing.matches.rows.get(row) : session.first + row);

/// The history index of the first row in view, or null when its row is not fetched yet.
export const firstIndexInView = () => rowIndex(Math.floor($("log-viewport").scrollTop / rowHeight));

/// The filter's words after `log`: `case PATTERN`, `changed PATH`, `origin KIND [NAME]`.
/// An origin's text is a kind and a name, so its words are the text's; the others are one
/// word, the text as typed (one with a space in it is refused by the server, naming it).
function filterWords() {
  const { kind, text } = listing.filter;
  return kind === "origin" ? [kind, ...text.split(/\s+/)] : [kind, text];
}

/// Starts a filter's listing afresh with one window that says how many entries match: at the
/// present the last matches (`log KIND TEXT N`), after a jump those from the position on
/// (`log KIND TEXT from P N`), where the list scrolls to.
export async function loadFiltered() {
  listing.matches = { total: 0, rows: new Map(), positionRow: null };
  if (!listing.filter) return;
  const inView = Math.ceil($("log-viewport").clientHeight / rowHeight) + 2;
  const words = [...filterWords(), ...(session.travelled ? ["from", session.position, inView] : [inView * 2])];
  const reply = await ask("log", ...words);
  const listed = answer(reply, "logEntries");
  const output = answer(reply, "output");
  if (showError(reply, ["log", ...words]) || !listed || !listed.window) {
    // No entry matches: the answer is the debugger's message, which names the cases there are.
    $("log-note").textContent = output ? output.lines.join(" ") : "";
    return;
  }
  noteMatches(listed);
  listing.matches.positionRow = session.travelled ? listed.window.offset : listed.window.total - 1;
  $("log-note").textContent = `${listed.window.total} entries match`;
}

/// Keeps what a filtered answer said: its entries by row (its window's offset is its first row).
function noteMatches(listed) {
  const { offset, total } = listed.window;
  listing.matches.total = total;
  listed.entries.forEach((entry, row) => {
    listing.matches.rows.set(offset + row, entry.index);
    listing.entries.set(entry.index, entry);
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
  while (missing < end && listing.matches.rows.has(missing)) missing++;
  if (missing >= end) return;
  const reply = await ask("log", ...filterWords(), "skip", missing, end - missing + 20);
  const listed = answer(reply, "logEntries");
  if (listed && listed.window) noteMatches(listed);
}

let drawGeneration = 0;

/// Draws the rows in view, fetching those not yet fetched: with one `log from I N`, or for a
/// filter with one `log KIND TEXT skip ROW N`; first scrolls to the position when asked.
/// Returns how long it took in milliseconds, or null when a later draw overtook it.
export async function drawLog(scrollToPosition) {
  const generation = ++drawGeneration;
  const started = performance.now();
  const viewport = $("log-viewport");
  $("log-spacer").style.height = `${rowCount() * rowHeight}px`;
  if (scrollToPosition) {
    const row = listing.filter ? listing.matches.positionRow ?? -1 : session.position - session.first;
    if (row >= 0) {
      const top = row * rowHeight;
      if (top < viewport.scrollTop || top > viewport.scrollTop + viewport.clientHeight - rowHeight) {
        viewport.scrollTop = Math.max(top - viewport.clientHeight / 2, 0);
      }
    }
  }
  const start = Math.floor(viewport.scrollTop / rowHeight);
  const count = Math.min(Math.ceil(viewport.clientHeight / rowHeight) + 2, Math.max(rowCount() - start, 0));
  if (listing.filter) {
    await loadFilteredRows(start, start + count);
  } else if (count > 0 && !listing.entries.has(rowIndex(start + count - 1))) {
    const reply = await ask("log", "from", rowIndex(start), count + 20);
    const listed = answer(reply, "logEntries");
    for (const entry of listed ? listed.entries : []) listing.entries.set(entry.index, entry);
  }
  // A later scroll drew, or is drawing, rows nearer where the list is now.
  if (generation !== drawGeneration) return null;
  if (!listing.filter) $("log-note").textContent = session.last ? `${session.last - session.first + 1} entries` : "no actions yet";
  const rows = $("log-rows");
  rows.style.top = `${start * rowHeight}px`;
  rows.replaceChildren(...Array.from({ length: count }, (_, offset) => logRow(rowIndex(start + offset))));
  // Which listing the rows show, for whoever waits for a filter to apply.
  document.body.dataset.filter = listing.filter ? `${listing.filter.kind} ${listing.filter.text}` : "";
  return performance.now() - started;
}

/// One row: the entry's index, who sent it, its case (indented by its depth; a click breaks
/// on it) and how long its reducer took.
function logRow(index) {
  if (index == null) return element("div", "…", "row");
  const row = element("div", null, "row");
  const entry = listing.entries.get(index);
  row.dataset.index = String(index);
  if (index === session.selected) row.classList.add("selected");
  if (index === session.position) row.classList.add("at-position");
  if (index > session.position) row.classList.add("future");
  if (!entry) {
    row.textContent = `#${index} …`;
    return row;
  }
  if (entry.skipped) row.classList.add("skipped");
  const caseCell = element("span", entry.case, "case");
  caseCell.dataset.case = entry.case;
  caseCell.title = `${entry.action}\nclick: break on .${entry.case} (again: delete it)\nright-click: a log point on it`;
  caseCell.style.paddingLeft = `${Math.min(entry.depth, 12) * 8}px`;
  if (breakpointOn(entry.case)) caseCell.classList.add("breakpoint");
  row.append(element("span", `#${index}`), element("span", entry.origin, "origin"), caseCell,
    element("span", duration(entry.durationNanoseconds), "took"));
  row.title = entry.action + (entry.changed ? `\nchanged: ${entry.changed.join(", ")}` : "");
  if (entry.changed) row.dataset.changed = entry.changed.join(" ");
  return row;
}
