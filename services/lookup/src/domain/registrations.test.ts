import { attribute, staffFilterAllowed, visibleChannels } from './registrations';

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
