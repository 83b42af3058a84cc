import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (an approved platform's client secret, webhook secrets), encrypted with AES-256-GCM
 * under a key derived from SECRETS_KEY: a database dump or backup alone does not reveal them. `v1.` + base64url of
 * the 12-byte nonce, the 16-byte tag and the ciphertext.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function secretBox(keyMaterial: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'tagstock', 'stored secrets v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
    },
    open(sealed) {
      if (!sealed.startsWith('v1.')) throw new Error('Unknown secret format');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
