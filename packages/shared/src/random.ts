/** Cryptographically secure randomness from the Web Crypto API (browsers and Node alike). */

type WebCrypto = { getRandomValues<T extends Uint8Array | Uint32Array>(array: T): T };

const webCrypto = (globalThis as unknown as { crypto: WebCrypto }).crypto;

export function randomBytes(length: number): Uint8Array {
  return webCrypto.getRandomValues(new Uint8Array(length));
}

/** A uniformly distributed integer in [min, max], without modulo bias. */
export function randomInt(min: number, max: number): number {
  const range = max - min + 1;
  if (!Number.isInteger(range) || range < 1 || range > 2 ** 32)
    throw new RangeError('Invalid range');
  const limit = 2 ** 32 - (2 ** 32 % range);
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = webCrypto.getRandomValues(buffer)[0]!;
    if (value < limit) return min + (value % range);
  }
}

const urlSafeAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `length` URL-safe characters carrying 6 random bits each. */
export function randomUrlSafe(length: number): string {
  let output = '';
  for (const byte of randomBytes(length)) output += urlSafeAlphabet[byte & 63];
  return output;
}
