// Timers for k6 scripts that end a run: k6's own can run a callback long before its delay.
//
// k6 (v1.8.1, internal/js/tc55/timers) keeps one queue per VU and, when the first timer is due,
// queues a task that runs *whichever timer is first by then*. If that first timer is cleared after
// its task was queued (a socket that finishes and clears its timers, on a busy VU), the task runs
// the next one instead, however far off: a 30-s reply wait ended 15 s early, the lookup sent that
// same millisecond counted as lost. Reproduced: `k6 run load-tests/lib/timers-race.js` prints a 3-s
// timer run after 20 ms.
import { setTimeout, clearTimeout } from 'k6/timers';

/**
 * Runs `fn` once, no earlier than `delayMs` from now: a timer run early (above) is set again for
 * what remains. Returns a cancel function.
 */
export function after(delayMs, fn) {
  const due = Date.now() + delayMs;
  let id = null;
  const arm = () => {
    id = setTimeout(() => (Date.now() >= due ? fn() : arm()), Math.max(0, due - Date.now()));
  };
  arm();
  return () => clearTimeout(id);
}
