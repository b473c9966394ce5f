// The page's one connection to the session: a WebSocket speaking Sluice's JSON protocol.
// Every request is structured, a command's name and its words (`ask("log", "case", text)`),
// so that what a user typed is one word of the command and never more (the server refuses a
// word with a space in it, naming it).

const token = new URLSearchParams(location.search).get("token") || "";
let socket = null;
let nextId = 1;
const pending = new Map();

/// The id the next request will carry: a request with a smaller one was sent before.
export const nextRequestId = () => nextId;

/// Opens the connection. `on` says what the owner does when it opens (`opened`), when the
/// session says it changed (`changed`), when any answer to request `id` comes (`answered`),
/// when the server refuses the page itself (`refused`, with its message) and when the
/// connection is lost (`closed`).
export function connect(on) {
  socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
  socket.onopen = () => on.opened();
  socket.onmessage = (message) => receive(JSON.parse(message.data), on);
  socket.onclose = () => {
    for (const waiting of pending.values()) waiting.resolve({ events: [], failed: true });
    pending.clear();
    on.closed();
  };
}

/// Sends the command `name` with `words` as its arguments, each one word of it; resolves with
/// the events that answer it (`{ events, failed }`, or no events when the connection is lost).
export function ask(name, ...words) {
  return new Promise((resolve) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return resolve({ events: [], failed: true });
    const id = nextId++;
    pending.set(id, { events: [], resolve });
    socket.send(JSON.stringify({ id, command: name, arguments: words }));
  });
}

function receive(event, on) {
  if (event.id != null) on.answered(event.id);
  if (event.event === "changed") return on.changed();
  // An error that answers no request: the page itself was refused (too many pages open).
  if (event.event === "error" && event.id == null) return on.refused(event.message);
  const waiting = event.id == null ? null : pending.get(event.id);
  if (!waiting) return;
  if (event.event === "completed") {
    pending.delete(event.id);
    waiting.resolve({ events: waiting.events, failed: event.failed });
  } else {
    waiting.events.push(event);
  }
}

/// The event named `name` among a reply's events, if any.
export const answer = (reply, name) => reply.events.find((event) => event.event === name);

