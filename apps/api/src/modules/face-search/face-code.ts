/**
 * The binary code of a face descriptor for the one-to-many search: the signs of the descriptor's
 * projections on fixed random hyperplanes through the population mean, and the descriptor's
 * distance from that mean. The cosine of two unit-length descriptors falls as the distance
 * between them grows; from the mean, that distance is |a|² + |b|² - 2|a||b|cos(angle), and the
 * share of differing bits estimates the angle (the angle alone misses faces near the mean, which
 * are near everything). A scan of the codes shortlists the faces whose estimate is smallest and
 * the exact cosine ranks the shortlist (docs/decisions/024-face-search.md).
 *
 * The mean and the planes are constants: every stored code was made with them. Changing either
 * means recomputing every code from the stored descriptors (face_descriptors keeps them).
 */
import { descriptorSimilarity } from '../kyc/face-engine';
import { faceMatchThresholds } from '../kyc/face-match';

/** Numbers in a descriptor (the ResNet-34 descriptor of @vladmandic/face-api). */
export const DESCRIPTOR_LENGTH = 128;
/** Bits in a code: face_codes.code is bit(512). */
export const CODE_BITS = 512;

/**
 * The mean of the unit-length selfie descriptors of the 80 calibration people of the face
 * corpus (LFW, docs/decisions/013; 295 photos, bench/face-search/real-faces.ts). Unrelated faces
 * share most of their direction with it (their raw cosine is about 0.84): planes through the
 * origin would split almost every face the same way, planes through the mean split them evenly.
 */
export const POPULATION_MEAN: readonly number[] = [
  -0.05258, 0.05834, 0.03257, -0.01909, -0.06663, -0.01747, -0.00826, -0.08301, 0.09376, -0.05119,
  0.13333, -0.03187, -0.17325, -0.04105, -0.01887, 0.08598, -0.1018, -0.0768, -0.08751, -0.06507,
  0.00919, 0.03152, 0.02849, 0.00198, -0.0879, -0.20678, -0.0527, -0.06137, 0.03232, -0.06331,
  0.01011, 0.03374, -0.14713, -0.04879, 0.01361, 0.05464, -0.04006, -0.04746, 0.14493, 0.00998,
  -0.10773, 0.02539, 0.03954, 0.16933, 0.13881, 0.00257, 0.00642, -0.04629, 0.07993, -0.17095,
  0.02698, 0.10384, 0.09359, 0.05847, 0.05254, -0.08819, 0.02026, 0.09963, -0.12979, 0.04764,
  0.04912, -0.06181, -0.01933, -0.01866, 0.11797, 0.05746, -0.06036, -0.09215, 0.10927, -0.104,
  -0.0378, 0.05094, -0.06396, -0.10613, -0.20026, 0.02769, 0.26916, 0.08567, -0.12131, 0.00591,
  -0.0564, -0.01753, 0.02238, 0.0243, -0.05059, -0.03158, -0.06596, 0.01953, 0.13673, -0.02018,
  -0.01884, 0.15331, 0.00638, -0.00381, 0.01863, 0.02211, -0.08402, -0.0155, -0.07239, -0.01744,
  0.0285, -0.08415, 0.00878, 0.07084, -0.12945, 0.11188, -0.01774, -0.02287, -0.00372, -0.00998,
  -0.05248, 0.00499, 0.11566, -0.17616, 0.15392, 0.12058, -0.01319, 0.09092, 0.04167, 0.05201,
  -0.01342, -0.0001, -0.09254, -0.08522, 0.01264, -0.0078, 0.02721, 0.02904,
];

/** The seed of the hyperplanes (any fixed number: the codes only need the same planes always). */
const PLANES_SEED = 0x24_0005;

/** mulberry32: small, fast and the same on every platform. */
function uniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * CODE_BITS directions with independent standard normal coordinates (Box-Muller), one after
 * the other in one array (plane p is entries p·128 to p·128 + 127).
 */
function hyperplanes(): Float64Array {
  const random = uniform(PLANES_SEED);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Float64Array.from({ length: CODE_BITS * DESCRIPTOR_LENGTH }, normal);
}
const planes = hyperplanes();

function assertDescriptor(descriptor: ArrayLike<number>) {
  if (descriptor.length !== DESCRIPTOR_LENGTH) {
    throw new Error(`a face descriptor has ${DESCRIPTOR_LENGTH} numbers, not ${descriptor.length}`);
  }
}

export type FaceCode = {
  /** '0' and '1' as PostgreSQL's bit(512) reads them, the first plane first. */
  bits: string;
  /** The distance of the unit-length descriptor from POPULATION_MEAN. */
  norm: number;
};

