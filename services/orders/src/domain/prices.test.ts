import { MSG } from './messages';
import { parseAmount } from './money';
import { lastByName, parsePrice, tierPrice } from './prices';

describe('parseAmount', () => {
  it('reads digits with or without 0,0 separators, refuses the rest', () => {
    expect(parseAmount('1.500.000', 'Giá T1')).toBe(1500000);
    expect(parseAmount('1,500,000', 'Giá T1')).toBe(1500000);
    expect(parseAmount(' 0 ', 'Giá T1')).toBe(0);
    expect(parseAmount(250000, 'Giá T1')).toBe(250000);
    expect(parseAmount('', 'Giá T1')).toBeUndefined();
    expect(parseAmount('-5', 'Giá T1')).toBe(MSG.amountInvalid('Giá T1'));
    expect(parseAmount('12a', 'Giá T1')).toBe(MSG.amountInvalid('Giá T1'));
    expect(parseAmount(1.5, 'Giá T1')).toBe(MSG.amountInvalid('Giá T1'));
    expect(parseAmount('99999999999999999999', 'Giá T1')).toBe(MSG.amountInvalid('Giá T1'));
  });
  it('bounds one amount at 1,000,000,000 đồng', () => {
    expect(parseAmount('1.000.000.000', 'Giá T1')).toBe(1_000_000_000);
    expect(parseAmount('1.000.000.001', 'Giá T1')).toBe(MSG.amountInvalid('Giá T1'));
    expect(parseAmount(9007199254740991, 'Giá T1')).toBe(MSG.amountInvalid('Giá T1'));
  });
});

describe('parsePrice', () => {
  it('needs all five fields; 0 is a value', () => {
    expect(parsePrice({ ten_goi_cuoc: ' MXH100 ', phi_thu_hoi: '0', gia_t1: '100.000', gia_t2: '90000', gia_t3: 80000 })).toEqual({
      ten_goi_cuoc: 'MXH100',
      phi_thu_hoi: 0,
      gia_t1: 100000,
      gia_t2: 90000,
      gia_t3: 80000,
    });
    expect(parsePrice({ ten_goi_cuoc: 'MXH100', phi_thu_hoi: '0', gia_t1: '1', gia_t2: '', gia_t3: '1' })).toBe(MSG.required);
    expect(parsePrice({ ten_goi_cuoc: '  ', phi_thu_hoi: '0', gia_t1: '1', gia_t2: '1', gia_t3: '1' })).toBe(MSG.required);
    expect(parsePrice({ ten_goi_cuoc: 'A', phi_thu_hoi: 'x', gia_t1: '1', gia_t2: '1', gia_t3: '1' })).toBe(
      MSG.amountInvalid('Phí thu hồi'),
    );
  });
});

describe('tiers and de-duplication', () => {
  it('picks the tier price and keeps the last row of a name', () => {
    const p = { gia_t1: 100, gia_t2: 90, gia_t3: 80 };
    expect([1, 2, 3, 4].map((t) => tierPrice(p, t))).toEqual([100, 90, 80, 0]);
    expect(
      lastByName([
        { ten_goi_cuoc: 'A', v: 1 },
        { ten_goi_cuoc: 'B', v: 2 },
        { ten_goi_cuoc: 'A', v: 3 },
      ]),
    ).toEqual([
      { ten_goi_cuoc: 'B', v: 2 },
      { ten_goi_cuoc: 'A', v: 3 },
    ]);
  });
});
