import { AppError } from '@cskh/kit';
import { StaffMember } from '@cskh/kit/data';
import { checkDivisionTarget, divisionPlan, divisionPool } from './division';
import { MSG } from './messages';

const member = (over: Partial<StaffMember>): StaffMember => ({
  username: 'nv1',
  user_id: 's1',
  fullname: 'NV 1',
  priority: 5,
  role_name: '',
  brand_id: 'b1',
  group_id: 'l1',
  locked: false,
  deleted: false,
  ...over,
});
const msgOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as AppError).msg;
  }
  return 'no error';
};

describe('division rules (spec 3 §2.7, §6)', () => {
  it('seniors and priority 7 divide the unassigned pool, a branch what it holds, nobody else', () => {
    expect(divisionPool({ priority: 1, username: 'a' })).toEqual({ kind: 'unassigned' });
    expect(divisionPool({ priority: 7, username: 'a' })).toEqual({ kind: 'unassigned' });
    expect(divisionPool({ priority: 3, username: 'cn1' })).toEqual({ kind: 'held', username: 'cn1' });
    expect(msgOf(() => divisionPool({ priority: 4, username: 'tn' }))).toBe(MSG.divideForbidden);
    expect(msgOf(() => divisionPool({ priority: 5, username: 'nv' }))).toBe(MSG.divideForbidden);
  });

  it('reads the quantities typed per target', () => {
    expect([
      ...divisionPlan([
        { username: 'cn1', count: 5 },
        { username: '', count: 3 },
        { username: 'cn2', count: 0 },
        { username: 'cn1', count: 2 },
      ]),
    ]).toEqual([['cn1', 7]]);
    expect(msgOf(() => divisionPlan([]))).toBe('Chưa chọn data chia');
    expect(msgOf(() => divisionPlan([{ username: 'cn1', count: -1 }]))).toBe(MSG.divideCountInvalid);
    expect(msgOf(() => divisionPlan([{ username: 'cn1', count: 1.5 }]))).toBe(MSG.divideCountInvalid);
  });

  it('a branch gives only to its own leaders and salespeople', () => {
    const branch = { priority: 3, userId: 'b1', username: 'cn1' };
    expect(msgOf(() => checkDivisionTarget(branch, member({}), 'nv1'))).toBe('no error');
    expect(msgOf(() => checkDivisionTarget(branch, member({ brand_id: 'b2' }), 'nv1'))).toBe(MSG.divideOutOfScope('nv1'));
    expect(msgOf(() => checkDivisionTarget(branch, member({ username: 'cn1', priority: 3, brand_id: '' }), 'cn1'))).toBe(
      MSG.divideNotStaff('cn1'),
    );
    expect(msgOf(() => checkDivisionTarget(branch, member({ locked: true }), 'nv1'))).toBe(MSG.divideInactiveStaff('nv1'));
    expect(msgOf(() => checkDivisionTarget(branch, undefined, 'ghost'))).toBe(MSG.divideUnknownStaff('ghost'));
    // A senior reaches every branch, but not another senior.
    const senior = { priority: 2, userId: 'm', username: 'ql' };
    expect(msgOf(() => checkDivisionTarget(senior, member({ username: 'cn2', priority: 3, brand_id: '' }), 'cn2'))).toBe('no error');
    expect(msgOf(() => checkDivisionTarget(senior, member({ username: 'ql2', priority: 2 }), 'ql2'))).toBe(MSG.divideNotStaff('ql2'));
  });
});
