/**
 * Opening a list already filtered from another screen (e.g. bank lookup → the refund request or the
 * order of a transfer): `presetFilters(listId, values)` before opening the tab; the list with that
 * id takes the values as its filters — at mount when the tab opens now, or at once when it is
 * already open — and searches with them. Unnamed filters keep their defaults. A preset holds for a
 * few seconds, for every mount of that list meanwhile (a screen that mounts its list again while it
 * loads its own data still opens filtered), then is forgotten.
 */
type Listener = () => void;

/** How long a preset waits for its list to mount. */
export const PRESET_TTL_MS = 5000;

const pending = new Map<string, { values: Record<string, unknown>; at: number }>();
const listeners = new Map<string, Set<Listener>>();

export function presetFilters(listId: string, values: Record<string, unknown>, now = Date.now()): void {
  pending.set(listId, { values, at: now });
  listeners.get(listId)?.forEach((l) => l());
}

/** The preset waiting for this list, if it is still fresh. */
export function takePreset(listId: string, now = Date.now()): Record<string, unknown> | undefined {
  const p = pending.get(listId);
  if (!p) return undefined;
  if (now - p.at > PRESET_TTL_MS) {
    pending.delete(listId);
    return undefined;
  }
  return p.values;
}

/** Called when a preset arrives for this list; returns the unsubscribe. */
export function onPreset(listId: string, listener: Listener): () => void {
  if (!listeners.has(listId)) listeners.set(listId, new Set());
  listeners.get(listId)!.add(listener);
  return () => listeners.get(listId)?.delete(listener);
}
