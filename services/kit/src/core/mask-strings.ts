import { isPhone, maskPhonesInText, phoneMaskedFor } from './phone';

/** Who reads a value: the masking rule covers priority 3 and above; their own rows may be exempt. */
export interface MaskViewer {
  priority: number;
  username: string;
}

/** Why a field is left as written, and on which rows (declared in the proto, see options.proto `unmasked`). */
export interface MaskException {
  reason: string;
  /** Only on rows whose named field is the viewer's username. */
  forOwner?: string;
  /** Only on rows whose named bool field is true. */
  whileTrue?: string;
}

/** A row's own phones: its string fields that hold a whole phone (each masked wherever it appears in the row). */
export function ownPhonesOf(row: Record<string, unknown>, fields: Iterable<string>): string[] {
  const out: string[] = [];
  for (const f of fields) {
    const v = row[f];
    if (typeof v === 'string' && v.length <= 20 && isPhone(v.trim())) out.push(v);
  }
  return out;
}

/** A UUID is an id, never a phone, even when a run of its digits has a phone's shape. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One string as the viewer may see it: every phone masked (kit `maskPhonesInText`), ids untouched. */
export function maskString(s: string, viewer: Pick<MaskViewer, 'priority'>, ownPhones: readonly string[]): string {
  return UUID.test(s) ? s : maskPhonesInText(s, viewer.priority, ...ownPhones);
}

/** Whether a declared exception leaves this row's field as written for this viewer. */
export function exempt(e: MaskException | undefined, row: Record<string, unknown>, viewer: MaskViewer): boolean {
  if (!e) return false;
  if (e.forOwner && row[e.forOwner] !== viewer.username) return false;
  if (e.whileTrue && row[e.whileTrue] !== true) return false;
  return true;
}

/**
 * Any JSON value (a socket reply, a push) as the viewer may see it: for the viewers the masking
 * rule covers, every string in it — nested objects and lists included — has its phones masked;
 * each object's whole-phone fields are masked wherever they appear in that object and below.
 * `keep` names top-level fields left as written (a socket reply's match value: the caller's own
 * query, echoed for the browser to match the answer). A new copy; the value given is not changed.
 */
export function maskEveryString<T>(value: T, viewer: MaskViewer, keep: readonly string[] = []): T {
  if (!phoneMaskedFor(viewer.priority)) return value;
  const walk = (v: unknown, own: readonly string[], top: boolean): unknown => {
    if (typeof v === 'string') return maskString(v, viewer, own);
    if (Array.isArray(v)) return v.map((x) => walk(x, own, false));
    if (!v || typeof v !== 'object') return v;
    const row = v as Record<string, unknown>;
    const mine = [...own, ...ownPhonesOf(row, Object.keys(row))];
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(row)) out[k] = top && keep.includes(k) ? x : walk(x, mine, false);
    return out;
  };
  return walk(value, [], true) as T;
}
