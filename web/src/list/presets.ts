/**
 * Opening a list already filtered from another screen (e.g. bank lookup → the refund request or the
 * order of a transfer): `presetFilters(listId, values)` before opening the tab; the list with that
 * id takes the values as its filters — at mount when the tab opens now, or at once when it is
 * already open — searches with them and forgets them. Unnamed filters keep their defaults.
 */
type Listener = () => void;

const pending = new Map<string, Record<string, unknown>>();
const listeners = new Map<string, Set<Listener>>();

export function presetFilters(listId: string, values: Record<string, unknown>): void {
  pending.set(listId, values);
  listeners.get(listId)?.forEach((l) => l());
}

/** The preset waiting for this list, taken (a second call answers undefined). */
export function takePreset(listId: string): Record<string, unknown> | undefined {
  const v = pending.get(listId);
  pending.delete(listId);
  return v;
}

/** Called when a preset arrives for this list; returns the unsubscribe. */
export function onPreset(listId: string, listener: Listener): () => void {
  if (!listeners.has(listId)) listeners.set(listId, new Set());
  listeners.get(listId)!.add(listener);
  return () => listeners.get(listId)?.delete(listener);
}
