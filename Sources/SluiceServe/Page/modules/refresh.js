// When the page asks again for everything it shows. The server answers one request after
// another, in order, and says `changed` between them; so a pass reads everything the server
// did before its first request began, and a `changed` or a command covered by the pass under
// way costs no second pass.

/// Runs `pass` (an async function) whenever `refresh` is called, one pass at a time.
export function refresher(pass) {
  let running = null;
  let again = false;
  // The pass under way: the id of its first request, and whether any answer to it came.
  let current = null;

  return {
    /// Asks again for everything shown, `firstId` being the id the pass's first request will
    /// carry. A call while a pass is under way makes one more pass unless `coveredBy` says
    /// the one under way already shows what the caller wants: a jump then costs one pass.
    refresh(firstId, coveredBy = () => false) {
      if (running) {
        if (!coveredBy(current)) again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          current = { firstId: firstId(), answered: false };
          await pass();
        } while (again);
        running = null;
        current = null;
      })();
      return running;
    },
    /// Notes that an answer to request `id` came.
    answered(id) {
      if (current && id >= current.firstId) current.answered = true;
    },
    /// Whether a pass is under way.
    get isRefreshing() { return running != null; },
  };
}

/// A `changed` is covered by a pass none of whose answers came yet: the server told it
/// before it began the pass's first request.
export const beforeItsAnswers = (pass) => pass != null && !pass.answered;

/// A command with id `id` is covered by a pass whose first request was sent after it.
export const sentAfter = (id) => (pass) => pass != null && pass.firstId > id;
