import { checkRecipient, planHandOut, staffScopeOf } from '@cskh/kit/data';
import { staffMember } from '@cskh/kit/testing';
import { assignedNotice, assignReplyMsg, BANK_HAND_OUT } from './assign';
import { MSG } from './messages';

describe('assigning bank messages', () => {
  it('merges the same staff member, skips empty rows, refuses nothing to do', () => {
    expect([
      ...planHandOut(
        [
          { username: 'a', count: 2 },
          { username: ' a ', count: 3 },
          { username: '', count: 4 },
          { username: 'b', count: 0 },
        ],
        BANK_HAND_OUT,
      ),
    ]).toEqual([['a', 5]]);
    expect(() => planHandOut([], BANK_HAND_OUT)).toThrow(MSG.assignNothing);
    expect(() => planHandOut([{ username: 'a', count: 0 }], BANK_HAND_OUT)).toThrow(MSG.assignNothing);
    expect(() => planHandOut([{ username: 'a', count: -1 }], BANK_HAND_OUT)).toThrow(MSG.assignCountInvalid);
    expect(() => planHandOut([{ username: 'a', count: 1.5 }], BANK_HAND_OUT)).toThrow(MSG.assignCountInvalid);
  });

  it('hands work only to active staff of the manager subtree', () => {
    const leader = staffScopeOf({ priority: 4, userId: 'u-leader', username: 'leader' });
    const branch = staffScopeOf({ priority: 3, userId: 'u-branch', username: 'branch' });
    const senior = staffScopeOf({ priority: 2, userId: 'u-boss', username: 'boss' });
    const mine = staffMember({ username: 'mine' });
    const other = staffMember({ username: 'other', group_id: 'u-leader2', brand_id: 'u-branch2' });
    expect(() => checkRecipient(leader, mine, 'mine', BANK_HAND_OUT.msg)).not.toThrow();
    expect(() => checkRecipient(branch, mine, 'mine', BANK_HAND_OUT.msg)).not.toThrow();
    expect(() => checkRecipient(senior, other, 'other', BANK_HAND_OUT.msg)).not.toThrow();
    expect(() => checkRecipient(leader, other, 'other', BANK_HAND_OUT.msg)).toThrow(MSG.assignOutOfScope('other'));
    expect(() => checkRecipient(senior, undefined, 'ghost', BANK_HAND_OUT.msg)).toThrow(MSG.assignUnknownStaff('ghost'));
    expect(() => checkRecipient(senior, staffMember({ locked: true }), 'nv', BANK_HAND_OUT.msg)).toThrow(MSG.assignInactiveStaff('nv'));
  });
});

describe('what an assignment says', () => {
  it('tells each person how many they got, and the manager who got fewer than asked', () => {
    expect(assignedNotice(1234, 'ql').message).toBe('Bạn được giao 1,234 tin nhắn ngân hàng mới');
    const plan = new Map([
      ['nv1', 5],
      ['nv2', 2],
    ]);
    expect(
      assignReplyMsg(plan, [
        { username: 'nv1', count: 5 },
        { username: 'nv2', count: 2 },
      ]),
    ).toBeUndefined();
    expect(
      assignReplyMsg(plan, [
        { username: 'nv1', count: 3 },
        { username: 'nv2', count: 0 },
      ]),
    ).toBe('Phân chia dữ liệu thành công. Không còn đủ tin nhắn chưa giao, đã giao: nv1 3/5, nv2 0/2.');
  });
});
