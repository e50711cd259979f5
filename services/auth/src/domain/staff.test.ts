import { thrownAppError } from '@cskh/kit/testing';
import {
  assertCanActOn,
  assertCanAssignRole,
  assertGrantable,
  assertLockable,
  assertPermissionEditor,
  effectivePermissions,
  isDigits,
  ownBrandId,
  placeStaff,
  validateNewUser,
  validateResetPassword,
  validateUserEdit,
} from './staff';

const caught = thrownAppError;

const BRAND = { id: 'b1', priority: 3, is_deleted: false };

describe('role bounds', () => {
  it('lets a caller assign their own priority or weaker', () => {
    expect(() => assertCanAssignRole(2, 2)).not.toThrow();
    expect(() => assertCanAssignRole(2, 5)).not.toThrow();
  });
  it('refuses a role more powerful than the caller', () => {
    const e = caught(() => assertCanAssignRole(3, 2));
    expect(e.code).toBe('FORBIDDEN');
    expect(e.msg).toBe('Bạn không thể gán vai trò cao hơn vai trò của mình');
  });
  it('refuses acting on a more powerful user', () => {
    expect(caught(() => assertCanActOn(2, 1)).code).toBe('FORBIDDEN');
    expect(() => assertCanActOn(2, 2)).not.toThrow();
  });
});

describe('lock / unlock', () => {
  const caller = { userId: 'me', priority: 1 };
  it('never touches priority-1 accounts', () => {
    expect(caught(() => assertLockable(caller, { id: 'x', priority: 1 })).code).toBe('FORBIDDEN');
  });
  it('allows targets above 1', () => {
    expect(() => assertLockable(caller, { id: 'x', priority: 2 })).not.toThrow();
    expect(() => assertLockable(caller, { id: 'x', priority: 5 })).not.toThrow();
  });
  it('refuses locking oneself', () => {
    expect(caught(() => assertLockable({ userId: 'me', priority: 2 }, { id: 'me', priority: 2 })).msg).toBe(
      'Không thể khoá tài khoản của chính mình',
    );
  });
  it('refuses a target more powerful than the caller', () => {
    expect(caught(() => assertLockable({ userId: 'me', priority: 4 }, { id: 'x', priority: 3 })).code).toBe('FORBIDDEN');
  });
});

describe('per-user permission editor', () => {
  it('is for callers below 3 only', () => {
    expect(() => assertPermissionEditor(1, 5)).not.toThrow();
    expect(() => assertPermissionEditor(2, 3)).not.toThrow();
    expect(caught(() => assertPermissionEditor(3, 5)).code).toBe('FORBIDDEN');
  });
  it('never edits priority-1 targets', () => {
    expect(caught(() => assertPermissionEditor(1, 1)).code).toBe('FORBIDDEN');
  });
});

describe('granting permissions', () => {
  it('lets priority 1 grant anything', () => {
    expect(() => assertGrantable(1, [], [], ['systemaccount'])).not.toThrow();
  });
  it('refuses adding a code the caller lacks, naming it', () => {
    const e = caught(() => assertGrantable(2, ['user.get'], [], ['user.get', 'systemaccount']));
    expect(e.code).toBe('FORBIDDEN');
    expect(e.msg).toContain('systemaccount');
    expect(e.msg).not.toContain('user.get');
  });
  it('keeps codes that were already there', () => {
    expect(() => assertGrantable(2, [], ['systemaccount'], ['systemaccount'])).not.toThrow();
  });
});

