import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the parameters of the architecture (m=19456 KiB, t=2, p=1); argon2id is the
 * library's default algorithm (its enum is a const enum, which isolated modules cannot read).
 */
const argon2Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/**
 * The hash of a random password nobody knows, with the same parameters: a login for an unknown
 * account verifies against it, so that it takes as long as one for a known account.
 */
export const dummyPasswordHash =
  '$argon2id$v=19$m=19456,t=2,p=1$zFJ5J4zmu2J57n23kwyrxA$9pHiYAmXrpjqshlj8Qa88NP0+W5PzjikqFkxM880ITk';

/** False for a wrong password and for a stored hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random password for a new account: 24 URL-safe characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
