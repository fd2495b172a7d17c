/**
 * Liveness from the geometry of the landmark motion between challenge frames (pure functions on
 * face meshes, no engine).
 *
 * - `motionParallax`: a flat photo, however it is moved, tilted, turned or shown on a screen, is a
 *   plane, and the image of a plane in one frame maps onto its image in another by a homography.
 *   A real head is not flat: when it turns, the nose moves across the cheeks and no homography
 *   explains the motion of points at different depths. The residual of the best homography from
 *   the neutral frame to a turned frame, in inter-ocular distances, measures that depth.
 * - `frameSignature` / `signatureDistance`: a compact shape vector of a frame, to recognise a
 *   recorded frame submitted again (re-encoded, or filmed from a screen: a homography away).
 */
import type { FaceMesh } from '@medipay/shared/liveness';

type Point = readonly [number, number];

/**
 * Landmarks spread across depths (MediaPipe topology): the nose (tip 1, 4, bridge 6, 168, 197,
 * alae 98, 327), the eye corners (33, 133, 362, 263), brows (70, 300), forehead (10, 151),
 * cheeks and the outline (234, 454, 93, 323, 132, 361, 58, 288, 172, 397, 50, 280), the mouth
 * (61, 291, 0, 17) and the chin (152, 199). Points on the outline recede, the nose stands out:
 * between them lies the depth a flat photo lacks.
 */
export const PARALLAX_LANDMARKS = [
  1, 4, 6, 168, 197, 98, 327, 33, 133, 362, 263, 70, 300, 10, 151, 234, 454, 93, 323, 132, 361, 58,
  288, 172, 397, 50, 280, 61, 291, 0, 17, 152, 199,
] as const;

/** Outer eye corners: their distance is the scale of the face. */
const OUTER_EYE_CORNERS = [33, 263] as const;

/**
 * Smallest residual of a real head turned beyond the `turned` yaw, from the neutral frame, in
 * inter-ocular distances. Measured on the server's mesh (bench/liveness.ts): real turns 0.090-0.186
 * (a phone session and LFW pairs); photos on a screen 0.010-0.030; printed photos turned 25-60
 * degrees 0.011-0.109 and bent ones 0.023-0.123, since the mesh model fits a 3D face to a strongly
 * squeezed picture (those frames never reach the turn's yaw, which stops them). 0.06 keeps every
 * real turn and every screen, and the larger half of the prints.
 */
export const LIVENESS_MIN_PARALLAX = 0.06;

/**
 * Two frame signatures closer than this are the same recorded frame. Measured on the server's mesh
 * (bench/liveness.ts, docs/decisions/025): a recorded frame re-encoded 0.004-0.007, filmed again
 * from a screen 0.010-0.032 (median 0.015); two different photographs of the same person (the
 * LFW calibration people, 173 pairs) 0.016 and more, 5.2% of them within 0.030. A replay is three
 * frames of one challenge within this of one earlier challenge's (liveness-check.ts), which a
 * recording brings back and a person doing the movements again is not expected to.
 */
export const REPLAY_MAX_DISTANCE = 0.03;

function pick(mesh: FaceMesh, indices: readonly number[]): Point[] {
  return indices.map((index) => {
    const found = mesh[index];
    if (!found) throw new RangeError(`The face mesh has no landmark ${index}`);
    return [found[0], found[1]] as const;
  });
}

/**
 * Hartley's normalisation: centroid at the origin, mean distance sqrt(2). Returns the normalised
 * points and the 3x3 transform (row-major) that made them.
 */
function normalise(points: readonly Point[]): { points: Point[]; transform: number[] } {
  const n = points.length;
  const cx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const cy = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const mean = points.reduce((sum, [x, y]) => sum + Math.hypot(x - cx, y - cy), 0) / n;
  const s = mean > 0 ? Math.SQRT2 / mean : 1;
  return {
    points: points.map(([x, y]) => [(x - cx) * s, (y - cy) * s] as const),
    transform: [s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1],
  };
}

