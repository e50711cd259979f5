import { MSG } from './messages';

/**
 * Largest single amount the business allows, in đồng (a price or a revenue of 1 tỷ is
 * already far beyond any package; 9,007,199,254,740,991 had been stored). It keeps every total of
 * millions of rows exact in a JS number too.
 */
export const MAX_AMOUNT = 1_000_000_000;

/**
 * An amount as the screens send it (integer đồng, maybe with 0,0 or 0.0 thousands separators or
 * spaces; a number is taken as it is) → the integer, or a Vietnamese message. Blank is `undefined`
 * (the caller decides whether it is required). Negative amounts and fractions are refused.
 */
export function parseAmount(raw: unknown, label: string): number | undefined | string {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 && raw <= MAX_AMOUNT ? raw : MSG.amountInvalid(label);
  const s = String(raw).trim();
  if (s === '') return undefined;
  const compact = s.replace(/[\s.,]/g, '');
  if (!/^\d+$/.test(compact)) return MSG.amountInvalid(label);
  const n = Number(compact);
  return Number.isSafeInteger(n) && n <= MAX_AMOUNT ? n : MSG.amountInvalid(label);
}
