import { staffTree } from './staff-tree';
import { staffLabel } from './revenue';

const p = (username: string, priority: number, user_id: string, brand_id = '', group_id = '') => ({
  username,
  priority,
  user_id,
  brand_id,
  group_id,
});

describe('staff pickers: the hierarchy', () => {
  it('lists each branch, then its leaders each with their salespeople, with the dashes of spec 2 §1', () => {
    const people = [
      p('nv_b2', 5, 'u9', 'B2'),
      p('tn_a2', 4, 'L2', 'B1'),
      p('nv_a1x', 5, 'u5', 'B1', 'L1'),
      p('cn_b', 3, 'B2'),
      p('nv_a2', 5, 'u6', 'B1', 'L2'),
      p('quanly', 2, 'M'),
      p('tn_a1', 4, 'L1', 'B1'),
      p('nv_free', 5, 'u7', 'B1'),
      p('cn_a', 3, 'B1'),
      p('nv_a1', 5, 'u4', 'B1', 'L1'),
    ];
    expect(staffTree(people).map((s) => staffLabel(s.username, '', s.priority))).toEqual([
      'quanly',
      'cn_a',
      '--tn_a1',
      '----nv_a1',
      '----nv_a1x',
      '--tn_a2',
      '----nv_a2',
      '----nv_free',
      'cn_b',
      '----nv_b2',
    ]);
  });

  it('a leader or salesperson whose branch is not in the list (a leader looking at their group) still comes, once', () => {
    const group = [p('nv_2', 5, 'u2', 'B1', 'L1'), p('tn', 4, 'L1', 'B1'), p('nv_1', 5, 'u1', 'B1', 'L1')];
    expect(staffTree(group).map((s) => s.username)).toEqual(['tn', 'nv_1', 'nv_2']);
    expect(staffTree([p('nv_1', 5, 'u1', 'B1', 'L1')]).map((s) => s.username)).toEqual(['nv_1']);
  });
});
