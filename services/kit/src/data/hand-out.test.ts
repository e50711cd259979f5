import { AppError } from '../core/errors';
import { checkRecipient, HandOutRules, planHandOut } from './hand-out';
import { staffMember } from '../testing';
import { staffScopeOf } from './staff';

const msg = {
  nothing: 'nothing',
  countInvalid: 'count',
  noStaff: 'no staff',
  twice: (u: string) => `twice ${u}`,
  unknown: (u: string) => `unknown ${u}`,
  locked: (u: string) => `locked ${u}`,
  outOfScope: (u: string) => `scope ${u}`,
};
/** The dialog's rows as bank and orders read them: empty rows left out, a name twice added up. */
const lenient: HandOutRules = { emptyLine: 'skip', repeated: 'add', maxTotal: 10, msg };
/** As refunds read them: every line names someone once, 1–3 each. */
const strict: HandOutRules = { emptyLine: 'refuse', repeated: 'refuse', maxPerPerson: 3, msg };
const refusal = (f: () => unknown) => {
  try {
    f();
    return 'accepted';
  } catch (e) {
    return e instanceof AppError ? e.msg : String(e);
  }
};

describe('planning a hand-out', () => {
  it('leaves out empty rows and adds up a name given twice, in the order asked, where the list says so', () => {
    const plan = planHandOut(
      [
        { username: 'b', count: 1 },
        { username: 'a', count: 2 },
        { username: ' B ', count: 3 },
        { username: '', count: 4 },
        { username: 'c', count: 0 },
      ],
      lenient,
    );
    expect([...plan]).toEqual([
      ['b', 4],
      ['a', 2],
    ]);
    expect(refusal(() => planHandOut([{ username: 'a', count: 0 }], lenient))).toBe('nothing');
    expect(refusal(() => planHandOut([{ username: 'a', count: 11 }], lenient))).toBe('count');
    expect(refusal(() => planHandOut([{ username: '', count: -1 }], lenient))).toBe('count');
  });

  it('refuses an empty line, a name given twice or a count out of bounds where the list says so', () => {
    expect([...planHandOut([{ username: 'a', count: '3' }], strict)]).toEqual([['a', 3]]);
    expect(refusal(() => planHandOut(undefined, strict))).toBe('nothing');
    expect(refusal(() => planHandOut([{ username: ' ', count: 1 }], strict))).toBe('no staff');
    expect(refusal(() => planHandOut([{ username: 'a', count: 0 }], strict))).toBe('count');
    expect(refusal(() => planHandOut([{ username: 'a', count: 4 }], strict))).toBe('count');
    expect(refusal(() => planHandOut([{ username: 'a', count: 1.5 }], strict))).toBe('count');
    expect(
      refusal(() =>
        planHandOut(
          [
            { username: 'a', count: 1 },
            { username: 'A', count: 1 },
          ],
          strict,
        ),
      ),
    ).toBe('twice A');
  });
});

describe('who may receive', () => {
  it('only active staff of the manager’s subtree', () => {
    const leader = staffScopeOf({ priority: 4, userId: 'u-leader', username: 'leader' });
    const senior = staffScopeOf({ priority: 2, userId: 'u-boss', username: 'boss' });
    const other = staffMember({ username: 'other', group_id: 'u-leader2', brand_id: 'u-branch2' });
    expect(checkRecipient(leader, staffMember(), 'nv', msg).username).toBe('nv');
    expect(checkRecipient(senior, other, 'other', msg).username).toBe('other');
    expect(refusal(() => checkRecipient(leader, other, 'other', msg))).toBe('scope other');
    expect(refusal(() => checkRecipient(senior, undefined, 'ghost', msg))).toBe('unknown ghost');
    expect(refusal(() => checkRecipient(senior, staffMember({ deleted: true }), 'nv', msg))).toBe('unknown nv');
    expect(refusal(() => checkRecipient(senior, staffMember({ locked: true }), 'nv', msg))).toBe('locked nv');
  });
});
