import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals the secrets the server must read back (an admin's TOTP secret, a webhook's signing
 * secret) with AES-256-GCM under a key derived from SECRET by HKDF, one key per purpose: a copy
 * of the database alone does not give them away. Changing SECRET makes the sealed values
 * unreadable: the second factors are then reset and the webhook secrets rotated.
 */
export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string };

export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `medipay ${purpose} v1`, 32));
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open: (sealed) => {
      const [version, iv, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !body) throw new Error(`not a sealed ${purpose} secret`);
      const data = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(data.subarray(data.length - 16));
      return Buffer.concat([
        decipher.update(data.subarray(0, data.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
