/**
 * Active liveness challenge on face-mesh landmarks (@vladmandic/human: 468 points in the MediaPipe
 * Face Mesh topology, x and y in pixels of the UNMIRRORED camera frame).
 *
 * The browser asks for the three challenges in a random order and feeds a stream of face meshes
 * to a tracker, which says when each step is done (the caller captures that frame). The server
 * re-checks each captured frame with `poseShows`, the same single-frame rule.
 *
 * Only x and y are used: both measures are ratios of distances in the image plane, so they do not
 * depend on the size of the face in the frame nor on the in-plane tilt of the head.
 */
import { z } from 'zod';

export type MeshPoint = readonly [number, number, number];
export type FaceMesh = readonly MeshPoint[];

export const livenessChallenges = ['blink', 'turn-left', 'turn-right'] as const;
export type LivenessChallenge = (typeof livenessChallenges)[number];
export const livenessChallengeSchema = z.enum(livenessChallenges);

/** Instructions shown to the applicant. */
export const livenessInstructions: Record<LivenessChallenge, string> = {
  blink: 'Pisque os olhos',
  'turn-left': 'Vire o rosto devagar para a sua esquerda',
  'turn-right': 'Vire o rosto devagar para a sua direita',
};

export type LivenessHint = 'no-face' | 'several-faces' | 'face-the-camera';

/** Hints for the tracker's 'waiting' events. */
export const livenessHints: Record<LivenessHint, string> = {
  'no-face': 'Posicione seu rosto na câmera',
  'several-faces': 'Apenas uma pessoa deve aparecer na câmera',
  'face-the-camera': 'Olhe para a câmera',
};

/**
 * Landmarks of the MediaPipe 468-point topology. "Right" and "left" are the person's: in the
 * unmirrored frame the person's right side is on the image's left.
 * Eyes: the classic 6-point eye-aspect-ratio sets, [outer or inner corner, upper, upper,
 * other corner, lower, lower], the lower points facing the upper ones in reverse order.
 */
export const meshLandmarks = {
  rightEye: [33, 160, 158, 133, 153, 144],
  leftEye: [362, 385, 387, 263, 373, 380],
  noseTip: 1,
  /** The face's outline at the height of the eyes, person's right (image left) and left. */
  rightSide: 234,
  leftSide: 454,
} as const;

/** Landmarks of the topology (Human adds 10 iris points after them when the iris model runs). */
export const meshSize = 468;

export type FacePose = { eyes: number; yaw: number };

function point(mesh: FaceMesh, index: number): MeshPoint {
  const found = mesh[index];
  if (!found) throw new RangeError(`The face mesh has no landmark ${index}`);
  return found;
}

function distance(a: MeshPoint, b: MeshPoint): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

function eyeAspectRatio(mesh: FaceMesh, eye: readonly number[]): number {
  const [p1, p2, p3, p4, p5, p6] = eye.map((index) => point(mesh, index)) as [
    MeshPoint,
    MeshPoint,
    MeshPoint,
    MeshPoint,
    MeshPoint,
    MeshPoint,
  ];
  return (distance(p2, p6) + distance(p3, p5)) / (2 * distance(p1, p4));
}

/**
 * Eye aspect ratio (mean of both eyes), from the eyelid landmarks: about 0.25-0.35 open, < 0.15
 * closed. Measured on the recorded meshes: 0.26-0.36 for open eyes on frontal faces.
 */
export function eyeOpenness(mesh: FaceMesh): number {
  return (
    (eyeAspectRatio(mesh, meshLandmarks.rightEye) + eyeAspectRatio(mesh, meshLandmarks.leftEye)) / 2
  );
}

/**
 * Horizontal head rotation as a signed ratio: 0 facing the camera, > 0 when the person turns to
 * THEIR left (the nose moves towards the image's right), < 0 to their right.
 *
 * The nose tip is projected on the line from the face's right side (234) to its left side (454):
 * at t = 0 it is over the right side, at t = 1 over the left side, and yaw = 2t - 1. A ratio along
 * one line, so it does not change with the scale, the position or the in-plane tilt of the face;
 * and a flat photo turned in front of the camera, only squeezed sideways since it has no depth,
 * barely moves it (< 0.15 up to 60 degrees on the recorded faces). On the recorded faces it is
 * 0.42-0.50 at 20 degrees and 0.67-0.79 at 30 degrees (it grows like the tangent of the angle).
 */
