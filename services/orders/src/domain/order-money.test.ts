import {
  clawback,
  deriveMoney,
  effectiveSalaryRatio,
  parseRatio,
  parseSignedAmount,
  revenueRatio,
  salaryRevenue,
  UNSET_RATIO,
} from './order-money';

describe('order money (worked examples of the README)', () => {
  it('a T2 sale of a package listed 100,000 / 90,000 / 80,000', () => {
    // revenue 90,000 is 90 % of T1; no salary ratio of its own → 90 %; a +10,000 difference counts.
    expect(deriveMoney({ doanh_thu: 90000, chenh_lech: 10000, ti_le_doanh_thu_tinh_luong: UNSET_RATIO, gia_t1: 100000 })).toEqual({
      ti_le_doanh_thu: 90,
      doanh_thu_tinh_luong: 90000,
    });
  });
  it('an order with its own salary ratio of 50 % and a discount', () => {
    expect(deriveMoney({ doanh_thu: 100000, chenh_lech: -20000, ti_le_doanh_thu_tinh_luong: 50, gia_t1: 100000 })).toEqual({
      ti_le_doanh_thu: 100,
      doanh_thu_tinh_luong: 40000,
    });
  });
  it('a package not on the list has no ratio and so no salary revenue unless a ratio is set', () => {
    expect(revenueRatio(50000, 0)).toBe(0);
    expect(deriveMoney({ doanh_thu: 50000, chenh_lech: 0, ti_le_doanh_thu_tinh_luong: UNSET_RATIO, gia_t1: 0 }).doanh_thu_tinh_luong).toBe(
      0,
    );
    expect(deriveMoney({ doanh_thu: 50000, chenh_lech: 0, ti_le_doanh_thu_tinh_luong: 80, gia_t1: 0 }).doanh_thu_tinh_luong).toBe(40000);
  });
  it('rounds ratios to 2 places and salary revenue to the đồng, never below 0', () => {
    expect(revenueRatio(80000, 90000)).toBe(88.89);
    expect(salaryRevenue(10000, -30000, 100)).toBe(0);
    expect(salaryRevenue(33333, 0, 33.33)).toBe(11110);
    expect(effectiveSalaryRatio(0, 90)).toBe(0);
  });
  it('clawback = credited salary revenue + recovery fee', () => {
    expect(clawback(90000, 15000)).toBe(105000);
    expect(clawback(0, 0)).toBe(0);
  });
  it('parses ratios and signed amounts as managers type them', () => {
    expect(parseRatio('80,5')).toBe(80.5);
    expect(parseRatio('-1')).toBe(-1);
    expect(typeof parseRatio('-2')).toBe('string');
    expect(typeof parseRatio('')).toBe('string');
    expect(parseSignedAmount('-10.000')).toBe(-10000);
    expect(parseSignedAmount('5,000')).toBe(5000);
    expect(typeof parseSignedAmount('abc')).toBe('string');
    // Bounded either way at 1,000,000,000 đồng.
    expect(parseSignedAmount('-1.000.000.000')).toBe(-1_000_000_000);
    expect(typeof parseSignedAmount('9007199254740991')).toBe('string');
    expect(typeof parseSignedAmount('-1000000001')).toBe('string');
  });
});
