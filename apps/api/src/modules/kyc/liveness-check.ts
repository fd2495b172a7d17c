import type { BiometricReason } from '@medipay/shared/biometrics';
import {
  facePose,
  isNeutral,
  livenessThresholds,
  poseShows,
  type LivenessChallenge,
} from '@medipay/shared/liveness';
import type { DetectedFace, FaceAnalysis } from './face-engine';
import { faceMatchThresholds } from './face-match';
import {
  LIVENESS_MIN_PARALLAX,
  REPLAY_MAX_DISTANCE,
  frameSignature,
  motionParallax,
  signatureDistance,
} from './liveness-motion';

/**
 * The person in every challenge frame must be the person of the selfie. The frames show a turned
 * head, which lowers the similarity of the same person: a frame must reach 0.1 below the reject
 * limit of the selfie comparison (about 5% of pairs of different people reach it: the frames stop
 * a swap of faces during the challenge, the selfie's own comparisons do the rest;
 * docs/decisions/013-identity-checks-on-independent-data.md).
 */
export const LIVENESS_FRAME_MIN_SIMILARITY =
  Math.round((faceMatchThresholds.selfies.reject - 0.1) * 100) / 100;
/** The selfie must be taken within this time after the challenge frames. */
export const SELFIE_AFTER_CHALLENGE_MS = 3 * 60 * 1000;

/**
 * Time windows of a challenge, on the browser's capture times (milliseconds since the challenge
 * was shown) checked against the server's own clock:
 * - a movement's frame comes at least `minMoveMs` after the frame before it (from facing the
 *   camera to a head turned 20 degrees takes a person longer; two frames closer than that are
 *   not two movements),
 * - and at most the step's time on screen (the tracker's step timeout) plus `slackMs` after it;
 * - the last frame cannot be later than the time the server saw between issuing the challenge and
 *   receiving its frames, plus `slackMs` (the browser cannot claim more time than it had).
 */
export const challengeWindows = {
  minMoveMs: 150,
  maxStepMs: livenessThresholds.stepTimeoutMs + 1_000,
  slackMs: 1_000,
} as const;

export type ChallengeEvidence = {
  order: LivenessChallenge[];
  /** The frame facing the camera before the first movement. */
  neutral: FaceAnalysis;
  /** One analysed frame per challenge step, in the order of `order`. */
  frames: FaceAnalysis[];
  /** Capture times in ms since the challenge was shown: the neutral frame, then each step's. */
  timings: number[];
  issuedAt: Date;
  /** When the server received the frames. */
  completedAt: Date;
};

/** Why a challenge was not a live person, kept with the check for the reviewer and the logs. */
export type NotLiveDetail = 'timing' | 'flat' | 'replayed';

export type LivenessOutcome = {
  passed: boolean;
  reason: BiometricReason | null;
  /** The lowest similarity between a challenge frame and the selfie. */
  similarity: number | null;
  /** Depth shown by each turn against the neutral frame (liveness-motion.ts). */
  parallax?: number[];
  detail?: NotLiveDetail;
};

/** The landmark signatures of a challenge's frames (neutral first), kept to catch its replay. */
export type ChallengeSignatures = number[][];

/**
 * Frames of a challenge that must each be a frame of one earlier accepted challenge for it to be
 * that challenge replayed. A recording played again, even in another order or filmed from a
 * screen, brings back most of its frames (bench/liveness.ts); a person doing the movements again
 * is not expected to land on three frames within REPLAY_MAX_DISTANCE of their earlier ones.
 */
export const REPLAY_MIN_FRAMES = 3;

/** Whether this challenge's frames are, for the most part, the frames of an earlier one. */
export function replays(current: ChallengeSignatures, earlier: readonly ChallengeSignatures[]) {
  return earlier.some(
    (recorded) =>
      current.filter((frame) =>
        recorded.some((other) => signatureDistance(frame, other) <= REPLAY_MAX_DISTANCE),
      ).length >= Math.min(REPLAY_MIN_FRAMES, current.length),
  );
}