export function headYaw(mesh: FaceMesh): number {
  const right = point(mesh, meshLandmarks.rightSide);
  const left = point(mesh, meshLandmarks.leftSide);
  const nose = point(mesh, meshLandmarks.noseTip);
  const axisX = left[0] - right[0];
  const axisY = left[1] - right[1];
  const along =
    ((nose[0] - right[0]) * axisX + (nose[1] - right[1]) * axisY) / (axisX ** 2 + axisY ** 2);
  return 2 * along - 1;
}

export function facePose(mesh: FaceMesh): FacePose {
  return { eyes: eyeOpenness(mesh), yaw: headYaw(mesh) };
}

export type LivenessThresholds = {
  /** Eye openness below which the eyes are closed (a blink). */
  closedEyes: number;
  /** Eye openness from which the eyes are open (needed for a neutral pose). */
  openEyes: number;
  /** |yaw| beyond which the head is turned (about 20-23 degrees). */
  turned: number;
  /** |yaw| up to which the person faces the camera (about 12 degrees). */
  frontal: number;
  /** Time allowed for each step, from when it became current. */
  stepTimeoutMs: number;
  /** Consecutive frames a turn must be held. */
  turnFrames: number;
  /** Consecutive frames the eyes must be seen closed. */
  blinkFrames: number;
};

/**
 * Measured on the recorded meshes (packages/shared/src/testing/face-meshes.json): open eyes
 * 0.26-0.36 on the faces looking at the camera (0.23 on eyes looking down), eyelids shut 90% of the
 * way 0.03; yaw within +-0.21 on the faces looking at the camera, -0.81 and +0.98 on the most
 * turned real heads (about 30 degrees), and 0.10-0.12 / 0.42-0.50 / 0.67-0.79 on the frontal
 * meshes turned by 10 / 20 / 30 degrees. Landmark noise of 1 pixel on a face 200 pixels wide
 * moves the eye openness by up to about 0.08 and the yaw by up to about 0.05.
 */
export const livenessThresholds: LivenessThresholds = {
  closedEyes: 0.15,
  openEyes: 0.2,
  turned: 0.5,
  frontal: 0.25,
  stepTimeoutMs: 10_000,
  turnFrames: 2,
  blinkFrames: 1,
};

/** Eyes open and facing the camera: where every step starts from. */
export function isNeutral(pose: FacePose, thresholds: LivenessThresholds = livenessThresholds) {
  return pose.eyes >= thresholds.openEyes && Math.abs(pose.yaw) <= thresholds.frontal;
}

/**
 * Single-frame rule, used by the server on a captured frame: does this pose show the challenge
 * done? A blink is closed eyes while facing the camera; a turn is a yaw beyond `turned` in the
 * asked direction. (NaN, from a degenerate mesh, never shows anything.)
 */
export function poseShows(
  challenge: LivenessChallenge,
  pose: FacePose,
  thresholds: LivenessThresholds = livenessThresholds,
): boolean {
  switch (challenge) {
    case 'blink':
      return pose.eyes < thresholds.closedEyes && Math.abs(pose.yaw) <= thresholds.frontal;
    case 'turn-left':
      return pose.yaw > thresholds.turned;
    case 'turn-right':
      return pose.yaw < -thresholds.turned;
  }
}

/** Head turns in one challenge: 14 possible sequences, both directions in each. */
export const LIVENESS_STEPS = 4;

/**
 * The server's challenge: LIVENESS_STEPS head turns, each to the left or the right at random,
 * both directions in every sequence, from a source of random integers in [0, maxExclusive) (the
 * caller passes crypto-backed randomness, e.g. `(n) => randomInt(0, n - 1)` from ./random).
 *
 * Only turns: a turn is the movement whose frames show depth (the nose crosses the cheeks), which
 * a photo or a screen cannot show; a blink shows none, and a painted blink passed the earlier
 * challenge (docs/decisions/025-identity-checks-round-2.md). The tracker still knows blinks.
 */
export function challengeOrder(randomInt: (maxExclusive: number) => number): LivenessChallenge[] {
  // The 2^LIVENESS_STEPS left/right patterns but the two of a single direction: one is drawn.
  const sequences = 2 ** LIVENESS_STEPS - 2;
  const pick = randomInt(sequences);
  if (!Number.isInteger(pick) || pick < 0 || pick >= sequences)
    throw new RangeError(`randomInt(${sequences}) gave ${pick}`);
  const pattern = pick + 1;
  return Array.from({ length: LIVENESS_STEPS }, (_, step) =>
    (pattern >> step) & 1 ? 'turn-right' : 'turn-left',
  );
}

