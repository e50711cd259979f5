import { countWithShare } from './api';

describe('busy-signal cells (spec 2 §2.6)', () => {
  it('shows the count and its share of the results returned', () => {
    expect(countWithShare(0, 0)).toBe('0 (0%)');
    expect(countWithShare(3, 0)).toBe('0 (0%)');
    expect(countWithShare(1, 3)).toBe('1 (33.33%)');
    expect(countWithShare(2, 4)).toBe('2 (50%)');
  });
});
