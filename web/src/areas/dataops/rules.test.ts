import {
  evenSplit,
  nextDays,
  offeredDates,
  processedFileName,
  sectionIncomplete,
  sectionOnly,
  sectionsFor,
  showsRemaining,
  splitTree,
} from './rules';

describe('data screens rules', () => {
  it('sections by priority (7 like below 3)', () => {
    expect(sectionsFor(1)).toEqual(['branch', 'leader', 'sale']);
    expect(sectionsFor(7)).toEqual(['branch', 'leader', 'sale']);
    expect(sectionsFor(3)).toEqual(['leader', 'sale']);
    expect(sectionsFor(4)).toEqual(['sale']);
  });
  it('remaining counts', () => {
    expect(showsRemaining(7, 'sale')).toBe(true);
    expect(showsRemaining(4, 'leader')).toBe(true);
    expect(showsRemaining(4, 'sale')).toBe(false);
  });
  it('31 days from today for seniors, own dates from today for others', () => {
    const d = nextDays('2026-12-20');
    expect(d).toHaveLength(31);
    expect(d[12]).toBe('2027-01-01');
    expect(offeredDates(4, '2026-12-20', ['2026-12-25', '2026-12-19', '2026-12-21'])).toEqual(['2026-12-21', '2026-12-25']);
  });
  it('even split and the export name', () => {
    expect(evenSplit(10, 3)).toBe(3);
    expect(evenSplit(10, 0)).toBe(0);
    expect(processedFileName('data thang 11.xlsx')).toBe('DA-XU-LY-data thang 11.xlsx');
  });
  it('data permission saves only the section whose button was pressed', () => {
    const sale = { username: 'nv1', files: ['a.xlsx'], dates: ['2026-12-20'] };
    expect(sectionOnly('sale', sale)).toEqual({ sale });
  });
  it('a data permission section with nothing ticked is not saved, and says what is missing', () => {
    expect(sectionIncomplete({ username: '-99', files: [], dates: [] })).toBe('Chưa chọn tài khoản để phân quyền');
    expect(sectionIncomplete({ username: 'nv1', files: [], dates: ['2026-12-20'] })).toBe('Chưa chọn file nào để phân quyền');
    expect(sectionIncomplete({ username: '__ALL', files: ['a.xlsx'], dates: [] })).toBe('Chưa chọn ngày nào để phân quyền');
    expect(sectionIncomplete({ username: 'nv1', files: ['a.xlsx'], dates: ['2026-12-20'] })).toBeUndefined();
  });
  it('data split nests leaders and salespeople under their branch', () => {
    const t = (username: string, priority: number, user_id: string, brand_id = '', leader = '') => ({
      username,
      priority,
      user_id,
      brand_id,
      leader,
    });
    const targets = [
      t('cn_b', 3, 'B'),
      t('nv_b', 5, 'u3', 'B'),
      t('tn_a', 4, 'L', 'A'),
      t('nv_a', 5, 'u1', 'A', 'tn_a'),
      t('cn_a', 3, 'A'),
      t('nv_a2', 5, 'u2', 'A'),
    ];
    const rows = (show: { leader: boolean; sale: boolean }) =>
      splitTree(targets, show).map((r) => `${'-'.repeat(r.depth * 2)}${r.target.username}`);
    expect(rows({ leader: false, sale: false })).toEqual(['cn_b', 'cn_a']);
    expect(rows({ leader: true, sale: false })).toEqual(['cn_b', 'cn_a', '--tn_a']);
    expect(rows({ leader: true, sale: true })).toEqual(['cn_b', '----nv_b', 'cn_a', '--tn_a', '----nv_a', '----nv_a2']);
    expect(rows({ leader: false, sale: true })).toEqual(['cn_b', '--nv_b', 'cn_a', '--nv_a', '--nv_a2']);
  });
});
