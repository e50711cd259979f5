// k6's timer race (see timers.js), on its own: `k6 run load-tests/lib/timers-race.js`.
// Prints when a 3-s timer runs; with k6 v1.8.1 it runs after ~20 ms. Then the same through
// `after`, which runs it after 3 s.
import { setTimeout, clearTimeout } from 'k6/timers';
import { after } from './timers.js';

export const options = { vus: 1, iterations: 1 };

function race(schedule) {
  const start = Date.now();
  const first = setTimeout(() => undefined, 1);
  const busyUntil = Date.now() + 20;
  while (Date.now() < busyUntil); // the 1-ms timer is due: k6 queues its task
  schedule(() => console.log(`a 3-s timer ran after ${Date.now() - start} ms`), 3000);
  clearTimeout(first); // the queued task now runs the 3-s timer
}

export default function () {
  race((fn, ms) => setTimeout(fn, ms));
  setTimeout(() => race((fn, ms) => after(ms, fn)), 3500);
}
