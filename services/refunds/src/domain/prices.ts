import { AppError } from '@cskh/kit';
import { MSG } from './messages';

/** The thirteen prices of a package in the refund price list (spec 3 §3 "Refund price"), integer đồng. */
export const PRICE_FIELDS = [
  'gia_gia_han',
  'gia_nang_cap',
  'gia_nang_cap_t2',
  'gia_nang_cap_t3',
  'gia_nang_cap_ht0',
  'gia_nang_cap_ht1',
  'gia_nang_cap_ht2',
  'gia_nang_cap_ht3',
  'gia_nang_cap_ht4',
  'gia_nang_cap_g1',
  'gia_nang_cap_g2',
  'gia_nang_cap_g3',
  'gia_goi',
] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

export type Prices = Record<PriceField, number>;
export interface RefundPriceValues extends Prices {
  ten_goi_cuoc: string;
}

export const MAX_PACKAGE_NAME = 50;

/** Package names match whatever the case and surrounding spaces (import dedupe, findPackage). */
export const packageKey = (name: string) => name.trim().toUpperCase();

/**
 * A price record as sent (create, update, one import row): all fourteen fields present (spec 3 §5
 * "all fourteen fields must be non-empty"), prices whole đồng and not negative. A string refuses it.
 */
export function parsePriceInput(
  input: { ten_goi_cuoc?: string } & Partial<Record<PriceField, number | undefined | null>>,
): RefundPriceValues | string {
  const name = String(input.ten_goi_cuoc ?? '').trim();
  if (!name) return MSG.requiredMissing;
  if (name.length > MAX_PACKAGE_NAME) return MSG.priceNameTooLong;
  const out = { ten_goi_cuoc: name } as RefundPriceValues;
  for (const f of PRICE_FIELDS) {
    const v = input[f];
    if (v === undefined || v === null) return MSG.requiredMissing;
    if (!Number.isSafeInteger(v)) return MSG.requiredMissing;
    if (v < 0) return MSG.priceNegative;
    out[f] = v;
  }
  return out;
}

export function requirePriceInput(input: Parameters<typeof parsePriceInput>[0]): RefundPriceValues {
  const r = parsePriceInput(input);
  if (typeof r === 'string') throw new AppError('VALIDATION', r);
  return r;
}

/** Import rows with the same package name collapse to the last one (spec 3 §3), in sheet order. */
export function lastByName<T extends { ten_goi_cuoc: string }>(rows: readonly T[]): T[] {
  const byName = new Map<string, T>();
  for (const r of rows) {
    byName.delete(packageKey(r.ten_goi_cuoc));
    byName.set(packageKey(r.ten_goi_cuoc), r);
  }
  return [...byName.values()];
}
