// The selected action: its title (elided to one line, the whole on hover), the state after
// it as a tree, and its diff, each line coloured by the kind the engine gave it.
import { answer, ask } from "sluice/connection";
import { $, element } from "sluice/dom";
import { clearTree, drawTree } from "sluice/tree";

/// Draws entry `index` (`show N` and `state at N`), or says none is selected when null.
export async function drawEntry(index) {
  document.body.dataset.selected = index == null ? "" : String(index);
  if (index == null) {
    $("entry-title").textContent = "no action selected";
    clearTree();
    $("diff").replaceChildren();
    return;
  }
  const [shown, state] = await Promise.all([ask("show", index), ask("state", "at", index)]);
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
  // the diff.
  const kinds = entry.kinds || [];
  $("diff").replaceChildren(...entry.lines.slice(2).map((line, offset) => {
    const kind = kinds[offset + 2];
    return element("span", line + "\n", kind === "inserted" ? "added" : kind === "removed" ? "removed" : null);
  }));
}
