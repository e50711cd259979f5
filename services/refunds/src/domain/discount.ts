import { AppError } from '@cskh/kit';
import type { Prices } from './prices';
import { faceOf, transferOf } from './discount-math';

/**
 * The discount maths of spec 2 §5, on integer đồng and rates in hundredths of a percent (3.5 % =
 * 350), so no floating point decides a đồng:
 *   transfer amount  = round(amount − amount × rate / 100)
 *   reverse          = round(100 × amount / (100 − rate))
 *   derived rate     = (refund − final amount) / refund × 100, truncated
 * "round" is half away from zero, the accountant's rounding (all amounts here are ≥ 0). The arithmetic
 * is `discount-math.ts`, shared with the web dialogs; this adds the checks.
 */

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new AppError('VALIDATION', 'Số tiền không hợp lệ');
}

/** What the customer transfers for a top-up of `amount` at `rate` (hundredths of a percent). */
export function discountedAmount(amount: number, rateHundredths: number): number {
  checkAmount(amount);
  return transferOf(amount, rateHundredths);
}

/** The top-up amount whose discounted amount is `transfer` (the dialog's reverse entry). */
export function amountBeforeDiscount(transfer: number, rateHundredths: number): number {
  checkAmount(transfer);
  if (rateHundredths >= 10000) throw new AppError('VALIDATION', 'Tỉ lệ chiết khấu 100% không tính ngược được số tiền');
  return faceOf(transfer, rateHundredths);
}

/** The rate shown for a request: the stored one, else derived from the amounts, truncated to whole percent. */
export function shownRate(stored: number | null | undefined, refund: number, finalAmount: number): number {
  if (stored !== null && stored !== undefined) return stored;
  if (!(refund > 0)) return 0;
  return Math.trunc(((refund - finalAmount) * 100) / refund);
}

/** request_method (spec 2 §4): 1 renewal, 2–4 T1–T3, 5–9 HT0–HT4, 10–12 G1–G3 → the price list column. */
export const METHOD_PRICE: Readonly<Record<number, keyof Prices>> = {
  1: 'gia_gia_han',
  2: 'gia_nang_cap',
  3: 'gia_nang_cap_t2',
  4: 'gia_nang_cap_t3',
  5: 'gia_nang_cap_ht0',
  6: 'gia_nang_cap_ht1',
  7: 'gia_nang_cap_ht2',
  8: 'gia_nang_cap_ht3',
  9: 'gia_nang_cap_ht4',
  10: 'gia_nang_cap_g1',
  11: 'gia_nang_cap_g2',
  12: 'gia_nang_cap_g3',
};

/** The refund amount of a package refund: the package's price for the method. */
export function packageRefundAmount(prices: Prices, method: number): number {
  const col = METHOD_PRICE[method];
  if (!col) throw new AppError('VALIDATION', 'Hình thức không hợp lệ');
  return prices[col];
}
