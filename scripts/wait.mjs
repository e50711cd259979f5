// Waiting until something holds, for the scripts that run without TypeScript (the .mjs launchers)
// and for production code (scripts/component.ts): the same loop as the kit's test-only `settle`
// and `until` (services/kit/src/testing.ts), which these cannot load.

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads until `ok` holds or `ms` pass, and returns the last reading either way (the caller decides
 * what a reading that never became ok means).
 */
export async function settle(read, ok, ms, everyMs = 100) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await sleep(everyMs);
  }
}

/** Resolves once check() resolves truthy (a rejection counts as not yet); throws naming `what` after `timeoutMs`. */
export async function waitFor(what, check, timeoutMs = 60_000, everyMs = 100) {
  const ready = await settle(
    () =>
      Promise.resolve()
        .then(check)
        .catch(() => false),
    Boolean,
    timeoutMs,
    everyMs,
  );
  if (!ready) throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}
