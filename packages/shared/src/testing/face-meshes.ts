/**
 * Real face meshes and the head turns and blinks synthesised from them, for the liveness tests.
 *
 * face-meshes.json holds meshes recorded with @vladmandic/human on the sample photos of
 * @vladmandic/face-api (apps/api/test/record-face-meshes.ts): faces looking at the
 * camera, the most turned head each way, and a face looking down. Frontal meshes are turned in 3D
 * around the vertical axis through their centre; blinks move the upper eyelids onto the lower ones.
 *
 * Sign of the yaw, checked on the real turned heads: on the portraits, with landmarks 1, 234 and
 * 454 drawn, the face recorded with yaw +0.98 (photo 4) has its nose pointing to the image's right
 * and the one with -0.81 (photo 4) to the image's left, near its 234 side. And in 3D, on the
 * yaw > 0 face the person's left cheek (454, image right) is farther from the camera than the
 * right one (234), and the other way round on the yaw < 0 face, which is what turning to one's own
 * left, then right, does (Human's z grows away from the camera: on the face looking straight at
 * it, -27 at the nose tip and +50 and +53 at 234 and 454). The tests check this depth rule.
 */
import {
  type FaceMesh,
  type LivenessChallenge,
  type MeshPoint,
  type TrackerFrame,
} from '../liveness';
import recorded from './face-meshes.json';
import { frontalAngle, rotateHead } from './head-rotation';
import { seededRandom } from './seeded-random';

export { frontalAngle, rotateHead };

export type RecordedMesh = {
  kind: 'frontal' | 'turned' | 'eyes-down';
  photo: number;
  /** headYaw and eyeOpenness measured when recording. */
  yaw: number;
  eyes: number;
  /** x and y in pixels of the portrait, z in the same pixel scale. */
  mesh: FaceMesh;
};

function unpack(points: readonly number[], zScale: number): FaceMesh {
  const mesh: MeshPoint[] = [];
  for (let at = 0; at + 2 < points.length; at += 3)
    mesh.push([points[at]!, points[at + 1]!, points[at + 2]! * zScale]);
  return mesh;
}

export const recordedMeshes: readonly RecordedMesh[] = recorded.meshes.map((entry) => ({
  kind: entry.kind as RecordedMesh['kind'],
  photo: entry.photo,
  yaw: entry.yaw,
  eyes: entry.eyes,
  mesh: unpack(entry.points, entry.zScale),
}));

export const recordedOfKind = (kind: RecordedMesh['kind']) =>
  recordedMeshes.filter((entry) => entry.kind === kind);

/** The recorded faces that look at the camera, turned to exactly 0 yaw (they were within 0.2). */
export const frontalMeshes: readonly FaceMesh[] = recordedOfKind('frontal').map(({ mesh }) =>
  rotateHead(mesh, frontalAngle(mesh)),
);

/**
 * Eyelid contours of the MediaPipe topology, upper and lower points facing each other (the person's
 * right eye, then the left one).
 */
const upperLids = [246, 161, 160, 159, 158, 157, 173, 466, 388, 387, 386, 385, 384, 398];
const lowerLids = [7, 163, 144, 145, 153, 154, 155, 249, 390, 373, 374, 380, 381, 382];

/** The upper eyelids moved `amount` of the way onto the lower ones (0 as is, 1 shut). */
export function closeEyes(mesh: FaceMesh, amount: number): FaceMesh {
  const closed = [...mesh];
  upperLids.forEach((upper, index) => {
    const top = mesh[upper]!;
    const bottom = mesh[lowerLids[index]!]!;
    closed[upper] = [
      top[0] + (bottom[0] - top[0]) * amount,
      top[1] + (bottom[1] - top[1]) * amount,
      top[2] + (bottom[2] - top[2]) * amount,
    ];
  });
  return closed;
}

export function scaleMesh(mesh: FaceMesh, factor: number): FaceMesh {
  return mesh.map(([x, y, z]) => [x * factor, y * factor, z * factor]);
}

/** Normal noise of standard deviation `sigma` (Box-Muller). */
function gaussian(random: () => number, sigma: number): number {
  return sigma * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Every coordinate moved by normal noise of `sigma` pixels. */
export function jitter(mesh: FaceMesh, sigma: number, random: () => number): FaceMesh {
  return mesh.map(([x, y, z]) => [
    x + gaussian(random, sigma),
    y + gaussian(random, sigma),
    z + gaussian(random, sigma),
  ]);
}

/** What the face detector saw in one frame. */
export type Shot = { faces: number; mesh: FaceMesh | null };

export const still = (mesh: FaceMesh, count: number, faces = 1): Shot[] =>
  Array.from({ length: count }, () => ({ faces, mesh }));

export const noFace = (count: number): Shot[] =>
  Array.from({ length: count }, () => ({ faces: 0, mesh: null }));

/**
 * A head turn to the person's `side`, one frame per step of `degrees` / 4 out and back, held two
 * more frames at the end: with 35 degrees, below the `turned` yaw up to 17.5 degrees and beyond
 * it from 26 degrees on every recorded face.
 */
export function turnClip(mesh: FaceMesh, side: 'left' | 'right', degrees = 35): Shot[] {
  const sign = side === 'left' ? 1 : -1;
  const path = [0.25, 0.5, 0.75, 1, 1, 1, 0.75, 0.5, 0.25, 0];
  return path.map((part) => ({ faces: 1, mesh: rotateHead(mesh, sign * degrees * part) }));
}

/** Eyelid positions through a blink, one per frame at 10 frames per second. */
export const blinkPath = [0.3, 0.6, 0.9, 0.9, 0.5, 0.2, 0];

export const blinkClip = (mesh: FaceMesh, path = blinkPath): Shot[] =>
  path.map((amount) => ({ faces: 1, mesh: closeEyes(mesh, amount) }));

export function actionClip(mesh: FaceMesh, challenge: LivenessChallenge): Shot[] {
  if (challenge === 'blink') return blinkClip(mesh);
  return turnClip(mesh, challenge === 'turn-left' ? 'left' : 'right');
}

/** The person doing the challenges in `order`: 3 frames looking at the camera before each. */
export const performChallenges = (mesh: FaceMesh, order: readonly LivenessChallenge[]): Shot[] =>
  order.flatMap((challenge) => [...still(mesh, 3), ...actionClip(mesh, challenge)]);

export type FrameOptions = {
  /** Standard deviation of the landmark noise, in camera pixels. */
  noise?: number;
  seed?: number;
  /** Size of the face in the frame, 1 as recorded. */
  scale?: number;
  startAt?: number;
  intervalMs?: number;
};

/**
 * Camera frames from shots: the mesh scaled, with noise, and truncated to whole pixels as Human
 * gives them; 10 frames per second unless told.
 */
export function toFrames(shots: readonly Shot[], options: FrameOptions = {}): TrackerFrame[] {
  const { noise = 0.7, seed = 1, scale = 1, startAt = 0, intervalMs = 100 } = options;
  const random = seededRandom(seed);
  return shots.map(({ faces, mesh }, index) => ({
    at: startAt + index * intervalMs,
    faces,
    mesh:
      mesh &&
      jitter(scaleMesh(mesh, scale), noise, random).map(
        ([x, y, z]) => [Math.trunc(x), Math.trunc(y), Math.trunc(z)] as const,
      ),
  }));
}
