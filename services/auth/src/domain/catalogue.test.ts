import { ADMIN_CODES, ALL_CODES, PERMISSION_CATALOGUE, PRIORITY7_ADMIN_CODES, SEED_ROLES } from './catalogue';

const MENU_CODES = [
  'customer.get',
  'customer.care',
  'khr',
  'mfy',
  'dangky9279',
  'blacklist',
  'baodo',
  'tilebatso',
  'lookup.balance',
  'lookup.package',
  'lookup.info',
  'lookup.bank',
  'history.999',
  'history.909',
  'history.9084',
  'history.9332',
  'mes1414otp',
  'requestrefund',
  'requestrefund.duyet-don-chuyen-khoan',
  'requestrefund.doi-kenh-hoan-tien',
  'care.otp',
  'care.otpnew',
  'care.otpnew1',
  'care.otpnew2',
  'care.9332',
  'care.selling',
  'care.dk',
  'tinhluong',
  'reportbranchrevenue',
  'reportstaffrevenue',
  'report90849332',
  'requestrefundreport',
  'report9279',
  'dsdttinhluong',
];
const SPEC_ADMIN_CODES = [
  'user.get',
  'user.edit',
  'user.add',
  'user.delete',
  'lstracuu',
  'role.get',
  'role.add',
  'role.edit',
  'role.delete',
  'giahoantien',
  'giagoimfy',
  'giagoidangky9279',
  'systemaccount',
  'quetdata',
  'quetdatakhonggoi',
  'quetdtct',
  'uploadchiadata',
  'phanquyendata',
  'chiadata',
  'settings',
  'moigoihomsau',
];

describe('permission catalogue', () => {
  it('holds every code the specs name', () => {
    for (const c of [...MENU_CODES, ...SPEC_ADMIN_CODES]) expect(ALL_CODES).toContain(c);
  });
  it('has no duplicate codes and names every entry in Vietnamese with a category', () => {
    expect(new Set(ALL_CODES).size).toBe(ALL_CODES.length);
    for (const p of PERMISSION_CATALOGUE) {
      expect(p.name.trim()).not.toBe('');
      expect(p.category.trim()).not.toBe('');
    }
  });
  it('seeds roles for priorities 1, 2, 3, 4, 5 and 7 with known codes only', () => {
    expect(SEED_ROLES.map((r) => r.priority).sort()).toEqual([1, 2, 3, 4, 5, 7]);
    for (const r of SEED_ROLES) for (const c of r.codes) expect(ALL_CODES).toContain(c);
  });
  it('gives priority 1 everything', () => {
    expect([...SEED_ROLES.find((r) => r.priority === 1)!.codes].sort()).toEqual([...ALL_CODES].sort());
  });
  it('gives salespeople care and lookups but no admin code', () => {
    const sale = SEED_ROLES.find((r) => r.priority === 5)!.codes;
    for (const c of ADMIN_CODES) expect(sale).not.toContain(c);
    for (const c of ['customer.care', 'lookup.balance', 'care.otp']) expect(sale).toContain(c);
  });
  it('gives the data coordinator (priority 7) only codes it can use: no admin-section code but data permission and division', () => {
    const coordinator = SEED_ROLES.find((r) => r.priority === 7)!;
    const adminHeld = coordinator.codes.filter((c) => ADMIN_CODES.includes(c));
    expect(adminHeld.sort()).toEqual([...PRIORITY7_ADMIN_CODES].sort());
    expect(PRIORITY7_ADMIN_CODES).toEqual(['phanquyendata', 'chiadata']);
    // Detailed subscriber info needs priority below 5 (spec 1 §2.12): useless at 7.
    expect(coordinator.codes).not.toContain('lookup.info');
  });
});
