import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('hashes with bcrypt cost 10 and verifies', async () => {
    const h = await hashPassword('matkhau123');
    expect(h).toMatch(/^\$2[aby]\$10\$/);
    expect(h).not.toContain('matkhau123');
    await expect(verifyPassword('matkhau123', h)).resolves.toBe(true);
    await expect(verifyPassword('matkhau124', h)).resolves.toBe(false);
  });
  it('fails without a hash (unknown user)', async () => {
    await expect(verifyPassword('cskh-no-such-user', null)).resolves.toBe(false);
  });
});
