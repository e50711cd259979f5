import { decryptSecret, deriveKey, encryptSecret } from './secrets';

describe('system-account secrets', () => {
  const key = deriveKey('a-test-key-of-sixteen+');
  it('round-trips and never shows the plaintext', () => {
    const env = encryptSecret(key, 'Mật-khẩu!123');
    expect(env.startsWith('v1.')).toBe(true);
    expect(env).not.toContain('Mật-khẩu!123');
    expect(decryptSecret(key, env)).toBe('Mật-khẩu!123');
  });
  it('uses a fresh nonce each time', () => {
    expect(encryptSecret(key, 'x')).not.toBe(encryptSecret(key, 'x'));
  });
  it('refuses a wrong key or a tampered envelope', () => {
    const env = encryptSecret(key, 'secret');
    expect(() => decryptSecret(deriveKey('another-key-of-sixteen'), env)).toThrow();
    const parts = env.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'))).toThrow();
  });
  it('derives the same key from the same secret', () => {
    expect(deriveKey('same-secret-123456').equals(deriveKey('same-secret-123456'))).toBe(true);
  });
});
