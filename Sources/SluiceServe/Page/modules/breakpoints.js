// The session's breakpoints (`info breakpoints`), listed with a button that deletes each; a
// click on an action's case in the log breaks on it, or deletes the breakpoint it has.
import { answer, ask } from "sluice/connection";
import { $, element } from "sluice/dom";

let breakpoints = [];

/// The plain breakpoint on the action case `caseName` (no condition), if there is one.
export const breakpointOn = (caseName) =>
  breakpoints.find((breakpoint) => breakpoint.kind === "action" && breakpoint.pattern === caseName && !breakpoint.condition);

/// The command a click on the case `caseName` asks for: its breakpoint deleted, or made.
export function toggling(caseName) {
  const existing = breakpointOn(caseName);
  return existing ? ["delete", existing.id] : ["break", caseName];
}

/// Reads the breakpoints and lists them, each with a delete button carrying its id.
export async function drawBreakpoints() {
  const listed = answer(await ask("info", "breakpoints"), "breakpoints");
  breakpoints = listed ? listed.breakpoints : [];
  const list = $("breakpoints");
  if (!breakpoints.length) {
    list.textContent = "none: click an action's case to break on it";
    return;
  }
  list.replaceChildren(...breakpoints.map((breakpoint) => {
    const item = element("li");
    item.dataset.id = String(breakpoint.id);
    const text = element("span", `${breakpoint.id}  ${describe(breakpoint)}` +
      `${breakpoint.enabled ? "" : " (disabled)"}, ${breakpoint.hits} hits`);
    const remove = element("button", "delete");
    remove.type = "button";
    remove.dataset.delete = String(breakpoint.id);
    item.append(text, remove);
    return item;
  }));
}

/// A breakpoint as the command that would make it.
function describe(breakpoint) {
  switch (breakpoint.kind) {
    case "action": return `break on .${breakpoint.pattern}${breakpoint.condition ? ` if ${breakpoint.condition}` : ""}`;
    case "watch": return `watch ${breakpoint.path}`;
    case "job": return `break on job ${breakpoint.pattern}`;
    case "cycle": return "break on a cycle";
    case "trace": return `trace ${breakpoint.pattern}${breakpoint.condition ? ` if ${breakpoint.condition}` : ""} print ${(breakpoint.prints || []).join(" ")}`;
    default: return breakpoint.kind;
  }
}
