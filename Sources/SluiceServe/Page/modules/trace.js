// A log point from a case: right-click an action's case in the log, say which paths to print
// (the paths the entry changed, to start with), and the page asks `trace CASE print PATH…`.
// The answer (the values before each kept entry of that case) is drawn under the breakpoints;
// the log point is made, and prints in the shell before each new action of that case.
import { answer, ask } from "sluice/connection";
import { $, element } from "sluice/dom";

/// Opens the form that makes a log point on `caseName`, its paths those `changed`.
export function offerLogPoint(caseName, changed) {
  const form = $("trace-form");
  form.dataset.case = caseName;
  $("trace-case").textContent = `.${caseName}`;
  $("trace-paths").value = (changed || []).join(" ");
  form.hidden = false;
  $("trace-paths").focus();
}

/// The log point the form asks for, as the words of its command; `null` when it names no path.
export function logPointWords() {
  const form = $("trace-form");
  const paths = $("trace-paths").value.trim().split(/\s+/).filter((path) => path.length);
  if (!form.dataset.case || !paths.length) return null;
  return [form.dataset.case, "print", ...paths];
}

/// Makes the log point and draws what it prints over the past, or the error that refused it.
export async function traceCase(words) {
  const reply = await ask("trace", ...words);
  const traced = answer(reply, "trace");
  const box = $("trace");
  box.hidden = false;
  if (!traced) {
    const error = reply.events.find((event) => event.event === "error");
    box.replaceChildren(element("span", `trace ${words.join(" ")}: ${error ? error.message : "no answer"}`, "removed"));
    return;
  }
  $("trace-form").hidden = true;
  box.replaceChildren(...traced.lines.map((line, offset) => {
    const drawn = element("span", line + "\n");
    const entry = offset > 0 ? traced.past[offset - 1 - (traced.notes || []).length] : null;
    if (entry) {
      drawn.classList.add("setter");
      drawn.dataset.index = String(entry.index);
      drawn.title = `select #${entry.index}`;
    }
    return drawn;
  }));
}
