import { AppError } from '@cskh/kit';
import { validateProfile, ProfileInput } from './profile';

const base: ProfileInput = {
  fullname: 'A',
  email: 'a@x.vn',
  phone: '',
  password: '',
  password_new: '',
  password_new_confirm: '',
  avatar: '',
};

function msgOf(p: Partial<ProfileInput>): string {
  try {
    validateProfile({ ...base, ...p });
  } catch (e) {
    if (e instanceof AppError && e.code === 'VALIDATION') return e.msg;
    throw e;
  }
  return 'ok';
}

describe('profile form', () => {
  it('requires name and email', () => {
    expect(msgOf({ fullname: ' ' })).toBe('Vui lòng nhập họ tên');
    expect(msgOf({ email: '' })).toBe('Vui lòng nhập email');
  });
  it('accepts an empty or numeric phone, refuses others', () => {
    expect(msgOf({ phone: '' })).toBe('ok');
    expect(msgOf({ phone: '0912345678' })).toBe('ok');
    expect(msgOf({ phone: '0912-345' })).toBe('Số điện thoại chỉ được chứa chữ số');
  });
  it('changes nothing about the password when the new fields are empty', () => {
    expect(validateProfile({ ...base, password: 'old' }).newPassword).toBeNull();
  });
  it('needs the old password for a change', () => {
    expect(msgOf({ password_new: 'n', password_new_confirm: 'n' })).toBe('Vui lòng nhập mật khẩu cũ');
  });
  it('needs the new password to equal its confirmation', () => {
    expect(msgOf({ password: 'o', password_new: 'n1', password_new_confirm: 'n2' })).toBe('Mật khẩu xác nhận không khớp');
    expect(msgOf({ password: 'o', password_new: '', password_new_confirm: 'n2' })).toBe('Vui lòng nhập mật khẩu mới');
  });
  it('returns the new password and trimmed fields', () => {
    expect(validateProfile({ ...base, fullname: ' B ', password: 'o', password_new: 'n', password_new_confirm: 'n', avatar: ' ' })).toEqual(
      {
        fullname: 'B',
        email: 'a@x.vn',
        phone: '',
        avatar: null,
        newPassword: 'n',
      },
    );
  });
});
