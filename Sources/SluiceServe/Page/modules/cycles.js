// The cycle warnings the session saw (`info cycles`): each chain of cases, the repeated
// one marked; a click shows the log of the repeated action.
import { answer, ask } from "sluice/connection";
import { $, element } from "sluice/dom";

/// Reads the cycle warnings and draws each chain, carrying its repeated action's case.
export async function drawCycles() {
  const cycles = answer(await ask("info", "cycles"), "cycles");
  const list = $("cycles");
  if (!cycles || !cycles.cycles.length) {
    list.textContent = "none";
    return;
  }
  list.replaceChildren(...cycles.cycles.map((cycle) => {
    const chain = element("div", null, "cycle");
    chain.dataset.action = cycle.action;
    chain.title = `${cycle.path}\nseen ${cycle.seen} times (policy: ${cycle.policy}); click: the log of .${cycle.action}`;
    cycle.cycle.forEach((name, offset) => {
      if (offset > 0) chain.append(element("span", " → ", "arrow"));
      chain.append(element("span", name, name === "." + cycle.action ? "repeated" : null));
    });
    return chain;
  }));
}

/// The index of the last entry of the action case `caseName` (`log case NAME 1`), if any.
export async function lastEntryOf(caseName) {
  const last = answer(await ask("log", "case", caseName, 1), "logEntries");
  return last && last.entries.length ? last.entries[0].index : null;
}
