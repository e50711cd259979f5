/**
 * Runs `task` once the browser has painted what is on screen now (the frame after this one has
 * begun; a hidden page, which paints no frames, after a short while). Returns its cancel.
 */
export function afterPaint(task: () => void, hiddenPageMs = 250): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  // A frame callback runs before that frame's paint; a task queued from it runs after the paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, hiddenPageMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
