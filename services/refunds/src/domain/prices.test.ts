import { MSG } from './messages';
import { lastByName, parsePriceInput, PRICE_FIELDS } from './prices';

const full = (over: Record<string, unknown> = {}) => ({
  ten_goi_cuoc: ' MXH100 ',
  ...Object.fromEntries(PRICE_FIELDS.map((f, i) => [f, (i + 1) * 1000])),
  ...over,
});

describe('refund price input', () => {
  it('takes all fourteen fields, trimming the name', () => {
    const r = parsePriceInput(full());
    expect(r).toMatchObject({ ten_goi_cuoc: 'MXH100', gia_gia_han: 1000, gia_goi: 13000 });
  });
  it('refuses a missing name or any missing price (0 is a price, absence is not)', () => {
    expect(parsePriceInput(full({ ten_goi_cuoc: '  ' }))).toBe(MSG.requiredMissing);
    expect(parsePriceInput(full({ gia_nang_cap_g2: undefined }))).toBe(MSG.requiredMissing);
    expect(parsePriceInput(full({ gia_goi: 0 }))).toMatchObject({ gia_goi: 0 });
    expect(parsePriceInput(full({ gia_goi: -1 }))).toBe(MSG.priceNegative);
    expect(parsePriceInput(full({ ten_goi_cuoc: 'x'.repeat(51) }))).toBe(MSG.priceNameTooLong);
  });
  it('duplicates by name keep the last row, whatever the case', () => {
    const rows = [
      { ten_goi_cuoc: 'A', p: 1 },
      { ten_goi_cuoc: 'b', p: 2 },
      { ten_goi_cuoc: 'a ', p: 3 },
    ];
    expect(lastByName(rows)).toEqual([
      { ten_goi_cuoc: 'b', p: 2 },
      { ten_goi_cuoc: 'a ', p: 3 },
    ]);
  });
});
