/**
 * Who is looking (username, role priority, permission codes) and the any-of permission match: what
 * the session (common/session.ts) and the menu's rules (shell/menu.ts) share, so neither imports
 * the other.
 */
export interface MenuViewer {
  username: string;
  priority: number;
  permissions: string[];
}

/** Any-of match; a code ending in '.*' matches every code with that prefix. */
export function holdsAny(held: string[], wanted: string[] | undefined): boolean {
  if (!wanted || wanted.length === 0) return true;
  const set = new Set(held);
  return wanted.some((w) => (w.endsWith('.*') ? held.some((h) => h.startsWith(w.slice(0, -1))) : set.has(w)));
}
