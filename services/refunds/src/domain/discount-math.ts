/**
 * The discount maths of spec 2 §5 as pure arithmetic, with no import, so that the server
 * (`discount.ts`, which adds its checks and Vietnamese errors) and the web dialogs
 * ('Hoàn tiền gói cước', 'Nạp tiền chiết khấu': the transfer amount live as the face amount is
 * typed, and back) compute the very same đồng. Integer đồng, rates in hundredths of a percent
 * (3.5 % = 350), half-up rounding:
 *   transfer amount  = round(amount − amount × rate / 100)
 *   reverse          = round(100 × amount / (100 − rate))
 */

/** Integer division rounded half up, for n ≥ 0 and d > 0. */
const divRound = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/** What the customer transfers for a top-up of `amount` at `rateHundredths` (amount ≥ 0, integer). */
export const transferOf = (amount: number, rateHundredths: number): number => divRound(amount * (10000 - rateHundredths), 10000);

/** The top-up amount whose transfer amount is `transfer` (rate below 100 %). */
export const faceOf = (transfer: number, rateHundredths: number): number => divRound(transfer * 10000, 10000 - rateHundredths);

/** A stored rate setting ('10', '3.5') → hundredths of a percent; anything unreadable → null. */
export function rateHundredthsOf(stored: string | number | null | undefined): number | null {
  const s = String(stored ?? '')
    .trim()
    .replace(',', '.');
  if (!/^\d{1,3}(\.\d+)?$/.test(s)) return null;
  const n = Math.round(Number(s) * 100);
  return n >= 0 && n <= 10000 ? n : null;
}
