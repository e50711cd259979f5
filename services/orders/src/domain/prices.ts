import { vnDateTime } from '@cskh/kit';
import type { orders_v1_orders } from '@cskh/proto';
import { MSG, PRICE_LABELS } from './messages';
import { parseAmount } from './money';

/** The two price lists (spec 3 §2.13, §2.14): same shape, separate tables of names. */
export type PriceKind = 'mfy' | '9279';

/** A checked package price (integer đồng). */
export interface PriceInput {
  ten_goi_cuoc: string;
  phi_thu_hoi: number;
  gia_t1: number;
  gia_t2: number;
  gia_t3: number;
}

/** A stored price row (orders.package_price). */
export interface PriceRow extends PriceInput {
  id: string;
  kind: PriceKind;
  created_at: Date;
}

const AMOUNTS = ['phi_thu_hoi', 'gia_t1', 'gia_t2', 'gia_t3'] as const;

/**
 * A price as the dialog or a sheet row sends it → the checked price, or the message. All five
 * fields are required (spec 3 §5 "Package price dialog": nothing is saved unless all are filled);
 * the dialog's defaults are '0', so 0 is a valid amount.
 */
export function parsePrice(raw: Partial<Record<keyof PriceInput, unknown>>): PriceInput | string {
  const name = String(raw.ten_goi_cuoc ?? '').trim();
  if (!name) return MSG.required;
  if (name.length > 100) return MSG.priceNameTooLong;
  const out: PriceInput = { ten_goi_cuoc: name, phi_thu_hoi: 0, gia_t1: 0, gia_t2: 0, gia_t3: 0 };
  for (const f of AMOUNTS) {
    const v = parseAmount(raw[f], PRICE_LABELS[f]);
    if (v === undefined) return MSG.required;
    if (typeof v === 'string') return v;
    out[f] = v;
  }
  return out;
}

/** The price of tier 1, 2 or 3 (spec 3 §9 "Price tiers"). */
export function tierPrice(p: Pick<PriceInput, 'gia_t1' | 'gia_t2' | 'gia_t3'>, tier: number): number {
  return Number(tier === 1 ? p.gia_t1 : tier === 2 ? p.gia_t2 : tier === 3 ? p.gia_t3 : 0);
}

/**
 * Rows of one import chunk with the same package name collapse to the last one (spec 3 §3
 * "de-duplicated by package name", and the refund list's "last one" rule, which we follow).
 */
export function lastByName<T extends { ten_goi_cuoc: string }>(rows: readonly T[]): T[] {
  const m = new Map<string, T>();
  for (const r of rows) {
    m.delete(r.ten_goi_cuoc);
    m.set(r.ten_goi_cuoc, r);
  }
  return [...m.values()];
}

export function presentPrice(r: PriceRow): orders_v1_orders.PackagePrice {
  return {
    id: r.id,
    ten_goi_cuoc: r.ten_goi_cuoc,
    phi_thu_hoi: Number(r.phi_thu_hoi),
    gia_t1: Number(r.gia_t1),
    gia_t2: Number(r.gia_t2),
    gia_t3: Number(r.gia_t3),
    createdAt: vnDateTime(r.created_at),
  };
}
