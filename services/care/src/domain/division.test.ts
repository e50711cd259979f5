import { AppError } from '@cskh/kit';
import { staffMember } from '@cskh/kit/testing';
import { checkDivisionTarget, divisionPlan, divisionPool } from './division';
import { MSG } from './messages';

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
    // The default staff member is a salesperson of branch u-branch.
    const branch = { priority: 3, userId: 'u-branch', username: 'cn1' };
    expect(msgOf(() => checkDivisionTarget(branch, staffMember(), 'nv'))).toBe('no error');
    expect(msgOf(() => checkDivisionTarget(branch, staffMember({ brand_id: 'u-branch2' }), 'nv'))).toBe(MSG.divideOutOfScope('nv'));
    expect(msgOf(() => checkDivisionTarget(branch, staffMember({ username: 'cn1', priority: 3, brand_id: '' }), 'cn1'))).toBe(
      MSG.divideNotStaff('cn1'),
    );
    expect(msgOf(() => checkDivisionTarget(branch, staffMember({ locked: true }), 'nv'))).toBe(MSG.divideInactiveStaff('nv'));
    expect(msgOf(() => checkDivisionTarget(branch, undefined, 'ghost'))).toBe(MSG.divideUnknownStaff('ghost'));
    // A senior reaches every branch, but not another senior.
    const senior = { priority: 2, userId: 'm', username: 'ql' };
    expect(msgOf(() => checkDivisionTarget(senior, staffMember({ username: 'cn2', priority: 3, brand_id: '' }), 'cn2'))).toBe('no error');
    expect(msgOf(() => checkDivisionTarget(senior, staffMember({ username: 'ql2', priority: 2 }), 'ql2'))).toBe(MSG.divideNotStaff('ql2'));
  });
});
