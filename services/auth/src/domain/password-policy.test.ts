import { AppError } from '@cskh/kit';
import { assertPasswordPolicy, passwordProblem } from './password-policy';

describe('password policy', () => {
  it('refuses what was accepted before: 1, a, the username itself', () => {
    expect(passwordProblem('1', 'nv_tuan')).toBe('short');
    expect(passwordProblem('a', 'nv_tuan')).toBe('short');
    expect(passwordProblem('nv_tuan', 'nv_tuan')).toBe('short');
    expect(passwordProblem('Ab1@xyz', 'nv_tuan')).toBe('short');
  });

  it('refuses a password containing the username, in any case', () => {
    expect(passwordProblem('nguyenvana2024!', 'nguyenvana')).toBe('username');
    expect(passwordProblem('Xx-NGUYENVANA-9', 'NguyenVanA')).toBe('username');
    expect(passwordProblem('Matkhau@1', ' KHAU ')).toBe('username');
  });

  it('refuses common passwords and their usual variations (zxcvbn-ts common dictionary)', () => {
    for (const p of [
      'password',
      'Password1',
      '12345678',
      'qwerty123',
      'iloveyou',
      'P@ssw0rd',
      'admin123',
      'abc12345',
      'letmein1',
      '11111111',
    ])
      expect([p, passwordProblem(p, 'nv_tuan')]).toEqual([p, 'common']);
  });

  it("accepts the office's seeded, demo and test passwords", () => {
    for (const p of [
      'Matkhau@1',
      'Matkhau@2',
      'Matkhau@123',
      'Demo@123',
      'Admin@123',
      'Chaos@12345',
      'Volume@123',
      'New@12345',
      'pass-123456',
    ])
      expect([p, passwordProblem(p, 'nv_tuan')]).toEqual([p, null]);
    expect(passwordProblem('correct horse battery staple', 'admin')).toBeNull();
    expect(passwordProblem('Mật khẩu rất dài 2024', 'admin')).toBeNull();
  });

  it('answers 400 with a Vietnamese message saying what to choose', () => {
    let err: unknown;
    try {
      assertPasswordPolicy('12345678', 'nv_tuan');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'VALIDATION' });
    expect((err as Error).message).toMatch(/^Mật khẩu phải có ít nhất 8 ký tự, không chứa tên đăng nhập và không phải mật khẩu phổ biến/);
    expect(() => assertPasswordPolicy('Matkhau@1', 'nv_tuan')).not.toThrow();
  });
});
