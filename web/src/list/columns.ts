import type { ColumnDef } from './types';

/**
 * Which columns a list shows: those not `hidden` at first, then as the user chose from 'Cột'
 * (remembered per list in this browser). The index and actions columns always show: the row
 * actions must stay at hand.
 */
const storageKey = (listId: string) => `cskh:columns:${listId}`;

/** Columns the user may show or hide. */
export const choosableColumns = <R>(columns: ColumnDef<R>[]) => columns.filter((c) => c.kind !== 'index' && c.kind !== 'actions');

/** The user's choice for this list: field → shown. */
export type ColumnChoice = Record<string, boolean>;

export function loadColumnChoice(listId: string): ColumnChoice {
  try {
    const raw = localStorage.getItem(storageKey(listId));
    const parsed = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ColumnChoice) : {};
  } catch {
    return {};
  }
}

export function saveColumnChoice(listId: string, choice: ColumnChoice) {
  try {
    localStorage.setItem(storageKey(listId), JSON.stringify(choice));
  } catch {
    /* a full or blocked storage only forgets the choice */
  }
}

/** Whether a column shows, given the user's choice (their choice wins over the column's default). */
export function isColumnShown<R>(c: ColumnDef<R>, choice: ColumnChoice): boolean {
  if (c.kind === 'index' || c.kind === 'actions') return true;
  return choice[c.field] ?? !c.hidden;
}

/** The columns with these fields marked `hidden` (shown at first only when the user asks). */
export function hiddenAtFirst<R>(fields: ReadonlySet<string>, columns: ColumnDef<R>[]): ColumnDef<R>[] {
  return columns.map((c) => (fields.has(c.field) ? { ...c, hidden: true } : c));
}
