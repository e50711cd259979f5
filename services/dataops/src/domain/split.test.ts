import { applyQuantities, evenSplit, unallocated } from './split';

describe('even split (spec 3 §2.7: floor(total / targets))', () => {
  it('gives each target the floor of the share', () => {
    expect(evenSplit(100, 3)).toBe(33);
    expect(evenSplit(7, 7)).toBe(1);
    expect(evenSplit(5, 6)).toBe(0);
  });
  it('gives nothing without targets or numbers', () => {
    expect(evenSplit(100, 0)).toBe(0);
    expect(evenSplit(0, 4)).toBe(0);
  });
});

describe('quantities of a file', () => {
  const current = [
    { username: 'sale01', quantity: 40, taken: 10 },
    { username: 'sale02', quantity: 30, taken: 0 },
  ];
  it('sets the listed accounts and keeps the others', () => {
    const r = applyQuantities(100, current, [{ username: 'sale02', quantity: 60 }]);
    expect(r).toEqual([
      { username: 'sale01', quantity: 40, taken: 10 },
      { username: 'sale02', quantity: 60, taken: 0 },
    ]);
    expect(unallocated(100, r as any)).toBe(0);
  });
  it('refuses a sum above the total, naming what is left for the listed accounts', () => {
    expect(applyQuantities(100, current, [{ username: 'sale02', quantity: 61 }])).toBe(
      'Số lượng chia vượt quá số còn lại của file (còn 60)',
    );
  });
  it('refuses going below what the account already took', () => {
    expect(applyQuantities(100, current, [{ username: 'sale01', quantity: 9 }])).toBe('sale01 đã lấy 10 số, không thể chia ít hơn');
  });
  it('refuses negative or fractional quantities', () => {
    expect(applyQuantities(100, current, [{ username: 'x', quantity: -1 }])).toBe('Số lượng phải là số nguyên không âm');
    expect(applyQuantities(100, current, [{ username: 'x', quantity: 1.5 }])).toBe('Số lượng phải là số nguyên không âm');
  });
  it('adds a new account', () => {
    expect(applyQuantities(100, [], [{ username: 'leader01', quantity: 100 }])).toEqual([
      { username: 'leader01', quantity: 100, taken: 0 },
    ]);
  });
});
