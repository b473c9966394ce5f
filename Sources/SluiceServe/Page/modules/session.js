// What the page knows of the session as a whole: its feature, its clock, the span of its
// history and where the session stands in it, and which entry the page shows. Read afresh
// on every refresh; the header draws it.
import { answer, ask } from "sluice/connection";
import { $ } from "sluice/dom";

export const session = {
  feature: "", status: "", virtualClock: false,
  // The history's first and last indices, and the entry the state is at (`travelled` after
  // a jump back).
  first: 1, last: 0, position: 0, travelled: false,
  // The original timeline a what-if kept (`replace`, `toggle`, `insert`, `shrink`): its last
  // entry and where the timeline forks from it; null when none is kept.
  original: null,
  // The entry shown, and whether the page follows the position (until the user picks one).
  selected: null, follow: true,
};

/// Reads the session's feature, clock and history span: `info settings`, the last entry
/// (`log 1`) and the first (`log from 0 1`). Returns whether the feature changed (`use` at
/// the shell), when nothing the page chose belongs to the new one.
export async function readSession() {
  const [settings, lastReply, firstReply] = await Promise.all([ask("info", "settings"), ask("log", 1), ask("log", "from", 0, 1)]);
  const current = answer(settings, "settings");
  let featureChanged = false;
  if (current) {
    featureChanged = session.feature !== "" && current.feature !== session.feature;
    session.feature = current.feature;
    session.status = current.status;
    session.virtualClock = current.virtualClock;
    session.original = current.original ?? null;
  }
  const last = answer(lastReply, "logEntries");
  const first = answer(firstReply, "logEntries");
  session.last = last && last.entries.length ? last.entries[last.entries.length - 1].index : 0;
  session.first = first && first.entries.length ? first.entries[0].index : session.last + 1;
  session.travelled = !!(last && last.position != null);
  session.position = session.travelled ? last.position : session.last;
  if (featureChanged) {
    session.selected = null;
    session.follow = true;
  }
  if (session.follow) session.selected = session.position > 0 ? session.position : null;
  return featureChanged;
}

/// Draws the header: the feature, its status, the position, and the slider unless the user
/// is dragging it.
export function drawHeader(dragging) {
  $("feature").textContent = session.feature;
  $("status").textContent = session.status;
  $("status").className = "status " + session.status;
  $("position").textContent = session.travelled ? `@${session.position}/${session.last}` : `#${session.last}`;
  const slider = $("slider");
  slider.min = String(Math.max(session.first - 1, 0));
  slider.max = String(session.last);
  if (!dragging) slider.value = String(session.position);
  drawOriginal();
  // Jobs' times are the session's clock: say which, so that 2s is not read as real time.
  $("jobs-clock").textContent = session.virtualClock ? "virtual time; " : "real time; ";
}

/// Draws the original timeline a what-if kept under the slider, on the slider's scale: a bar
/// to its last entry and a mark where the timeline forks from it, with a label saying both.
function drawOriginal() {
  const original = session.original;
  $("original").hidden = !original;
  $("original-label").hidden = !original;
  if (!original) return;
  const min = Math.max(session.first - 1, 0);
  const span = Math.max(session.last, original.last) - min || 1;
  const at = (index) => `${(100 * (Math.min(index, Math.max(session.last, original.last)) - min)) / span}%`;
  $("original-bar").style.width = at(original.last);
  const fork = original.firstDifferent;
  $("fork").hidden = fork == null;
  if (fork != null) $("fork").style.left = at(fork - 1);
  $("original-label").textContent =
    `original to #${original.last}` + (fork == null ? ", the same" : `, forked at #${fork}`);
  $("original-label").title = "diff original, original restore, original forget";
  document.body.dataset.fork = fork == null ? "" : String(fork);
}

