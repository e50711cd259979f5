import { MSG } from './messages';
import { checkDecision, ownRecord, parseBaodo, parseKhr, parseResult } from './khr-baodo';

describe('private customers and red reports', () => {
  it('needs phone and success date; the red report also package and one of the three channels', () => {
    expect(parseKhr({ so_dien_thoai: '912345678', ngay_thanh_cong: '05/03/2026' })).toEqual({
      so_dien_thoai: '0912345678',
      ngay_thanh_cong: '2026-03-05',
    });
    expect(parseKhr({ so_dien_thoai: '912345678' })).toBe(MSG.required);
    expect(parseKhr({ so_dien_thoai: '912345678', ngay_thanh_cong: '32/01/2026' })).toBe(MSG.dateInvalid);
    const ok = { so_dien_thoai: '0912345678', ngay_thanh_cong: '2026-03-05', ten_goi_cuoc: 'MXH100', kenh: '9084 (4)' };
    expect(parseBaodo(ok)).toEqual({
      so_dien_thoai: '0912345678',
      ngay_thanh_cong: '2026-03-05',
      ten_goi_cuoc: 'MXH100',
      kenh: '9084 (4)',
      ly_do: '',
    });
    expect(parseBaodo({ ...ok, kenh: '' })).toBe(MSG.required);
    expect(parseBaodo({ ...ok, kenh: '999' })).toBe(MSG.channelInvalid);
  });
  it('decides pending records only; results SUCCESS/FAILD with FAILED read as FAILD', () => {
    expect(checkDecision('0', '1')).toBe('1');
    expect(checkDecision('0', 2)).toBe('2');
    expect(checkDecision('1', '2')).toEqual({ error: MSG.alreadyDecided });
    expect(checkDecision('0', '3')).toEqual({ error: MSG.decisionInvalid });
    expect(['success', 'FAILED', 'FAILD', '0', 'x'].map(parseResult)).toEqual(['SUCCESS', 'FAILD', 'FAILD', '0', undefined]);
  });
});

describe('ownRecord', () => {
  it("is the viewer's own record when its staff member is the viewer", () => {
    expect(ownRecord({ username: 'tn_hanoi' }, { username_nv: 'tn_hanoi' })).toBe(true);
    expect(ownRecord({ username: 'tn_hanoi' }, { username_nv: 'nv_tuan' })).toBe(false);
  });
});
