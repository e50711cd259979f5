import { MSG } from './messages';

/** Largest amount a JS number carries exactly (bigint columns, int64 on the wire). */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

/**
 * An amount as the screens send it (integer đồng, maybe with 0,0 or 0.0 thousands separators or
 * spaces; a number is taken as it is) → the integer, or a Vietnamese message. Blank is `undefined`
 * (the caller decides whether it is required). Negative amounts and fractions are refused.
 */
export function parseAmount(raw: unknown, label: string): number | undefined | string {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? raw : MSG.amountInvalid(label);
  const s = String(raw).trim();
  if (s === '') return undefined;
  const compact = s.replace(/[\s.,]/g, '');
  if (!/^\d+$/.test(compact)) return MSG.amountInvalid(label);
  const n = Number(compact);
  return Number.isSafeInteger(n) && n <= MAX_AMOUNT ? n : MSG.amountInvalid(label);
}
