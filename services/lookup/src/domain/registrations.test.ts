import { staffScopeOf } from '@cskh/kit/data';
import { maskReply } from '@cskh/kit/server';
import {
  attribute,
  pageOf,
  presentRegistration as present,
  registrationVisible,
  staffFilterAllowed,
  visibleChannels,
} from './registrations';

/** What the viewer receives: the presenter, then the kit's reply step (masking, in one place for every route). */
const presentRegistration = <T extends Parameters<typeof present>[0]>(row: T, p: number, special: ReadonlySet<string>) =>
  (
    maskReply(
      '/cskh.lookup.v1.LookupService/Registrations9084',
      { values: [present(row, p, special)], count: 1 },
      { priority: p, username: 'nv_xem' },
    ) as {
      values: T[];
    }
  ).values[0];

const P: [string, string] = ['HNIMB', 'HCMMB'];
const see = (username: string, priority: number) => visibleChannels({ username, priority }, P);

describe('9084 channel visibility (spec 1 §2.14)', () => {
  it('seniors (priority below 3) see every channel', () => {
    expect(see('admin', 1)).toEqual(['d1', 'd9', 'ga24', 'tr8', 'ga22', 'ga23', 'vg8', 'dag9']);
    expect(see('HNIMB01', 2)).toEqual(['d1', 'd9', 'ga24', 'tr8', 'ga22', 'ga23', 'vg8', 'dag9']);
  });
  it('others outside both branch prefixes: d1, vg8, dag9', () => {
    expect(see('sale01', 5)).toEqual(['d1', 'vg8', 'dag9']);
    expect(see('leader', 3)).toEqual(['d1', 'vg8', 'dag9']);
  });
  it('first prefix: ga22 instead of d1', () => {
    expect(see('HNIMB_sale', 4)).toEqual(['ga22', 'vg8', 'dag9']);
    expect(see('hnimb_sale', 5)).toEqual(['ga22', 'vg8', 'dag9']);
  });
  it('second prefix: ga23 instead of d1', () => {
    expect(see('HCMMB7', 5)).toEqual(['ga23', 'vg8', 'dag9']);
  });
});

describe('special-account attribution', () => {
  const special = new Set(['admin']);
  const row = { SubAgent: 'd1', username_nv: 'admin', ten_nv: 'Quản trị' };
  it('is hidden from viewers of priority 3 or more', () => {
    expect(attribute(row, 3, special)).toEqual({ ...row, username_nv: '', ten_nv: '' });
    expect(attribute(row, 5, special)).toEqual({ ...row, username_nv: '', ten_nv: '' });
  });
  it('is shown to seniors, and other rows are untouched', () => {
    expect(attribute(row, 2, special)).toBe(row);
    const other = { ...row, username_nv: 'sale01', ten_nv: 'NV 1' };
    expect(attribute(other, 5, special)).toBe(other);
  });
  it('filtering by the special account yields nothing for priority 3 or more', () => {
    expect(staffFilterAllowed('admin', 4, special)).toBe(false);
    expect(staffFilterAllowed('ADMIN', 4, special)).toBe(false);
    expect(staffFilterAllowed('admin', 1, special)).toBe(true);
    expect(staffFilterAllowed('sale01', 4, special)).toBe(true);
    expect(staffFilterAllowed('', 4, special)).toBe(true);
  });
});

describe('whose 9084 rows a viewer sees (the staff scope)', () => {
  const special = new Set(['admin']);
  // Hà Nội: branch hn, leader tn_hn, salespeople nv_hn1 (tn_hn's group) and nv_hn2 (another group); HCM: nv_hcm.
  const members = new Map(
    [
      { username: 'tn_hn', brand_id: 'hn', group_id: '' },
      { username: 'nv_hn1', brand_id: 'hn', group_id: 'tn_hn' },
      { username: 'nv_hn2', brand_id: 'hn', group_id: 'tn_other' },
      { username: 'nv_hcm', brand_id: 'hcm', group_id: 'tn_hcm' },
    ].map((m) => [m.username, m]),
  );
  const viewer = (username: string, priority: number) => staffScopeOf({ username, priority, userId: username });
  const sees = (v: ReturnType<typeof viewer>) =>
    ['nv_hn1', 'nv_hn2', 'nv_hcm', 'tn_hn', 'stranger'].filter((u) => registrationVisible({ username_nv: u }, v, members, special));

  it('priority below 3 sees every seller', () => {
    expect(sees(viewer('boss', 2))).toEqual(['nv_hn1', 'nv_hn2', 'nv_hcm', 'tn_hn', 'stranger']);
  });
  it('a branch its branch, a leader their group, a salesperson themself', () => {
    expect(sees(viewer('hn', 3))).toEqual(['nv_hn1', 'nv_hn2', 'tn_hn']);
    expect(sees(viewer('tn_hn', 4))).toEqual(['nv_hn1', 'tn_hn']);
    expect(sees(viewer('nv_hn1', 5))).toEqual(['nv_hn1']);
    expect(sees(viewer('nv_hcm', 5))).toEqual(['nv_hcm']);
  });
  it('rows credited to nobody of ours (the special account, no seller) are seen by everyone (spec 1 §2.14: shown unattributed)', () => {
    for (const u of ['admin', 'ADMIN', '', '  '])
      expect(registrationVisible({ username_nv: u }, viewer('nv_hcm', 5), members, special)).toBe(true);
  });
});

describe('a 9084 row as the viewer sees it', () => {
  const special = new Set(['admin']);
  const row = {
    SubAgent: 'd1',
    NumberPhone: '84897413117',
    Result: 'Thuê bao 0897413117 không đủ tiền, liên hệ 0912 345 678',
    username_nv: 'nv_tuan',
    ten_nv: 'Tuấn',
  };
  it('priority 3 and above: four stars and the last 5 digits, in the phone and in the result text', () => {
    for (const p of [3, 4, 5]) {
      const r = presentRegistration(row, p, special);
      expect(r.NumberPhone).toBe('****13117');
      expect(r.Result).toBe('Thuê bao ****13117 không đủ tiền, liên hệ ****45678');
      expect(r).toMatchObject({ username_nv: 'nv_tuan', ten_nv: 'Tuấn', SubAgent: 'd1' });
    }
  });
  it('priority below 3: the last 9 digits, the text as written', () => {
    expect(presentRegistration(row, 2, special)).toEqual({ ...row, NumberPhone: '897413117' });
  });
  it('the special account unattributed for priority 3 and above', () => {
    expect(presentRegistration({ ...row, username_nv: 'admin' }, 5, special)).toMatchObject({ username_nv: '', ten_nv: '' });
  });
});

describe('pageOf (rows filtered here)', () => {
  const rows = [1, 2, 3, 4, 5];
  it('a page, all rows, or an export window', () => {
    expect(pageOf(rows, { skip: 2, take: 2 })).toEqual([3, 4]);
    expect(pageOf(rows, { skip: 0, take: undefined })).toEqual(rows);
    expect(pageOf(rows, { skip: 0, take: undefined, window: { skip: 3, take: 10 } })).toEqual([4, 5]);
  });
});
