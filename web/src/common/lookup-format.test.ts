import { lookupPhone } from './format';
import { staffPickerOptions, type StaffOption } from './refdata';

describe('lookupPhone', () => {
  it('shows nine-digit phones (and 84 + nine digits) with a leading 0, anything else as given', () => {
    expect(lookupPhone('912345678')).toBe('0912345678');
    expect(lookupPhone('84912345678')).toBe('0912345678');
    expect(lookupPhone('****45678')).toBe('****45678');
    expect(lookupPhone('9279')).toBe('9279');
    expect(lookupPhone(null)).toBe('');
  });
});

describe('staffPickerOptions', () => {
  const u = (username: string, priority: number, extra: Partial<StaffOption> = {}): StaffOption => ({
    id: `id-${username}`,
    username,
    fullname: username.toUpperCase(),
    full_name: '',
    role: { id: `role-${priority}`, name: '', priority },
    brand_id: '',
    group_id: '',
    ...extra,
  });

  it('orders the hierarchy and indents priority 4 and 5', () => {
    const staff = [
      u('sale-x', 5, { brand_id: 'id-b2', group_id: '00000000-0000-0000-0000-000000000000' }),
      u('sale-a', 5, { brand_id: 'id-b1', group_id: 'id-lead-a' }),
      u('lead-a', 4, { brand_id: 'id-b1' }),
      u('b1', 3),
      u('admin', 1),
      u('b2', 3),
      u('orphan', 5),
    ];
    expect(staffPickerOptions(staff).map((o) => [o.value, o.indent])).toEqual([
      ['admin', 0],
      ['b1', 0],
      ['lead-a', 1],
      ['sale-a', 2],
      ['b2', 0],
      ['sale-x', 2],
      ['orphan', 2],
    ]);
    expect(staffPickerOptions([u('admin', 1)])[0].label).toBe('admin - ADMIN');
  });
});
