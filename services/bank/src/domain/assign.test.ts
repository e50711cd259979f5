import { staffScopeOf, StaffMember } from '@cskh/kit';
import { assignPlan, checkAssignee } from './assign';
import { MSG } from './messages';

const member = (over: Partial<StaffMember>): StaffMember => ({
  username: 'nv',
  user_id: 'u-nv',
  fullname: 'NV',
  priority: 5,
  role_name: '',
  brand_id: 'u-branch',
  group_id: 'u-leader',
  locked: false,
  deleted: false,
  ...over,
});

describe('assigning bank messages', () => {
  it('merges the same staff member, skips empty rows, refuses nothing to do', () => {
    expect([...assignPlan([{ username: 'a', count: 2 }, { username: ' a ', count: 3 }, { username: '', count: 4 }, { username: 'b', count: 0 }])]).toEqual([['a', 5]]);
    expect(() => assignPlan([])).toThrow(MSG.assignNothing);
    expect(() => assignPlan([{ username: 'a', count: 0 }])).toThrow(MSG.assignNothing);
    expect(() => assignPlan([{ username: 'a', count: -1 }])).toThrow(MSG.assignCountInvalid);
    expect(() => assignPlan([{ username: 'a', count: 1.5 }])).toThrow(MSG.assignCountInvalid);
  });

  it('hands work only to active staff of the manager subtree', () => {
    const leader = staffScopeOf({ priority: 4, userId: 'u-leader', username: 'leader' });
    const branch = staffScopeOf({ priority: 3, userId: 'u-branch', username: 'branch' });
    const senior = staffScopeOf({ priority: 2, userId: 'u-boss', username: 'boss' });
    const mine = member({ username: 'mine' });
    const other = member({ username: 'other', group_id: 'u-leader2', brand_id: 'u-branch2' });
    expect(() => checkAssignee(leader, mine, 'mine')).not.toThrow();
    expect(() => checkAssignee(branch, mine, 'mine')).not.toThrow();
    expect(() => checkAssignee(senior, other, 'other')).not.toThrow();
    expect(() => checkAssignee(leader, other, 'other')).toThrow(MSG.assignOutOfScope('other'));
    expect(() => checkAssignee(senior, undefined, 'ghost')).toThrow(MSG.assignUnknownStaff('ghost'));
    expect(() => checkAssignee(senior, member({ locked: true }), 'nv')).toThrow(MSG.assignInactiveStaff('nv'));
  });
});
