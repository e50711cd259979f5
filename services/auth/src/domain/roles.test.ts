import { thrownAppError } from '@cskh/kit/testing';
import { assertPriorityChangeable, assertRoleDeletable, assertRoleEditable, validateRole } from './roles';

const err = thrownAppError;

describe('role dialog', () => {
  it('requires a name', () => {
    expect(err(() => validateRole({ name: '  ', priority: 3 })).msg).toBe('Vui lòng nhập tên vai trò');
  });
  it('requires a priority from 1 to 7', () => {
    for (const p of [0, 8, 2.5, NaN])
      expect(err(() => validateRole({ name: 'X', priority: p })).msg).toBe('Cấp độ vai trò phải từ 1 đến 7');
    expect(validateRole({ name: ' X ', priority: 7 })).toEqual({ name: 'X', priority: 7 });
  });
  it('refuses roles more powerful than the caller', () => {
    expect(err(() => assertRoleEditable(2, 1)).code).toBe('FORBIDDEN');
    expect(() => assertRoleEditable(2, 2)).not.toThrow();
  });
  it('refuses deleting a role that users hold', () => {
    const e = err(() => assertRoleDeletable(3));
    expect(e.code).toBe('PRECONDITION');
    expect(e.msg).toBe('Không thể xoá vai trò đang được gán cho 3 nhân viên');
    expect(() => assertRoleDeletable(0)).not.toThrow();
  });
  it('keeps the priority of a role that users hold', () => {
    const e = err(() => assertPriorityChangeable(5, 4, 2));
    expect(e.code).toBe('PRECONDITION');
    expect(e.msg).toBe('Không thể đổi cấp độ của vai trò đang được gán cho 2 nhân viên');
    expect(() => assertPriorityChangeable(5, 5, 2)).not.toThrow();
    expect(() => assertPriorityChangeable(5, 4, 0)).not.toThrow();
  });
});
