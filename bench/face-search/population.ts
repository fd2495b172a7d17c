// A population of a million face descriptors made from a few thousand real ones (real-faces.ts):
// each made-up face is the real faces' mean plus a random mix of `mixed` real faces' differences
// from that mean, with normal weights scaled to unit length. Its variation around the mean has
// the real faces' covariance, and two made-up faces are as unrelated as two real people: the
// table the benchmark prints compares the cosine of pairs of different people, real and made-up.
// Deterministic for a seed.
import { seededRandom } from '@medipay/shared/testing/seeded-random';
import { DESCRIPTOR_LENGTH } from '../../apps/api/src/modules/face-search/face-code';

const unit = (vector: ArrayLike<number>) => {
  let norm = 0;
  for (let index = 0; index < vector.length; index += 1) norm += vector[index]! ** 2;
  norm = Math.sqrt(norm);
  return Float32Array.from({ length: vector.length }, (_, index) => vector[index]! / norm);
};

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let [dot, normA, normB] = [0, 0, 0];
  for (let index = 0; index < a.length; index += 1) {
    dot += a[index]! * b[index]!;
    normA += a[index]! ** 2;
    normB += b[index]! ** 2;
  }
  return dot / Math.sqrt(normA * normB);
}

export type Population = {
  /** Row-major: face i is descriptors.subarray(i * 128, (i + 1) * 128), unit length. */
  descriptors: Float32Array;
  count: number;
  at: (index: number) => Float32Array;
};

export function makePopulation(
  real: number[][],
  count: number,
  options: { seed: number; mixed: number; neighbours?: number },
): Population {
  const random = seededRandom(options.seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const faces = real.map(unit);
  const mean = new Float64Array(DESCRIPTOR_LENGTH);
  for (const face of faces) face.forEach((value, index) => (mean[index]! += value / faces.length));
  const differences = faces.map((face) =>
    Float32Array.from(face, (value, index) => value - mean[index]!),
  );
  const near = options.neighbours
    ? differences.map((difference) =>
        differences
          .map((other, index) => ({ index, score: cosine(difference, other) }))
          .sort((a, b) => b.score - a.score)
          .slice(1, 1 + options.neighbours!)
          .map((entry) => entry.index),
      )
    : [];
  const descriptors = new Float32Array(count * DESCRIPTOR_LENGTH);
  const mix = new Float64Array(DESCRIPTOR_LENGTH);
  for (let face = 0; face < count; face += 1) {
    mix.fill(0);
    const weights = Array.from({ length: options.mixed }, normal);
    const length = Math.sqrt(weights.reduce((sum, weight) => sum + weight * weight, 0));
    const first = Math.floor(random() * differences.length);
    const chosen = new Set<number>([first]);
    const pool = options.neighbours ? near[first]! : null;
    while (chosen.size < options.mixed) {
      chosen.add(
        pool
          ? pool[Math.floor(random() * pool.length)]!
          : Math.floor(random() * differences.length),
      );
    }
    [...chosen].forEach((source, slot) => {
      const difference = differences[source]!;
      const weight = weights[slot]! / length;
      for (let index = 0; index < DESCRIPTOR_LENGTH; index += 1) {
        mix[index]! += weight * difference[index]!;
      }
    });
    let norm = 0;
    for (let index = 0; index < DESCRIPTOR_LENGTH; index += 1) {
      norm += (mean[index]! + mix[index]!) ** 2;
    }
    norm = Math.sqrt(norm);
    for (let index = 0; index < DESCRIPTOR_LENGTH; index += 1) {
      descriptors[face * DESCRIPTOR_LENGTH + index] = (mean[index]! + mix[index]!) / norm;
    }
  }
  return {
    descriptors,
    count,
    at: (index) => descriptors.subarray(index * DESCRIPTOR_LENGTH, (index + 1) * DESCRIPTOR_LENGTH),
  };
}

/** Quantiles of the cosine of `pairs` random pairs of different faces. */
export function unrelatedCosines(
  face: (index: number) => ArrayLike<number>,
  count: number,
  pairs: number,
  seed: number,
): number[] {
  const random = seededRandom(seed);
  const values: number[] = [];
  while (values.length < pairs) {
    const a = Math.floor(random() * count);
    const b = Math.floor(random() * count);
    if (a !== b) values.push(cosine(face(a), face(b)));
  }
  return values.sort((x, y) => x - y);
}

export const quantile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
