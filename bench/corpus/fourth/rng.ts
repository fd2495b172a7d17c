// Seeded pseudo-random numbers for the fourth corpus (sfc32 seeded through a splitmix-style hash).
// Every random choice of the generator, including pixel noise, is drawn from one of these.

export type Rng = {
  /** uniform in [0, 1) */
  next(): number;
  /** uniform in [a, b) */
  range(a: number, b: number): number;
  /** integer in [a, b] (inclusive) */
  int(a: number, b: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** pick by weight: [item, weight][] */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** approximately normal(0, 1) */
  gauss(): number;
  /** a fresh independent stream derived from this one and a label */
  fork(label: string): Rng;
};

const hashString = (s: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
};

const mix = (x: number): number => {
  x = (x + 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
};

export function makeRng(seed: number, label = ''): Rng {
  let a = mix(seed >>> 0);
  let b = mix(a ^ hashString(label));
  let c = mix(b ^ 0x6a09e667);
  let d = mix(c ^ (Math.floor(seed / 4294967296) >>> 0));
  const raw = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) raw();
  const rng: Rng = {
    next: () => raw() / 4294967296,
    range: (lo, hi) => lo + (hi - lo) * (raw() / 4294967296),
    int: (lo, hi) => lo + Math.floor((raw() / 4294967296) * (hi - lo + 1)),
    chance: (p) => raw() / 4294967296 < p,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor((raw() / 4294967296) * items.length)];
      if (item === undefined) throw new Error('pick from empty list');
      return item;
    },
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      let total = 0;
      for (const [, w] of items) total += w;
      let r = (raw() / 4294967296) * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from empty list');
      return last[0];
    },
    gauss: () => {
      // Irwin-Hall with 4 uniforms, rescaled to unit variance: cheap and good enough for noise.
      const s = raw() / 4294967296 + raw() / 4294967296 + raw() / 4294967296 + raw() / 4294967296;
      return (s - 2) * 1.7320508;
    },
    fork: (l) => makeRng((raw() ^ hashString(l)) >>> 0, l),
  };
  return rng;
}
