import { describe, expect, it } from 'vitest';
import { randomBytes, randomInt, randomUrlSafe } from './random';

describe('secure randomness', () => {
  it('draws integers within the bounds, reaching both ends', () => {
    const draws = Array.from({ length: 2000 }, () => randomInt(1, 4));
    expect(Math.min(...draws)).toBe(1);
    expect(Math.max(...draws)).toBe(4);
  });

  it('refuses an empty or impossible range', () => {
    expect(() => randomInt(5, 4)).toThrow(RangeError);
    expect(() => randomInt(0, 2 ** 33)).toThrow(RangeError);
  });

  it('gives bytes and URL-safe text of the asked length', () => {
    expect(randomBytes(16)).toHaveLength(16);
    expect(randomUrlSafe(40)).toMatch(/^[A-Za-z0-9_-]{40}$/);
  });
});
