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
  // Jobs' times are the session's clock: say which, so that 2s is not read as real time.
  $("jobs-clock").textContent = session.virtualClock ? "virtual time; " : "real time; ";
}
