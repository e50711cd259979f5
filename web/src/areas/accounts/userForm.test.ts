import { makeSession } from '../../common/session';
import type { FormContext } from '../../form/types';
import { isFieldVisible, missingRequired, submitValues } from '../../form/values';
import type { User } from './api';
import { assignableRoles, chosenRole, createUserRequest, userFormConfig, type UserValues } from './userForm';

const ROLES = [
  { id: 'r1', name: 'Quản trị hệ thống', priority: 1, permissions: [], user_count: 0 },
  { id: 'r2', name: 'Quản lý', priority: 2, permissions: [], user_count: 0 },
  { id: 'r3', name: 'Chi nhánh', priority: 3, permissions: [], user_count: 0 },
  { id: 'r4', name: 'Trưởng nhóm', priority: 4, permissions: [], user_count: 0 },
  { id: 'r5', name: 'Nhân viên kinh doanh', priority: 5, permissions: [], user_count: 0 },
];
const ctx = (priority: number, roles = ROLES, extra: Partial<FormContext['options']> = {}): FormContext<User> => ({
  viewer: makeSession({ username: 'm' } as any, { id: 'x', name: 'x', priority }, []),
  mode: 'create',
  row: null,
  options: { role: assignableRoles(roles, priority).map((r) => ({ value: r.id, label: r.name, data: r })), ...extra },
});
const fields = userFormConfig(async () => ROLES).fields;
const field = (key: string) => fields.find((f) => f.key === key)!;

describe('role', () => {
  it('is required: a blank choice stands for no role at all, never the first one', () => {
    expect(chosenRole({ role: '' }, ctx(1))).toBeUndefined();
    expect(chosenRole({ role: 'r5' }, ctx(2))?.name).toBe('Nhân viên kinh doanh');
    const v = { fullname: 'A', username: 'a', password: 'p', email: 'a@x.vn', phone: '', role: '', brand: '', group: '' };
    expect(missingRequired(fields, v, ctx(1)).map((f) => f.key)).toEqual(['role']);
    expect(missingRequired(fields, v, ctx(2)).map((f) => f.key)).toEqual(['role']);
  });

  it('offers a manager only roles at or below their own', () => {
    expect(assignableRoles(ROLES, 2).map((r) => r.id)).toEqual(['r2', 'r3', 'r4', 'r5']);
  });

  it('is sent as chosen', () => {
    const values = { fullname: 'A', username: 'a', password: 'p', email: 'a@x.vn', phone: '', role: 'r3', brand: '', group: '' };
    const req = createUserRequest(submitValues(fields, values, ctx(2)) as UserValues);
    expect(req.role).toBe('r3');
    expect(req.brand).toBe('00000000-0000-0000-0000-000000000000');
  });
});

describe('brand and group', () => {
  it('needs a brand from priority 4 on, shown only once such a role is chosen', () => {
    const v = { fullname: 'A', username: 'a', password: 'p', email: 'a@x.vn', role: 'r4', brand: '', group: '' };
    expect(missingRequired(fields, v, ctx(1)).map((f) => f.key)).toEqual(['brand']);
    expect(isFieldVisible(field('brand'), { role: 'r3' }, ctx(1))).toBe(false);
    // No role chosen yet: no brand asked for.
    expect(isFieldVisible(field('brand'), { role: '' }, ctx(4))).toBe(false);
    expect(isFieldVisible(field('brand'), { role: 'r4' }, ctx(4))).toBe(true);
  });

  it("needs a group for priority 5 only when the brand's leader list is not empty", () => {
    const v = { role: 'r5', brand: 'b1', group: '' };
    expect(isFieldVisible(field('group'), v, ctx(1, ROLES, { group: [] }))).toBe(false);
    expect(isFieldVisible(field('group'), v, ctx(1, ROLES, { group: [{ value: 'l1', label: 'l1' }] }))).toBe(true);
    expect(isFieldVisible(field('group'), { ...v, role: 'r4' }, ctx(1, ROLES, { group: [{ value: 'l1', label: 'l1' }] }))).toBe(false);
  });

  it('requires fullname, username, password and email', () => {
    expect(missingRequired(fields, { role: 'r3' }, ctx(1)).map((f) => f.key)).toEqual(['fullname', 'username', 'password', 'email']);
  });
});
