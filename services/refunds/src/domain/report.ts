import { AppError } from '@cskh/kit';
import { RMSG } from './messages';

/** Clawback statuses (spec 2 §4), kept separately for the package refund and the extra refund. */
export const CLAWBACK = ['truy_thu', 'da_truy_thu', 'binh_thuong'] as const;
export type Clawback = (typeof CLAWBACK)[number];

/** Order kinds of the report filter: refunds (types 1–4) or top-ups (type 5). */
export const ORDER_KIND = { hoan_tien: 'request_type <> 5', nap_tien: 'request_type = 5' } as const;

/** A clawback status to set; any value may follow any other (spec 2 §4 shows no restriction). */
export function checkClawback(v: unknown): Clawback {
  const s = String(v ?? '').trim();
  if (!(CLAWBACK as readonly string[]).includes(s)) throw new AppError('VALIDATION', RMSG.clawbackInvalid);
  return s as Clawback;
}

/** A clawback filter value: blank for all. */
export function clawbackFilter(v: unknown): Clawback | undefined {
  const s = String(v ?? '').trim();
  return s ? checkClawback(s) : undefined;
}

export function orderKindFilter(v: unknown): string | undefined {
  const s = String(v ?? '').trim();
  if (!s) return undefined;
  if (!Object.hasOwn(ORDER_KIND, s)) throw new AppError('VALIDATION', RMSG.orderKindInvalid);
  return ORDER_KIND[s as keyof typeof ORDER_KIND];
}

/**
 * What one request owes back, in SQL over refunds.refund_request (summed per staff member by the
 * database): the package refund (or, for a top-up, the transfer the customer owed) when its status
 * is truy_thu, plus the extra refund when that status is truy_thu. 'da_truy_thu' is already back.
 */
export const CLAWBACK_SQL = `(CASE WHEN trang_thai_truy_thu_hoan_theo_goi = 'truy_thu'
      THEN CASE WHEN request_type = 5 THEN transfer_final_amount ELSE refund_price END ELSE 0 END
  + CASE WHEN trang_thai_truy_thu_hoan_them = 'truy_thu' THEN other_refund ELSE 0 END)`;
