// Small helpers for drawing: finding the page's elements, making new ones, writing times.

/// The page's element with id `id`.
export const $ = (id) => document.getElementById(id);

/// A new `tag` element with `text` and, when given, `className`.
export function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text != null) made.textContent = text;
  if (className) made.className = className;
  return made;
}

/// A duration in nanoseconds as the shell writes it: `310ns`, `1.5µs`, `2.0ms`, `1.25s`.
export function duration(nanoseconds) {
  if (nanoseconds < 1e3) return `${nanoseconds}ns`;
  if (nanoseconds < 1e6) return `${(nanoseconds / 1e3).toFixed(1)}µs`;
  if (nanoseconds < 1e9) return `${(nanoseconds / 1e6).toFixed(1)}ms`;
  return `${(nanoseconds / 1e9).toFixed(2)}s`;
}

/// Shows the error a reply holds under the page, naming what was asked (`["jump", 7]`), or
/// clears it when the reply holds none. Returns whether it held one.
export function showError(reply, asked) {
  const error = reply.events.find((event) => event.event === "error");
  $("shell-error").textContent = error ? `${asked.join(" ")}: ${error.message}` : "";
  return !!error;
}
