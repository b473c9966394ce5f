// The slider: the shell's `jump`. Dragging asks for many targets; only the last of those
// asked while a jump is under way is jumped to, and a target the session is at, or is being
// moved to, is no jump again (the shell would print it twice: a click or a key fires the
// slider's `input` and then its `change` with the same value).
import { ask, nextRequestId } from "sluice/connection";
import { showError } from "sluice/dom";
import { session } from "sluice/session";

/// What the slider did: whether it is being dragged, whether a jump is under way, and each
/// jump made with how long it took, until the page showed it, in milliseconds.
export const slider = { dragging: false, jumping: false, jumps: [] };

let nextJump = null;
/// The jump being asked for, while one is.
let jumpUnderWay = null;

/// Jumps the session to `index`, after the jump under way. `afterEach(id)` is what the owner
/// does once a jump, asked with request `id`, is answered: redraw what the jump moved.
export async function jumpTo(index, afterEach) {
  if (index === jumpUnderWay || (jumpUnderWay === null && session.travelled && index === session.position)) {
    nextJump = null;
    return;
  }
  nextJump = index;
  if (slider.jumping) return;
  slider.jumping = true;
  while (nextJump != null) {
    const target = nextJump;
    nextJump = null;
    jumpUnderWay = target;
    const started = performance.now();
    const id = nextRequestId();
    showError(await ask("jump", target), ["jump", target]);
    await afterEach(id);
    slider.jumps.push({ to: target, ms: performance.now() - started });
  }
  jumpUnderWay = null;
  slider.jumping = false;
  document.body.dataset.jumped = String(slider.jumps.length);
}
