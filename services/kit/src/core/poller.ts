/**
 * A worker that runs `run` every `everyMs` (first after `firstAfterMs`), at once again when a run
 * says there is more (a full batch), and never two runs at a time. A failed run is reported and
 * retried on the next tick. Returns its stop, which waits for a run in progress.
 */
export function startPoller(opts: {
  everyMs: number;
  firstAfterMs?: number;
  /** One run; true when it stopped at its batch size and more is due now. */
  run: () => Promise<boolean>;
  onError: (err: unknown) => void;
}): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    let more = false;
    try {
      more = await opts.run();
    } catch (err) {
      opts.onError(err);
    }
    if (!stopped) timer = setTimeout(() => void (running = tick()), more ? 0 : opts.everyMs);
  };
  timer = setTimeout(() => void (running = tick()), opts.firstAfterMs ?? opts.everyMs);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
