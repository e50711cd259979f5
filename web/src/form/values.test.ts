import { makeSession } from '../common/session';
import type { FieldDef, FormContext } from './types';
import {
  applyChange,
  formatMoneyInput,
  loadFailureText,
  initialValues,
  isFieldVisible,
  missingRequired,
  moneyDigits,
  requiredAlertFor,
  submitValues,
  invalidFields,
} from './values';
import { REQUIRED_ALERT } from './types';

const viewer = (priority: number) => makeSession({ username: 'u' } as any, { id: 'r', name: 'r', priority }, []);
const ctx = (priority = 1, mode: 'create' | 'edit' = 'create', row: any = null): FormContext => ({
  viewer: viewer(priority),
  mode,
  row,
  options: {},
});

const fields: FieldDef[] = [
  { key: 'name', label: 'Tên', type: 'text', required: true },
  { key: 'price', label: 'Giá', type: 'money', required: true, requiredMsg: 'Bạn chưa nhập giá!' },
  { key: 'count', label: 'Số lượng', type: 'number' },
  { key: 'note', label: 'Ghi chú', type: 'text', omitBlank: true },
  { key: 'company', label: 'Công ty', type: 'text', visibleTo: (v) => v.priority < 3, required: true },
  { key: 'day', label: 'Ngày', type: 'date' },
  { key: 'agree', label: 'Đồng ý', type: 'checkbox' },
  { key: 'password', label: 'Mật khẩu', type: 'password', modes: ['create'] },
];

describe('money inputs', () => {
  it('show thousands separators while typing and strip them before sending', () => {
    expect(formatMoneyInput('1234567')).toBe('1,234,567');
    expect(formatMoneyInput('1,234,5678')).toBe('12,345,678');
    expect(formatMoneyInput('')).toBe('');
    expect(moneyDigits('007,000 đ')).toBe('7000');
    const v = applyChange(fields, initialValues(fields, 'create', null), 'price', '250000');
    expect(v.price).toBe('250,000');
    expect(submitValues(fields, { ...v, name: 'x', company: 'c' }, ctx()).price).toBe(250000);
  });

  it('reads an edited row as a formatted amount', () => {
    const v = initialValues(fields, 'edit', { name: 'Gói A', price: 1500000, count: 3 });
    expect(v).toMatchObject({ name: 'Gói A', price: '1,500,000', count: '3', agree: false });
  });
});

describe('required fields', () => {
  it('lists the empty required fields the viewer sees', () => {
    const blank = initialValues(fields, 'create', null);
    expect(missingRequired(fields, blank, ctx(1)).map((f) => f.key)).toEqual(['name', 'price', 'company']);
    // A priority-3 viewer does not see (so need not fill) the company.
    expect(missingRequired(fields, blank, ctx(3)).map((f) => f.key)).toEqual(['name', 'price']);
    // Whitespace is not a value; '0' is.
    expect(missingRequired(fields, { ...blank, name: '   ', price: '0', company: 'c' }, ctx(1)).map((f) => f.key)).toEqual(['name']);
  });

  it("alerts with the first missing field's own text, else the form's", () => {
    const missing = missingRequired(fields, initialValues(fields, 'create', null), ctx(1));
    // Name (no own text) comes first: the form's alert, as the refund dialog asks its question last.
    expect(requiredAlertFor(missing, REQUIRED_ALERT)).toBe('[Lỗi] Có trường bắt buộc chưa được nhập hoặc chưa được chọn');
    expect(
      requiredAlertFor(
        missing.filter((f) => f.key !== 'name'),
        REQUIRED_ALERT,
      ),
    ).toBe('Bạn chưa nhập giá!');
  });

  it('counts a required checkbox only when ticked', () => {
    const f: FieldDef[] = [{ key: 'ok', label: 'OK', type: 'checkbox', required: true }];
    expect(missingRequired(f, { ok: false }, ctx())).toHaveLength(1);
    expect(missingRequired(f, { ok: true }, ctx())).toHaveLength(0);
  });

  it('refuses a date that is not DD/MM/YYYY', () => {
    expect(invalidFields(fields, { day: '31/02/2025' }, ctx()).map((f) => f.key)).toEqual(['day']);
    expect(invalidFields(fields, { day: '28/02/2025' }, ctx())).toEqual([]);
  });
});

describe('visibility and the values sent', () => {
  it('shows fields by role priority and mode', () => {
    const company = fields.find((f) => f.key === 'company')!;
    expect(isFieldVisible(company, {}, ctx(2))).toBe(true);
    expect(isFieldVisible(company, {}, ctx(3))).toBe(false);
    const password = fields.find((f) => f.key === 'password')!;
    expect(isFieldVisible(password, {}, ctx(1, 'edit', {}))).toBe(false);
  });

  it('trims text, sends numbers, drops hidden and blank omitBlank fields', () => {
    const values = {
      name: '  Gói A ',
      price: '1,000',
      count: '12',
      note: '  ',
      company: 'Cty',
      day: '01/03/2025',
      agree: true,
      password: ' p w ',
    };
    expect(submitValues(fields, values, ctx(4))).toEqual({
      name: 'Gói A',
      price: 1000,
      count: 12,
      day: '01/03/2025',
      agree: true,
      password: ' p w ',
    });
    expect(submitValues(fields, { ...values, count: '' }, ctx(1)).count).toBeNull();
  });

  it('keeps digits only where asked and clears dependent fields', () => {
    const f: FieldDef[] = [
      { key: 'phone', label: 'SĐT', type: 'text', digitsOnly: true },
      { key: 'brand', label: 'Chi nhánh', type: 'select', resets: ['group'] },
      { key: 'group', label: 'Nhóm', type: 'select' },
    ];
    expect(applyChange(f, {}, 'phone', '0912 345-678').phone).toBe('0912345678');
    expect(applyChange(f, { brand: 'b1', group: 'l1' }, 'brand', 'b2')).toEqual({ brand: 'b2', group: '' });
  });
});

describe('loadFailureText', () => {
  it("says the server's msg, then what to do", () => {
    expect(loadFailureText('Không tìm thấy giá hoàn tiền của gói cước ABC', 'Nhờ quản lý thêm giá.')).toBe(
      'Không tìm thấy giá hoàn tiền của gói cước ABC. Nhờ quản lý thêm giá.',
    );
    expect(loadFailureText('Lỗi!', '')).toBe('Lỗi!');
    expect(loadFailureText('', 'Thử lại.')).toBe('Không tải được danh sách lựa chọn. Thử lại.');
  });
  it('a change fills the fields its derive names, money formatted as typed', () => {
    const f: FieldDef[] = [
      { key: 'face', label: 'A', type: 'money', derive: (v) => ({ transfer: Number(moneyDigits(v.face)) * 0.9 }) },
      { key: 'transfer', label: 'B', type: 'money' },
    ];
    expect(applyChange(f, {}, 'face', '100000')).toEqual({ face: '100,000', transfer: '90,000' });
  });
});