function timingsFit(challenge: ChallengeEvidence): boolean {
  const { timings, order } = challenge;
  if (timings.length !== order.length + 1 || timings[0]! < 0) return false;
  for (let step = 1; step < timings.length; step += 1) {
    const gap = timings[step]! - timings[step - 1]!;
    if (gap < challengeWindows.minMoveMs || gap > challengeWindows.maxStepMs) return false;
  }
  const observed = challenge.completedAt.getTime() - challenge.issuedAt.getTime();
  return timings.at(-1)! <= observed + challengeWindows.slackMs;
}

/**
 * Decides, on the server, whether the challenge frames the browser captured prove a live person:
 * - the frames came within the challenge's time windows;
 * - the neutral frame faces the camera, and each step's frame shows one face doing the movement
 *   its step asked for (the browser's rule, on the server's own face mesh);
 * - each turn moved the landmarks as a head does, not as a flat picture does (motionParallax);
 * - the frames are not those of an earlier accepted challenge (a replayed recording);
 * - every frame shows the person of the selfie, taken right after the challenge.
 */
export function evaluateLiveness(input: {
  challenge: ChallengeEvidence | null;
  selfie: DetectedFace | null;
  selfieTakenAt: Date;
  similarity: (a: DetectedFace, b: DetectedFace) => number;
  /** Signatures of earlier accepted challenges to compare with (see replays). */
  earlier?: readonly ChallengeSignatures[];
}): LivenessOutcome & { signatures: ChallengeSignatures | null } {
  const { challenge, selfie, selfieTakenAt, similarity } = input;
  const fail = (
    reason: BiometricReason,
    extra: { similarity?: number | null; parallax?: number[]; detail?: NotLiveDetail } = {},
  ) => ({
    passed: false,
    reason,
    similarity: extra.similarity ?? null,
    ...(extra.parallax ? { parallax: extra.parallax } : {}),
    ...(extra.detail ? { detail: extra.detail } : {}),
    signatures: null,
  });
  if (!challenge) return fail('camera-required');
  const elapsed = selfieTakenAt.getTime() - challenge.completedAt.getTime();
  if (elapsed < 0 || elapsed > SELFIE_AFTER_CHALLENGE_MS) return fail('camera-required');
  if (challenge.frames.length !== challenge.order.length || challenge.order.length === 0)
    return fail('challenge-not-done');
  if (!timingsFit(challenge)) return fail('not-live', { detail: 'timing' });

  const single = (analysis: FaceAnalysis): DetectedFace | BiometricReason => {
    if (analysis.faces.length === 0) return 'no-face';
    if (analysis.faces.length > 1) return 'several-faces';
    return analysis.faces[0]!;
  };
  const neutral = single(challenge.neutral);
  if (typeof neutral === 'string') return fail(neutral);
  if (!isNeutral(facePose(neutral.mesh))) return fail('challenge-not-done');

  const faces: DetectedFace[] = [neutral];
  const parallax: number[] = [];
  for (const [step, frame] of challenge.frames.entries()) {
    const face = single(frame);
    if (typeof face === 'string') return fail(face);
    if (!poseShows(challenge.order[step]!, facePose(face.mesh))) return fail('challenge-not-done');
    parallax.push(Math.round(motionParallax(neutral.mesh, face.mesh) * 1000) / 1000);
    faces.push(face);
  }
  if (parallax.some((value) => !(value >= LIVENESS_MIN_PARALLAX)))
    return fail('not-live', { parallax, detail: 'flat' });

  const signatures = faces.map((face) => frameSignature(face.mesh));
  if (replays(signatures, input.earlier ?? []))
    return fail('not-live', { parallax, detail: 'replayed' });

  if (!selfie) return fail('no-face', { parallax });
  const lowest = Math.min(...faces.map((face) => similarity(face, selfie)));
  if (lowest < LIVENESS_FRAME_MIN_SIMILARITY)
    return fail('no-match', { similarity: lowest, parallax });
  return { passed: true, reason: null, similarity: lowest, parallax, signatures };
}