/** The code of a descriptor, made unit-length first (the similarity is a cosine, blind to length). */
export function faceCode(descriptor: ArrayLike<number>): FaceCode {
  assertDescriptor(descriptor);
  let length = 0;
  for (let index = 0; index < DESCRIPTOR_LENGTH; index += 1) length += descriptor[index]! ** 2;
  length = Math.sqrt(length) || 1;
  const centred = Float64Array.from(
    { length: DESCRIPTOR_LENGTH },
    (_, index) => descriptor[index]! / length - POPULATION_MEAN[index]!,
  );
  const bits = Buffer.alloc(CODE_BITS);
  for (let plane = 0; plane < CODE_BITS; plane += 1) {
    let projection = 0;
    const offset = plane * DESCRIPTOR_LENGTH;
    for (let index = 0; index < DESCRIPTOR_LENGTH; index += 1) {
      projection += planes[offset + index]! * centred[index]!;
    }
    bits[plane] = projection >= 0 ? 0x31 : 0x30; // '1' : '0'
  }
  let norm = 0;
  for (let index = 0; index < DESCRIPTOR_LENGTH; index += 1) norm += centred[index]! ** 2;
  return { bits: bits.toString('latin1'), norm: Math.sqrt(norm) };
}

/**
 * For a query of norm `norm`, the second term of the distance estimate by differing bits:
 * entry h is 2·norm·cos(π·h / CODE_BITS), so that a stored face of norm n is at about
 * n·(n - entry[h]) plus the query's own norm squared (the same for every face, left out).
 * The scan looks the entry up instead of computing a cosine on every row.
 */
export function distanceTerms(norm: number): number[] {
  return Array.from({ length: CODE_BITS + 1 }, (_, differing) =>
    Number((2 * norm * Math.cos((Math.PI * differing) / CODE_BITS)).toFixed(6)),
  );
}

/** The estimate the scan orders by (without the query's norm squared): smaller is nearer. */
export function estimatedDistance(query: FaceCode, stored: FaceCode): number {
  const terms = distanceTerms(query.norm);
  return stored.norm * (stored.norm - terms[hammingDistance(query.bits, stored.bits)]!);
}

/** Bits that differ between two codes (what `bit_count(a # b)` counts in SQL). */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) distance += 1;
  return distance + Math.abs(a.length - b.length);
}

/**
 * The similarity shown to reviewers: the cosine rescaled so that unrelated faces read about 0
 * and the same face 1 (kyc/face-engine.ts). The search returns the same number.
 */
export const faceSimilarity = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  descriptorSimilarity(Array.from(a), Array.from(b));

/**
 * The similarity from which two selfies are the same person: the face check's 'approve' limit
 * for the selfie against the selfie with the document, where at most 0.1% of pairs of different
 * people reach it (docs/decisions/013).
 */
export const SAME_PERSON_SIMILARITY = faceMatchThresholds.selfies.approve;

/**
 * The similarity from which another application's selfie is listed as the same face (one-to-many).
 * A one-to-one limit does not serve here: compared with every stored face, 0.64 lets 0.1% of
 * strangers through, hundreds per application at a million. At 0.80 (cosine 0.96) one pair of
 * different people in about 125,000 passes on the LFW people it was chosen on (8.0e-6 of 498,501
 * pairs; 27% of 199 real same-person photo pairs pass), and one in 250,000 on the other half of
 * them (4.0e-6; 35.5% of 200 pairs): a link is a strong sign, its absence proves nothing
 * (docs/decisions/024-face-search.md).
 */
export const LINK_SIMILARITY = 0.8;

/** A descriptor as stored: float32, little-endian, whatever the machine's byte order. */
export function encodeDescriptor(descriptor: ArrayLike<number>): Buffer {
  assertDescriptor(descriptor);
  const bytes = Buffer.alloc(DESCRIPTOR_LENGTH * 4);
  for (let index = 0; index < DESCRIPTOR_LENGTH; index += 1) {
    bytes.writeFloatLE(descriptor[index]!, index * 4);
  }
  return bytes;
}

export function decodeDescriptor(bytes: Uint8Array): number[] {
  if (bytes.length !== DESCRIPTOR_LENGTH * 4) {
    throw new Error(
      `a stored face descriptor has ${DESCRIPTOR_LENGTH * 4} bytes, not ${bytes.length}`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: DESCRIPTOR_LENGTH }, (_, index) => view.getFloat32(index * 4, true));
}
