/**
 * Runs `task` once the page has painted its first content (the browser's paint timing reports it;
 * at once if it already has, or if the page is hidden and paints nothing). Returns its cancel.
 */
export function afterFirstPaint(task: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cleanup();
    task();
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const observer =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')
      ? new PerformanceObserver(() => {
          if (painted()) run();
        })
      : undefined;
  const onHidden = () => {
    if (document.visibilityState === 'hidden') run();
  };
  const cleanup = () => {
    observer?.disconnect();
    document.removeEventListener('visibilitychange', onHidden);
  };
  if (!observer || painted() || document.visibilityState === 'hidden') {
    run();
    return () => undefined;
  }
  observer.observe({ type: 'paint' });
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    done = true;
    cleanup();
  };
}
