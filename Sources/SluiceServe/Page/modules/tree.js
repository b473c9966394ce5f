// The state after the selected action as a collapsible tree, built from the laid-out lines
// the engine answers (`state at N`), the paths the action changed marked. Only what is open
// is in the page: a closed node's children are drawn when it first opens, so a state of
// 10,000 rows costs what is visible, not what it holds.
import { $, element } from "sluice/dom";

/// How many children a node shows before they are grouped in ranges of this many, as
/// browsers' consoles do: a list of 10,000 rows draws 100 closed groups, not 10,000 rows.
const groupSize = 100;
/// Whether `expandAll` asked for every node open, the ones drawn later included.
let expanded = false;
/// The tree shown, for `expandAll` to draw again.
let shown = null;

/// The state's laid-out lines as a tree of plain objects (`text`, `path`, `children` for a
/// line that opens a bracket), each label joined to its parent's path.
export function parseTree(lines) {
  const root = { path: "", children: [] };
  const stack = [root];
  for (const line of lines) {
    const text = line.trim();
    if (/^[)\]}],?$/.test(text)) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const parent = stack[stack.length - 1];
    const labelled = /^(\[[^\]]*\]|[A-Za-z_][\w]*): /.exec(text);
    const label = labelled ? labelled[1] : null;
    const path = label == null ? parent.path : label.startsWith("[") ? parent.path + label : parent.path ? `${parent.path}.${label}` : label;
    const node = /[([{]$/.test(text) ? { text, path, children: [] } : { text, path };
    parent.children.push(node);
    if (node.children) stack.push(node);
  }
  return root;
}

/// Draws `lines` as the tree, `changed` the paths the action changed. The top two levels
/// and every node holding a change start open.
export function drawTree(lines, changed) {
  shown = { root: parseTree(lines), changed };
  drawShown();
}

/// Empties the tree.
export function clearTree() {
  shown = null;
  $("tree").replaceChildren();
}

/// Opens every node, the ones drawn later included.
export function expandAll() {
  expanded = true;
  if (shown) drawShown();
}

/// Closes every node.
export function collapseAll() {
  expanded = false;
  document.querySelectorAll("#tree details").forEach((node) => (node.open = false));
}

function drawShown() {
  const { root, changed } = shown;
  const isChanged = (path) => changed.includes(path);
  const holdsChange = (path) => changed.some((other) => other.startsWith(path + ".") || other.startsWith(path + "["));
  const holdsAny = (nodes) => nodes.some((node) => isChanged(node.path) || (node.children && holdsChange(node.path)));

  // Fills `parent` with `nodes`, drawn at `depth`, grouping a long run in ranges.
  function fill(parent, nodes, depth) {
    if (nodes.length <= groupSize) {
      parent.append(...nodes.map((node) => draw(node, depth)));
      return;
    }
    for (let start = 0; start < nodes.length; start += groupSize) {
      const group = nodes.slice(start, start + groupSize);
      const details = element("details", null, "group");
      details.append(element("summary", `[${start} … ${start + group.length - 1}]`));
      drawWhenOpen(details, expanded || holdsAny(group), () => fill(details, group, depth));
      parent.append(details);
    }
  }

  // A node: a leaf line, or a bracket whose children are drawn once it is open.
  function draw(node, depth) {
    if (!node.children) {
      const leaf = element("div", node.text, "leaf");
      leaf.dataset.path = node.path;
      if (isChanged(node.path)) leaf.classList.add("changed");
      return leaf;
    }
    const details = element("details");
    details.dataset.path = node.path;
    if (isChanged(node.path)) details.classList.add("changed");
    details.append(element("summary", node.text));
    const open = expanded || depth < 3 || holdsChange(node.path) || isChanged(node.path);
    drawWhenOpen(details, open, () => fill(details, node.children, depth + 1));
    return details;
  }

  const drawn = element("div");
  fill(drawn, root.children, 1);
  $("tree").replaceChildren(...drawn.childNodes);
}

/// Opens `details` now, drawing its content, or draws the content when it first opens.
function drawWhenOpen(details, open, drawContent) {
  if (open) {
    drawContent();
    details.open = true;
    return;
  }
  details.addEventListener("toggle", () => {
    if (!details.open || details.dataset.drawn === "true") return;
    drawContent();
    details.dataset.drawn = "true";
  });
}
