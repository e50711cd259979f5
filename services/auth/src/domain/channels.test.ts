import { AppError } from '@cskh/kit';
import { assertCanToggleChannel, canFindChannel, parseChannel } from './channels';

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
  return 'ok';
}

describe('invite channels', () => {
  it('knows ma_xac_nhan_1..4 and their labels', () => {
    expect(parseChannel('ma_xac_nhan_1')).toEqual({ kenh: 'ma_xac_nhan_1', label: 'Mã xác nhận 1' });
    expect(parseChannel('ma_xac_nhan_4').label).toBe('Mã xác nhận 4');
  });
  it('refuses other channel names', () => {
    for (const n of ['ma_xac_nhan_5', '', 'toString', '__proto__']) expect(code(() => parseChannel(n))).toBe('VALIDATION');
  });
  it('lets only callers below 2 toggle, only for branch accounts', () => {
    expect(code(() => assertCanToggleChannel(1, 3))).toBe('ok');
    expect(code(() => assertCanToggleChannel(2, 3))).toBe('FORBIDDEN');
    expect(code(() => assertCanToggleChannel(1, 4))).toBe('FORBIDDEN');
    expect(code(() => assertCanToggleChannel(1, 2))).toBe('FORBIDDEN');
  });
  it('lets seniors look up anyone', () => {
    expect(canFindChannel({ priority: 2, username: 'm', brandUsername: null }, 'someone')).toBe(true);
  });
  it('lets staff look up only themselves or their branch', () => {
    const sale = { priority: 5, username: 'Sale1', brandUsername: 'CN_HN' };
    expect(canFindChannel(sale, 'sale1')).toBe(true);
    expect(canFindChannel(sale, 'cn_hn')).toBe(true);
    expect(canFindChannel(sale, 'CN_HCM')).toBe(false);
    expect(canFindChannel({ priority: 3, username: 'CN_HN', brandUsername: null }, 'CN_HCM')).toBe(false);
  });
});
