import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@medipay/shared/testing/seeded-random';
import { descriptorSimilarity } from '../kyc/face-engine';
import { faceMatchThresholds } from '../kyc/face-match';
import {
  CODE_BITS,
  DESCRIPTOR_LENGTH,
  POPULATION_MEAN,
  SAME_PERSON_SIMILARITY,
  decodeDescriptor,
  encodeDescriptor,
  estimatedDistance,
  faceCode,
  faceSimilarity,
  hammingDistance,
} from './face-code';

const random = seededRandom(25);
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** A made-up face: the population mean plus a random difference of `spread` length. */
function face(spread = 0.4): number[] {
  const difference = Array.from({ length: DESCRIPTOR_LENGTH }, normal);
  const length = Math.hypot(...difference);
  return POPULATION_MEAN.map((mean, index) => mean + (spread * difference[index]!) / length);
}

/** `base` moved by a random step of `step` length (the same face in another photo). */
function nudge(base: number[], step: number): number[] {
  const difference = Array.from({ length: DESCRIPTOR_LENGTH }, normal);
  const length = Math.hypot(...difference);
  return base.map((value, index) => value + (step * difference[index]!) / length);
}

describe('face codes', () => {
  it('are 512 bits, the same for a descriptor at any length', () => {
    const descriptor = face();
    const code = faceCode(descriptor);
    expect(code.bits).toMatch(new RegExp(`^[01]{${CODE_BITS}}$`));
    const longer = faceCode(descriptor.map((value) => value * 1.4));
    expect(longer.bits).toBe(code.bits);
    expect(longer.norm).toBeCloseTo(code.norm, 12);
  });

  it('never change: every stored code was made with these planes and this mean', () => {
    // The code of the mean moved along the first axis; a change of seed, generator or mean
    // changes it, and then every stored code must be computed again from its descriptor.
    const bits = faceCode(
      POPULATION_MEAN.map((mean, index) => mean + (index === 0 ? 0.3 : 0)),
    ).bits;
    expect(createHash('sha256').update(bits).digest('hex').slice(0, 16)).toBe('42a66aefc872c94a');
  });

  it('split unrelated faces evenly and keep the same face close', () => {
    const a = face();
    const distances = Array.from({ length: 50 }, () =>
      hammingDistance(faceCode(a).bits, faceCode(face()).bits),
    );
    const mean = distances.reduce((sum, value) => sum + value, 0) / distances.length;
    // Planes through the mean: about half the bits differ for unrelated faces.
    expect(mean).toBeGreaterThan(CODE_BITS * 0.4);
    expect(mean).toBeLessThan(CODE_BITS * 0.6);
    const same = hammingDistance(faceCode(a).bits, faceCode(nudge(a, 0.1)).bits);
    expect(same).toBeLessThan(CODE_BITS * 0.25);
  });

  it('order faces as the cosine does, nearer faces first', () => {
    const query = face();
    const faces = [0.05, 0.15, 0.3, 0.5].map((step) => nudge(query, step));
    const estimates = faces.map((other) => estimatedDistance(faceCode(query), faceCode(other)));
    expect(estimates).toEqual([...estimates].sort((x, y) => x - y));
    const similarities = faces.map((other) => faceSimilarity(query, other));
    expect(similarities).toEqual([...similarities].sort((x, y) => y - x));
  });

  it('refuse a descriptor of another length', () => {
    expect(() => faceCode([1, 2, 3])).toThrow(/128 numbers/);
    expect(() => encodeDescriptor([1, 2, 3])).toThrow(/128 numbers/);
    expect(() => decodeDescriptor(new Uint8Array(12))).toThrow(/512 bytes/);
  });
});

describe('similarity and threshold', () => {
  it('is the face check similarity, with its same-person limit for two selfies', () => {
    const [a, b] = [face(), face()];
    expect(faceSimilarity(a, b)).toBe(descriptorSimilarity(a, b));
    expect(SAME_PERSON_SIMILARITY).toBe(faceMatchThresholds.selfies.approve);
    // The similarity rescales the cosine: 0.8 reads 0, 1 reads 1.
    const unit = [1, ...Array.from({ length: DESCRIPTOR_LENGTH - 1 }, () => 0)];
    const angle = Math.acos(0.8 + 0.2 * SAME_PERSON_SIMILARITY);
    const atLimit = [Math.cos(angle), Math.sin(angle), ...unit.slice(2)];
    expect(faceSimilarity(unit, atLimit)).toBeCloseTo(SAME_PERSON_SIMILARITY, 9);
  });

  it('stores a descriptor exactly as float32', () => {
    const descriptor = face().map((value) => Math.fround(value));
    const stored = encodeDescriptor(descriptor);
    expect(stored.length).toBe(DESCRIPTOR_LENGTH * 4);
    expect(decodeDescriptor(new Uint8Array(stored))).toEqual(descriptor);
  });
});
