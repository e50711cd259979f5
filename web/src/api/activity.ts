/**
 * Whether the page is still waiting for the server: the API requests in flight (every call of
 * `client.ts` counts), and since when none has been. Work that can wait (the code of screens not
 * open yet) waits for the page to be quiet, so that it never competes with the screen in front.
 */
let inFlight = 0;
let quietSince = performance.now();

/** Counts `answer` as in flight until it settles; returns it unchanged. */
export function trackRequest<T>(answer: Promise<T>): Promise<T> {
  inFlight++;
  const settled = () => {
    inFlight--;
    if (inFlight === 0) quietSince = performance.now();
  };
  answer.then(settled, settled);
  return answer;
}

/**
 * Runs `task` once no API request has been in flight for `quietMs`, counted from this call at the
 * earliest (a request that starts meanwhile starts the count again). Returns its cancel.
 */
export function afterRequestsQuiet(quietMs: number, task: () => void): () => void {
  const armedAt = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const quietFor = inFlight === 0 ? performance.now() - Math.max(quietSince, armedAt) : 0;
    if (quietFor >= quietMs) task();
    else timer = setTimeout(check, quietMs - quietFor);
  };
  check();
  return () => clearTimeout(timer);
}