/** Eigenvector of the smallest eigenvalue of a symmetric matrix (cyclic Jacobi rotations). */
function smallestEigenvector(matrix: number[][]): number[] {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => +(i === j)));
  for (let sweep = 0; sweep < 60; sweep += 1) {
    let off = 0;
    for (let p = 0; p < n; p += 1) for (let q = p + 1; q < n; q += 1) off += a[p]![q]! ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p += 1) {
      for (let q = p + 1; q < n; q += 1) {
        const apq = a[p]![q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k += 1) {
          const akp = a[k]![p]!;
          const akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k += 1) {
          const apk = a[p]![k]!;
          const aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k += 1) {
          const vkp = v[k]![p]!;
          const vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  let smallest = 0;
  for (let i = 1; i < n; i += 1) if (a[i]![i]! < a[smallest]![smallest]!) smallest = i;
  return v.map((row) => row[smallest]!);
}

function multiply3(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i += 1)
    for (let j = 0; j < 3; j += 1)
      for (let k = 0; k < 3; k += 1) out[i * 3 + j]! += a[i * 3 + k]! * b[k * 3 + j]!;
  return out;
}

/** Inverse of Hartley's normalisation (a scale and a shift). */
function denormaliser(transform: readonly number[]): number[] {
  const s = transform[0]!;
  return [1 / s, 0, -transform[2]! / s, 0, 1 / s, -transform[5]! / s, 0, 0, 1];
}

export function applyHomography(h: readonly number[], [x, y]: Point): Point {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/**
 * The homography (3x3, row-major) that best maps `from` onto `to`: direct linear transform on
 * normalised points (least squares on the algebraic error), which for points that do lie on a
 * plane is the exact answer up to their noise.
 */
export function fitHomography(from: readonly Point[], to: readonly Point[]): number[] {
  if (from.length !== to.length || from.length < 4)
    throw new RangeError('A homography needs at least 4 pairs of points');
  const a = normalise(from);
  const b = normalise(to);
  const ata = Array.from({ length: 9 }, () => new Array<number>(9).fill(0));
  const accumulate = (row: number[]) => {
    for (let i = 0; i < 9; i += 1) for (let j = 0; j < 9; j += 1) ata[i]![j]! += row[i]! * row[j]!;
  };
  a.points.forEach(([x, y], index) => {
    const [u, v] = b.points[index]!;
    accumulate([-x, -y, -1, 0, 0, 0, u * x, u * y, u]);
    accumulate([0, 0, 0, -x, -y, -1, v * x, v * y, v]);
  });
  const normalised = smallestEigenvector(ata);
  return multiply3(multiply3(denormaliser(b.transform), normalised), a.transform);
}

/** RMS distance between `to` and `from` mapped by the best homography, in the units of `to`. */
export function homographyResidual(from: readonly Point[], to: readonly Point[]): number {
  const h = fitHomography(from, to);
  let sum = 0;
  from.forEach((point, index) => {
    const [x, y] = applyHomography(h, point);
    const [u, v] = to[index]!;
    sum += (x - u) ** 2 + (y - v) ** 2;
  });
  return Math.sqrt(sum / from.length);
}

function interOcular(mesh: FaceMesh): number {
  const [right, left] = pick(mesh, OUTER_EYE_CORNERS);
  return Math.hypot(left![0] - right![0], left![1] - right![1]);
}

/**
 * How far the landmark motion from `neutral` to `turned` is from the motion of a plane: the RMS
 * residual of the best homography between the two frames' landmarks (PARALLAX_LANDMARKS), in
 * inter-ocular distances of the neutral frame, measured in the turned frame's pixels rescaled to
 * the neutral face's size. About 0 for a flat photo, whatever its motion; NaN for a degenerate
 * mesh (never passes a threshold).
 */
export function motionParallax(neutral: FaceMesh, turned: FaceMesh): number {
  const from = pick(neutral, PARALLAX_LANDMARKS);
  const to = pick(turned, PARALLAX_LANDMARKS);
  const scaleFrom = interOcular(neutral);
  const scaleTo = interOcular(turned);
  if (!(scaleFrom > 0) || !(scaleTo > 0)) return Number.NaN;
  // Residuals are in the turned frame's pixels: the face may have come closer or gone farther,
  // so they are read at the size of the neutral face. The inter-ocular distance of the turned
  // frame shrinks with the turn itself, so the size comes from the whole set of points.
  const spread = (points: Point[]) => {
    const cx = points.reduce((sum, [x]) => sum + x, 0) / points.length;
    const cy = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
    return Math.sqrt(points.reduce((sum, [x, y]) => sum + (x - cx) ** 2 + (y - cy) ** 2, 0));
  };
  const sizeRatio = spread(from) / spread(to);
  const residual = homographyResidual(from, to) * sizeRatio;
  return residual / scaleFrom;
}

/**
 * Landmarks of the signature: the face's outline, brows, eye corners and lids, nose and mouth
 * (48 points, 96 numbers).
 */
export const SIGNATURE_LANDMARKS = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148,
  176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109, 70, 105, 300, 334, 33,
  133, 362, 263, 1, 6, 61, 291,
] as const;

/**
 * A compact shape vector of a frame: the signature landmarks with their centroid at the origin,
 * their RMS distance to it 1, and the eye axis horizontal (so translation, scale and in-plane
 * rotation do not count); x then y for each point.
 */
export function frameSignature(mesh: FaceMesh): number[] {
  const points = pick(mesh, SIGNATURE_LANDMARKS);
  const [right, left] = pick(mesh, OUTER_EYE_CORNERS);
  const angle = Math.atan2(left![1] - right![1], left![0] - right![0]);
  const [cos, sin] = [Math.cos(-angle), Math.sin(-angle)];
  const cx = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const cy = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  const centred = points.map(([x, y]) => [x - cx, y - cy] as const);
  const rms = Math.sqrt(centred.reduce((sum, [x, y]) => sum + x * x + y * y, 0) / points.length);
  return centred.flatMap(([x, y]) => [
    (x * cos - y * sin) / (rms || 1),
    (x * sin + y * cos) / (rms || 1),
  ]);
}

const asPoints = (signature: readonly number[]): Point[] =>
  Array.from({ length: signature.length / 2 }, (_, i) => [
    signature[2 * i]!,
    signature[2 * i + 1]!,
  ]);

/**
 * How far two signatures are from being the same frame: the RMS residual of the best homography
 * from one to the other (the points are in units of the face's RMS radius). A frame filmed again
 * from a screen is a homography away from the original, so that leaves only landmark noise; two
 * captures of a live person differ by the head's pose and expression, which no homography
 * explains. Symmetric (the mean of both directions).
 */
export function signatureDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length < 8) return Number.POSITIVE_INFINITY;
  const [pa, pb] = [asPoints(a), asPoints(b)];
  return (homographyResidual(pa, pb) + homographyResidual(pb, pa)) / 2;
}
