import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/**
 * System-account passwords at rest: AES-256-GCM under a key derived (scrypt) from
 * SYSTEM_ACCOUNT_KEY. Envelope: `v1.<iv>.<tag>.<ciphertext>` (base64url), so the format can evolve.
 */
const SALT = 'cskh-auth/system-account/v1';

export function deriveKey(secret: string): Buffer {
  return scryptSync(secret, SALT, 32);
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
}

export function decryptSecret(key: Buffer, envelope: string): string {
  const [v, iv, tag, ct] = envelope.split('.');
  if (v !== 'v1' || iv === undefined || tag === undefined || ct === undefined) throw new Error('unknown secret envelope');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
