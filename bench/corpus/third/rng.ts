// Seeded randomness for the third-party document corpus. Every draw (layout, text, noise)
// goes through one of these generators so a (kind, variant, seed) triple always yields the
// same bytes.

export type Rng = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Uniform in [lo, hi). */
  range: (lo: number, hi: number) => number;
  /** Integer in [lo, hi] inclusive. */
  int: (lo: number, hi: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Approximately normal, mean 0, sd 1 (sum of four uniforms: cheap and bounded). */
  gauss: () => number;
};

/** FNV-1a over a string, to turn a label such as `CNH|photo|700013` into a 32-bit seed. */
export function hashSeed(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** sfc32: small, fast, good enough statistically, and trivially reproducible. */
export function makeRng(seed: number): Rng {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const raw = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up so nearby seeds diverge.
  for (let i = 0; i < 16; i++) raw();
  const rng: Rng = {
    next: raw,
    range: (lo, hi) => lo + (hi - lo) * raw(),
    int: (lo, hi) => lo + Math.floor(raw() * (hi - lo + 1)),
    chance: (p) => raw() < p,
    pick: (items) => {
      const item = items[Math.floor(raw() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    gauss: () => (raw() + raw() + raw() + raw() - 2) * 1.732,
  };
  return rng;
}
