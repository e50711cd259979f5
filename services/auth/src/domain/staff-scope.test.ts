import { thrownAppError } from '@cskh/kit/testing';
import { assertManagesAccount, assertPlacementInScope, assertSeesAccount, managesAccount } from './staff-scope';

const caught = thrownAppError;

const HN = 'b-hn';
const HCM = 'b-hcm';
const TN_HN = 'l-hn';
const TN_HN2 = 'l-hn2';
const viewer = (priority: number, userId: string, username: string) => ({ priority, userId, username });
const admin = viewer(1, 'admin-id', 'admin');
const manager = viewer(2, 'ql-id', 'ql_hoa');
const cnHanoi = viewer(3, HN, 'cn_hanoi');
const tnHanoi = viewer(4, TN_HN, 'tn_hanoi');
const nvLinh = viewer(5, 'nv-linh', 'nv_linh');

const account = (username: string, brand_id: string | null, group_id: string | null) => ({ username, brand_id, group_id });
const nvNam = account('nv_nam', HCM, 'l-hcm');
const cnHcm = account('cn_hcm', null, null);
const nvHn = account('nv_tuan', HN, TN_HN);
const nvHn2 = account('nv_trang', HN, TN_HN2);
const tnHn = account('tn_hanoi', HN, null);
const cnHn = account('cn_hanoi', null, null);

describe('who manages an account', () => {
  it('seniors (priority 1–2) manage everyone', () => {
    for (const v of [admin, manager]) for (const a of [nvNam, cnHcm, nvHn, cnHn]) expect(managesAccount(v, a)).toBe(true);
  });
  it('a branch manages the accounts placed in it and itself, nothing of another branch', () => {
    expect([nvHn, nvHn2, tnHn, cnHn].every((a) => managesAccount(cnHanoi, a))).toBe(true);
    expect(managesAccount(cnHanoi, nvNam)).toBe(false);
    expect(managesAccount(cnHanoi, cnHcm)).toBe(false);
  });
  it('a leader manages its group and itself, not the other group nor its branch', () => {
    expect(managesAccount(tnHanoi, nvHn)).toBe(true);
    expect(managesAccount(tnHanoi, tnHn)).toBe(true);
    expect(managesAccount(tnHanoi, nvHn2)).toBe(false);
    expect(managesAccount(tnHanoi, cnHn)).toBe(false);
  });
  it('anyone else only themself', () => {
    expect(managesAccount(nvLinh, account('nv_linh', HN, TN_HN))).toBe(true);
    expect(managesAccount(nvLinh, nvHn)).toBe(false);
  });
  it('reading outside answers NOT_FOUND, acting answers FORBIDDEN, both in Vietnamese', () => {
    expect(caught(() => assertSeesAccount(cnHanoi, nvNam))).toMatchObject({ code: 'NOT_FOUND', msg: 'Không tìm thấy nhân viên' });
    expect(caught(() => assertManagesAccount(cnHanoi, cnHcm))).toMatchObject({
      code: 'FORBIDDEN',
      msg: 'Nhân viên không thuộc quyền quản lý của bạn',
    });
    expect(() => assertSeesAccount(cnHanoi, nvHn)).not.toThrow();
    expect(() => assertManagesAccount(manager, nvNam)).not.toThrow();
  });
});

describe('where a caller may place an account', () => {
  const place = (brand_id: string | null, group_id: string | null) => ({ brand_id, group_id });
  const refused = (fn: () => void) => caught(fn);

  it('seniors place anywhere, a new branch included', () => {
    expect(() => assertPlacementInScope(manager, place(HCM, 'l-hcm'))).not.toThrow();
    expect(() => assertPlacementInScope(manager, place(null, null))).not.toThrow();
  });
  it('a branch places only inside its own branch, never a branch of its own making', () => {
    expect(() => assertPlacementInScope(cnHanoi, place(HN, TN_HN2), place(HN, TN_HN))).not.toThrow();
    expect(() => assertPlacementInScope(cnHanoi, place(HN, null))).not.toThrow();
    // Pulling someone in from another branch is refused by who they are, not where they go.
    expect(() => assertPlacementInScope(cnHanoi, place(HN, TN_HN), place(HCM, 'l-hcm'))).not.toThrow();
    expect(refused(() => assertManagesAccount(cnHanoi, nvNam)).code).toBe('FORBIDDEN');
    expect(refused(() => assertPlacementInScope(cnHanoi, place(HCM, null)))).toMatchObject({
      code: 'FORBIDDEN',
      msg: 'Bạn chỉ được xếp nhân viên vào chi nhánh hoặc nhóm của mình',
    });
    expect(refused(() => assertPlacementInScope(cnHanoi, place(null, null))).code).toBe('FORBIDDEN');
  });
  it('a leader places only inside its own group', () => {
    expect(() => assertPlacementInScope(tnHanoi, place(HN, TN_HN))).not.toThrow();
    expect(refused(() => assertPlacementInScope(tnHanoi, place(HN, TN_HN2))).code).toBe('FORBIDDEN');
    expect(refused(() => assertPlacementInScope(tnHanoi, place(HN, null))).code).toBe('FORBIDDEN');
  });
  it('oneself keeps one’s place but may not move it', () => {
    expect(() => assertPlacementInScope(cnHanoi, place(null, null), place(null, null), true)).not.toThrow();
    expect(() => assertPlacementInScope(tnHanoi, place(HN, null), place(HN, null), true)).not.toThrow();
    expect(refused(() => assertPlacementInScope(tnHanoi, place(HCM, null), place(HN, null), true)).code).toBe('FORBIDDEN');
    expect(refused(() => assertPlacementInScope(cnHanoi, place(HCM, null), place(null, null), true)).code).toBe('FORBIDDEN');
    // Unchanged is not enough for somebody else: the place itself must be inside.
    expect(refused(() => assertPlacementInScope(cnHanoi, place(HCM, null), place(HCM, null), false)).code).toBe('FORBIDDEN');
  });
  it('anyone else places no one', () => {
    expect(refused(() => assertPlacementInScope(nvLinh, place(HN, TN_HN))).code).toBe('FORBIDDEN');
  });
});