describe('placing a user under a branch and leader', () => {
  it('drops branch and leader below priority 4', () => {
    expect(placeStaff({ rolePriority: 3, brandId: 'b1', groupId: 'l1', brand: BRAND, leaderIdsOfBrand: ['l1'] })).toEqual({
      brand_id: null,
      group_id: null,
    });
  });
  it('requires a branch from priority 4', () => {
    const e = caught(() => placeStaff({ rolePriority: 4, brandId: null, groupId: null, brand: null, leaderIdsOfBrand: [] }));
    expect(e.code).toBe('VALIDATION');
    expect(e.msg).toBe('Vui lòng chọn chi nhánh');
  });
  it('requires the branch to be an existing priority-3 account', () => {
    expect(caught(() => placeStaff({ rolePriority: 4, brandId: 'b1', groupId: null, brand: null, leaderIdsOfBrand: [] })).msg).toBe(
      'Chi nhánh không hợp lệ',
    );
    expect(
      caught(() => placeStaff({ rolePriority: 4, brandId: 'b1', groupId: null, brand: { ...BRAND, priority: 4 }, leaderIdsOfBrand: [] }))
        .msg,
    ).toBe('Chi nhánh không hợp lệ');
    expect(
      caught(() =>
        placeStaff({ rolePriority: 4, brandId: 'b1', groupId: null, brand: { ...BRAND, is_deleted: true }, leaderIdsOfBrand: [] }),
      ).msg,
    ).toBe('Chi nhánh không hợp lệ');
  });
  it('keeps the branch but no leader for priority 4', () => {
    expect(placeStaff({ rolePriority: 4, brandId: 'b1', groupId: 'l1', brand: BRAND, leaderIdsOfBrand: ['l1'] })).toEqual({
      brand_id: 'b1',
      group_id: null,
    });
  });
  it('requires a leader for priority 5 when the branch has leaders', () => {
    expect(caught(() => placeStaff({ rolePriority: 5, brandId: 'b1', groupId: null, brand: BRAND, leaderIdsOfBrand: ['l1'] })).msg).toBe(
      'Vui lòng chọn nhóm',
    );
  });
  it('requires the leader to belong to the branch', () => {
    expect(caught(() => placeStaff({ rolePriority: 5, brandId: 'b1', groupId: 'l9', brand: BRAND, leaderIdsOfBrand: ['l1'] })).msg).toBe(
      'Nhóm không thuộc chi nhánh đã chọn',
    );
  });
  it('accepts priority 5 without a leader when the branch has none', () => {
    expect(placeStaff({ rolePriority: 5, brandId: 'b1', groupId: null, brand: BRAND, leaderIdsOfBrand: [] })).toEqual({
      brand_id: 'b1',
      group_id: null,
    });
  });
  it('accepts priority 5 with one of the branch leaders', () => {
    expect(placeStaff({ rolePriority: 5, brandId: 'b1', groupId: 'l1', brand: BRAND, leaderIdsOfBrand: ['l1', 'l2'] })).toEqual({
      brand_id: 'b1',
      group_id: 'l1',
    });
  });
});

describe('create and edit forms', () => {
  const ok = { fullname: ' Nguyễn Văn A ', username: ' nva ', password: 'secret', email: 'a@x.vn', phone: '0912' };
  it('trims and accepts a complete form', () => {
    expect(validateNewUser(ok)).toEqual({ ...ok, fullname: 'Nguyễn Văn A', username: 'nva' });
  });
  it('names every missing field', () => {
    const e = caught(() => validateNewUser({ fullname: '', username: '', password: '', email: '', phone: '' }));
    expect(e.code).toBe('VALIDATION');
    expect(e.msg).toBe('Vui lòng nhập đầy đủ: họ tên, tên đăng nhập, mật khẩu, email');
  });
  it('refuses usernames with spaces', () => {
    expect(caught(() => validateNewUser({ ...ok, username: 'a b' })).code).toBe('VALIDATION');
  });
  it('refuses non-numeric phones', () => {
    expect(caught(() => validateNewUser({ ...ok, phone: '09a' })).msg).toBe('Số điện thoại chỉ được chứa chữ số');
    expect(caught(() => validateUserEdit({ fullname: 'A', email: 'e', phone: '+84' })).msg).toBe('Số điện thoại chỉ được chứa chữ số');
  });
  it('requires name and email on edit', () => {
    expect(caught(() => validateUserEdit({ fullname: ' ', email: '', phone: '' })).msg).toBe('Vui lòng nhập đầy đủ: họ tên, email');
  });
  it('accepts an empty phone', () => {
    expect(isDigits('')).toBe(true);
    expect(isDigits('0912345678')).toBe(true);
  });
});

describe('reset password', () => {
  it('needs both fields', () => {
    expect(caught(() => validateResetPassword('abc', '')).msg).toBe('Vui lòng nhập mật khẩu mới và xác nhận mật khẩu');
  });
  it('needs them equal', () => {
    expect(caught(() => validateResetPassword('abc', 'abd')).msg).toBe('Mật khẩu xác nhận không khớp');
  });
  it('returns the new password', () => {
    expect(validateResetPassword('abc', 'abc')).toBe('abc');
  });
});

describe('effective permissions and brands', () => {
  it('uses the own set once edited, even when empty', () => {
    expect(effectivePermissions(true, ['a'], ['a', 'b'])).toEqual(['a']);
    expect(effectivePermissions(true, [], ['a', 'b'])).toEqual([]);
  });
  it("uses the role's set otherwise", () => {
    expect(effectivePermissions(false, ['a'], ['a', 'b'])).toEqual(['a', 'b']);
  });
  it('makes a branch its own brand', () => {
    expect(ownBrandId({ id: 'u3', brand_id: null }, 3)).toBe('u3');
    expect(ownBrandId({ id: 'u5', brand_id: 'b1' }, 5)).toBe('b1');
    expect(ownBrandId({ id: 'u1', brand_id: null }, 1)).toBeNull();
  });
});
