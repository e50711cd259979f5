import { amountBeforeDiscount, discountedAmount, packageRefundAmount, shownRate } from './discount';
import { PRICE_FIELDS, Prices } from './prices';

/**
 * Hand-worked examples of spec 2 §5 (rates in hundredths of a percent: 10 % = 1000).
 *   100 000 at 10 %:   100 000 − 100 000 × 10 / 100 = 90 000
 *   123 456 at 3.5 %:  123 456 − 4 320.96 = 119 135.04 → 119 135
 *   10 001 at 2.5 %:   10 001 − 250.025 = 9 750.975 → 9 751
 *   50 at 1 %:         50 − 0.5 = 49.5 → 50 (half up)
 * Reverse:
 *   90 000 at 10 %:    100 × 90 000 / 90 = 100 000
 *   119 135 at 3.5 %:  100 × 119 135 / 96.5 = 123 455.95 → 123 456
 *   100 at 3 %:        10 000 / 97 = 103.09 → 103
 * Derived rate: refund 200 000, final 185 000 → 15 000 / 200 000 × 100 = 7.5 → 7.
 */
describe('discount maths (spec 2 §5)', () => {
  it('transfer amount = round(amount − amount × rate / 100)', () => {
    expect(discountedAmount(100000, 1000)).toBe(90000);
    expect(discountedAmount(123456, 350)).toBe(119135);
    expect(discountedAmount(10001, 250)).toBe(9751);
    expect(discountedAmount(50, 100)).toBe(50);
    expect(discountedAmount(100000, 0)).toBe(100000);
    expect(discountedAmount(100000, 10000)).toBe(0);
  });
  it('reverse = round(100 × amount / (100 − rate)), and a round trip lands on the transfer amount', () => {
    expect(amountBeforeDiscount(90000, 1000)).toBe(100000);
    expect(amountBeforeDiscount(119135, 350)).toBe(123456);
    expect(amountBeforeDiscount(100, 300)).toBe(103);
    expect(() => amountBeforeDiscount(100, 10000)).toThrow();
    for (const [t, r] of [
      [119135, 350],
      [77777, 725],
      [1, 1999],
    ])
      expect(discountedAmount(amountBeforeDiscount(t, r), r)).toBe(t);
  });
  it('the shown rate is the stored one, else derived and truncated', () => {
    expect(shownRate(null, 200000, 185000)).toBe(7);
    expect(shownRate(3.5, 200000, 185000)).toBe(3.5);
    expect(shownRate(undefined, 0, 0)).toBe(0);
  });
  it('the refund amount of a package refund comes from the price list by method', () => {
    const prices = Object.fromEntries(PRICE_FIELDS.map((f, i) => [f, (i + 1) * 1000])) as Prices;
    expect(packageRefundAmount(prices, 1)).toBe(1000); // renewal: gia_gia_han
    expect(packageRefundAmount(prices, 10)).toBe(10000); // G1
    expect(packageRefundAmount(prices, 12)).toBe(12000); // G3
    expect(() => packageRefundAmount(prices, 13)).toThrow();
  });
});
