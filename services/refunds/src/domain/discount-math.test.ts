import { faceOf, rateHundredthsOf, transferOf } from './discount-math';
import { discountedAmount } from './discount';

/** The one rule the server and the refund dialogs share (spec 2 §5); hand-worked in discount.test.ts. */
describe('shared discount arithmetic (server and web dialogs)', () => {
  it('face 100,000 at 10 % → transfer 90,000; transfer 90,000 → face 100,000', () => {
    expect(transferOf(100000, 1000)).toBe(90000);
    expect(faceOf(90000, 1000)).toBe(100000);
    expect(transferOf(123456, 350)).toBe(119135);
    expect(faceOf(119135, 350)).toBe(123456);
  });
  it('the server computes exactly what the dialog shows', () => {
    for (const rate of [0, 250, 350, 1000, 1550])
      for (const a of [0, 1, 999, 10001, 123456, 500000]) expect(discountedAmount(a, rate)).toBe(transferOf(a, rate));
  });
  it('a transfer amount typed in the dialog comes back as itself from the face amount it fills', () => {
    for (const rate of [250, 350, 1000, 1550]) for (let t = 90000; t < 90400; t++) expect(transferOf(faceOf(t, rate), rate)).toBe(t);
  });
  it('a stored rate reads as hundredths of a percent ("3,5" as typed too); nonsense is null', () => {
    expect(rateHundredthsOf('10')).toBe(1000);
    expect(rateHundredthsOf('3.5')).toBe(350);
    expect(rateHundredthsOf('3,5')).toBe(350);
    expect(rateHundredthsOf(0)).toBe(0);
    expect(rateHundredthsOf('')).toBeNull();
    expect(rateHundredthsOf('abc')).toBeNull();
    expect(rateHundredthsOf('150')).toBeNull();
  });
});
