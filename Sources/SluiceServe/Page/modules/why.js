// Where a value of the state came from: the answer to `why PATH at N` for a value of the
// selected entry's tree (its context menu), drawn under the tree, its setter's number a link
// that selects that entry.
import { answer, ask } from "sluice/connection";
import { $, element } from "sluice/dom";

/// Asks why the value at `path` is what it is after entry `index`, and draws the answer, or
/// the error that refused it.
export async function explain(path, index) {
  const reply = await ask("why", path, "at", index);
  const cause = answer(reply, "why");
  const box = $("why");
  box.hidden = false;
  if (!cause) {
    const error = reply.events.find((event) => event.event === "error");
    box.replaceChildren(element("span", `why ${path}: ${error ? error.message : "no answer"}`, "removed"));
    return;
  }
  const kinds = cause.kinds || [];
  box.replaceChildren(...cause.lines.map((line, offset) => {
    const kind = kinds[offset];
    const drawn = element("span", line + "\n", kind === "inserted" ? "added" : kind === "removed" ? "removed" : null);
    if (offset === 0 && cause.change) {
      drawn.classList.add("setter");
      drawn.dataset.index = String(cause.change.index);
      drawn.title = `select #${cause.change.index}`;
    }
    return drawn;
  }));
  box.dataset.path = path;
}

/// Hides the answer: another entry is shown.
export function forgetWhy() {
  const box = $("why");
  box.hidden = true;
  box.replaceChildren();
  delete box.dataset.path;
}
