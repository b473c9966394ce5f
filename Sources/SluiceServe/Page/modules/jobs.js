// The jobs pane: a bar per job on the session's clock, from its launch to its end, each on
// the first lane free before it launched, under a time axis. Only the jobs launched by the
// first entry in view or later are asked for, at most `jobWindow` of them, so a session of
// many jobs sends few.
import { answer, ask } from "sluice/connection";
import { $, duration, element } from "sluice/dom";

/// How many job bars one redraw asks for at most.
const jobWindow = 200;

/// The entry whose jobs on are drawn, or being drawn.
let drawnFrom = null;

/// The entry the bars start from.
export const jobsFrom = () => drawnFrom;

/// Draws the bars of the jobs launched from entry `from` on (`jobs --all from I N`).
export async function drawJobs(from) {
  drawnFrom = from;
  const lanes = $("jobs");
  const record = answer(await ask("jobs", "--all", "from", from, jobWindow), "jobSpans");
  // A later draw asked for other jobs.
  if (drawnFrom !== from) return;
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
  drawAxis(start, end);
  // Each job on the first lane free before its launch (spans come oldest launch first): a job
  // cancelled as the next began keeps a lane of its own, visible.
  const laneEnds = [];
  const rows = [];
  for (const span of spans) {
    let lane = laneEnds.findIndex((laneEnd) => laneEnd < span.launched);
    if (lane < 0) {
      lane = laneEnds.length;
      laneEnds.push(0);
      rows.push(element("div", null, "job-lane"));
    }
    laneEnds[lane] = span.ended ?? Infinity;
    rows[lane].append(bar(span, start, end));
  }
  const partial = place.offset > 0 || spans.length < place.total;
  const note = element("div", `jobs ${place.offset + 1}–${place.offset + spans.length} of ${place.total}, launched from #${from} on`, "note");
  lanes.replaceChildren(...(partial ? [note] : []), ...rows);
}

/// One job's bar, placed between `start` and `end`, carrying its id and the entry that
/// started it.
function bar(span, start, end) {
  const drawn = element("div", `${span.name} (${span.kind})`, `job-bar ${span.outcome}`);
  drawn.dataset.job = String(span.id);
  if (span.parent != null) drawn.dataset.parent = String(span.parent);
  const left = ((span.launched - start) / (end - start)) * 100;
  const width = (((span.ended ?? end) - span.launched) / (end - start)) * 100;
  drawn.style.left = `${left}%`;
  drawn.style.width = `${Math.max(width, 0.5)}%`;
  drawn.title = `job ${span.id} ${span.name}: ${span.outcome}${span.reason ? ` (${span.reason})` : ""}` +
    `, ${duration((span.ended ?? end) - span.launched)}` + (span.parent != null ? `, started by #${span.parent}` : "");
  return drawn;
}

/// The time axis over the bars: about five ticks at round steps, each labelled with the
/// session's time, the last with the window's end.
function drawAxis(start, end) {
  const span = end - start;
  const rough = span / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough);
  const ticks = [];
  // Not so near the end that its label would run into the end's.
  for (let time = Math.ceil(start / step) * step; time < end - span * 0.15; time += step) {
    const tick = element("span", duration(time), "tick");
    tick.style.left = `${((time - start) / span) * 100}%`;
    ticks.push(tick);
  }
  const last = element("span", duration(end), "tick last");
  last.style.left = "100%";
  $("jobs-axis").replaceChildren(...ticks, last);
}
