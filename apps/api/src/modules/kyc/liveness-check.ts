import type { BiometricReason } from '@medipay/shared/biometrics';
import { facePose, poseShows, type LivenessChallenge } from '@medipay/shared/liveness';
import type { DetectedFace, FaceAnalysis } from './face-engine';
import { faceMatchThresholds } from './face-match';

/**
 * The person in every challenge frame must be the person of the selfie. The frames show a turned
 * head or closed eyes, which lowers the similarity of the same person: a frame must reach 0.1
 * below the reject limit of the selfie comparison (about 5% of pairs of different people reach
 * it: the frames stop a swap of faces during the challenge, the selfie's own comparisons do the
 * rest; docs/decisions/013-identity-checks-on-independent-data.md).
 */
export const LIVENESS_FRAME_MIN_SIMILARITY =
  Math.round((faceMatchThresholds.selfies.reject - 0.1) * 100) / 100;
/** The selfie must be taken within this time after the challenge frames. */
export const SELFIE_AFTER_CHALLENGE_MS = 3 * 60 * 1000;

export type ChallengeEvidence = {
  order: LivenessChallenge[];
  /** One analysed frame per challenge step, in the order of `order`. */
  frames: FaceAnalysis[];
  completedAt: Date;
};

export type LivenessOutcome = {
  passed: boolean;
  reason: BiometricReason | null;
  /** The lowest similarity between a challenge frame and the selfie. */
  similarity: number | null;
};

/**
 * Decides, on the server, whether the challenge frames the browser captured prove a live person:
 * each frame shows exactly one face doing the movement its step asked for (the same rule the
 * browser applied, on the server's own face mesh), every frame shows the person of the selfie,
 * and the selfie was taken right after the challenge.
 */
export function evaluateLiveness(input: {
  challenge: ChallengeEvidence | null;
  selfie: DetectedFace | null;
  selfieTakenAt: Date;
  similarity: (a: DetectedFace, b: DetectedFace) => number;
}): LivenessOutcome {
  const { challenge, selfie, selfieTakenAt, similarity } = input;
  const fail = (reason: BiometricReason, score: number | null = null): LivenessOutcome => ({
    passed: false,
    reason,
    similarity: score,
  });
  if (!challenge) return fail('camera-required');
  const elapsed = selfieTakenAt.getTime() - challenge.completedAt.getTime();
  if (elapsed < 0 || elapsed > SELFIE_AFTER_CHALLENGE_MS) return fail('camera-required');
  if (challenge.frames.length !== challenge.order.length || challenge.order.length === 0)
    return fail('challenge-not-done');

  let lowest = 1;
  for (const [step, frame] of challenge.frames.entries()) {
    if (frame.faces.length === 0) return fail('no-face');
    if (frame.faces.length > 1) return fail('several-faces');
    const face = frame.faces[0]!;
    if (!poseShows(challenge.order[step]!, facePose(face.mesh))) return fail('challenge-not-done');
    if (selfie) lowest = Math.min(lowest, similarity(face, selfie));
  }
  if (!selfie) return fail('no-face');
  if (lowest < LIVENESS_FRAME_MIN_SIMILARITY) return fail('no-match', lowest);
  return { passed: true, reason: null, similarity: lowest };
}