export type TrackerFrame = {
  /** Milliseconds, from any monotonic clock. */
  at: number;
  /** How many faces were detected. */
  faces: number;
  /** The largest face. */
  mesh: FaceMesh | null;
};

export type TrackerEvent =
  /** Nothing done this frame; the hint says what blocks progress, if anything. */
  | { type: 'waiting'; hint: LivenessHint | null }
  /** THIS frame shows the action: the caller captures it now. `last` on the final step. */
  | { type: 'step-passed'; challenge: LivenessChallenge; step: number; last: boolean }
  /** Every step has passed (answered to any frame after the last step's 'step-passed'). */
  | { type: 'completed' }
  | { type: 'failed'; reason: 'timeout' };

export type TrackerStatus = 'running' | 'completed' | 'failed';

export type ChallengeTracker = {
  push: (frame: TrackerFrame) => TrackerEvent;
  /** The challenge being asked, null once all have passed (after a failure: the one that failed). */
  readonly current: LivenessChallenge | null;
  /** 0-based index of the current step; the number of steps once completed. */
  readonly step: number;
  readonly status: TrackerStatus;
};

/**
 * Follows the steps of `order` on a stream of frames.
 *
 * - A step starts only from a neutral pose (eyes open, facing the camera): a photo of a turned
 *   head or with closed eyes never starts one, and after each step the person must come back to
 *   neutral (so, after a blink, open the eyes again).
 * - A turn passes on the `turnFrames`-th consecutive frame turned beyond `turned` the asked way
 *   (the wrong way does not count and breaks the run).
 * - A blink passes on the first frame with closed eyes (below `closedEyes`, facing the camera),
 *   without waiting for the eyes to reopen: that closed-eye frame is the one to capture.
 * - No face or several faces pause the step: nothing passes and the run of frames breaks, but the
 *   step stays started and its clock keeps running.
 * - Each step fails after `stepTimeoutMs` from when it became current (the first frame for the
 *   first step, the frame where the previous step passed for the others).
 * - The last step answers 'step-passed' with `last: true` (capture it as the others); the tracker
 *   is then completed and answers 'completed' to any later frame. After a failure it answers
 *   'failed' to any later frame.
 */
export function createChallengeTracker(
  order: readonly LivenessChallenge[],
  thresholds: LivenessThresholds = livenessThresholds,
): ChallengeTracker {
  if (order.length === 0) throw new RangeError('A liveness challenge needs at least one step');
  let step = 0;
  let status: TrackerStatus = 'running';
  let stepStartedAt: number | null = null;
  let started = false;
  let run = 0;

  const push = (frame: TrackerFrame): TrackerEvent => {
    if (status === 'completed') return { type: 'completed' };
    if (status === 'failed') return { type: 'failed', reason: 'timeout' };
    stepStartedAt ??= frame.at;
    if (frame.at - stepStartedAt > thresholds.stepTimeoutMs) {
      status = 'failed';
      return { type: 'failed', reason: 'timeout' };
    }
    // A mesh without the topology's landmarks (Human's detector-only landmarks) shows no face.
    if (frame.faces < 1 || frame.mesh === null || frame.mesh.length < meshSize) {
      run = 0;
      return { type: 'waiting', hint: 'no-face' };
    }
    if (frame.faces > 1) {
      run = 0;
      return { type: 'waiting', hint: 'several-faces' };
    }
    const pose = facePose(frame.mesh);
    if (!started) {
      started = isNeutral(pose, thresholds);
      return { type: 'waiting', hint: started ? null : 'face-the-camera' };
    }
    const challenge = order[step]!;
    run = poseShows(challenge, pose, thresholds) ? run + 1 : 0;
    const needed = challenge === 'blink' ? thresholds.blinkFrames : thresholds.turnFrames;
    if (run < needed) return { type: 'waiting', hint: null };
    const passed = step;
    step += 1;
    run = 0;
    started = false;
    stepStartedAt = frame.at;
    const last = step === order.length;
    if (last) status = 'completed';
    return { type: 'step-passed', challenge, step: passed, last };
  };

  return {
    push,
    get current() {
      return order[step] ?? null;
    },
    get step() {
      return step;
    },
    get status() {
      return status;
    },
  };
}
