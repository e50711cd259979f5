import { filterStaff, foldText, plainStaffText, staffOptionText, type StaffPick } from './StaffPicker.rules';

const options: StaffPick[] = [
  { value: 'cn_hn', label: 'cn_hn - Chi nhánh Hà Nội', indent: 0 },
  { value: 'tn_duc', label: 'tn_duc - Trần Văn Đức', indent: 1 },
  { value: 'nv_lan', label: 'nv_lan - Nguyễn Thị Lan', indent: 2 },
  { value: 'nv_tuan', label: 'nv_tuan - Phạm Tuấn', indent: 2 },
];

describe('staff picker rules', () => {
  it("prefixes leaders with '--' and salespeople with '----' (spec 2 §1)", () => {
    expect(options.map(staffOptionText)).toEqual([
      'cn_hn - Chi nhánh Hà Nội',
      '--tn_duc - Trần Văn Đức',
      '----nv_lan - Nguyễn Thị Lan',
      '----nv_tuan - Phạm Tuấn',
    ]);
  });

  it('finds people by name without diacritics, by username, by several words, in the hierarchy order', () => {
    expect(filterStaff(options, 'duc').map((o) => o.value)).toEqual(['tn_duc']);
    expect(filterStaff(options, 'NGUYỄN lan').map((o) => o.value)).toEqual(['nv_lan']);
    expect(filterStaff(options, 'nv_').map((o) => o.value)).toEqual(['nv_lan', 'nv_tuan']);
    expect(filterStaff(options, '  ').length).toBe(4);
    // The dashes are the picker's drawing, not text to find.
    expect(filterStaff(options, '--').length).toBe(0);
  });

  it('shows a chosen label without the dashes', () => {
    expect(plainStaffText('----nv_tuan - Phạm Tuấn')).toBe('nv_tuan - Phạm Tuấn');
    expect(foldText('Đặng Đình')).toBe('dang dinh');
  });
});
