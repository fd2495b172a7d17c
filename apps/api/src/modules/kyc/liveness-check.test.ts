import { describe, expect, it } from 'vitest';
import {
  facePose,
  headYaw,
  poseShows,
  type FaceMesh,
  type LivenessChallenge,
  type MeshPoint,
} from '@medipay/shared/liveness';
import { frontalMeshes, jitter, rotateHead } from '@medipay/shared/testing/face-meshes';
import { seededRandom } from '@medipay/shared/testing/seeded-random';
import type { DetectedFace, FaceAnalysis } from './face-engine';
import {
  challengeWindows,
  evaluateLiveness,
  LIVENESS_FRAME_MIN_SIMILARITY,
  SELFIE_AFTER_CHALLENGE_MS,
  type ChallengeEvidence,
  type ChallengeSignatures,
} from './liveness-check';

const order: LivenessChallenge[] = ['turn-right', 'turn-left', 'turn-left', 'turn-right'];
const mesh = frontalMeshes[0]!;
const issuedAt = new Date('2026-11-22T12:00:00Z');
/** A challenge done in 12 s: the neutral frame at 1.5 s, then a turn every 2.5 s. */
const timings = [1500, 4000, 6500, 9000, 11500];
const completedAt = new Date(issuedAt.getTime() + 12_000);
const later = (ms: number) => new Date(completedAt.getTime() + ms);

/** A face of `person`: the similarity of two faces is high only for the same person. */
const face = (person: number, landmarks: FaceMesh = mesh): DetectedFace => ({
  box: [100, 100, 200, 200],
  score: 0.9,
  embedding: [person],
  mesh: landmarks.map(([x, y, z]) => [x, y, z]),
});
const similarity = (a: DetectedFace, b: DetectedFace) =>
  a.embedding[0] === b.embedding[0] ? 0.82 : 0.21;
const frame = (...faces: DetectedFace[]): FaceAnalysis => ({
  width: 640,
  height: 480,
  faces,
  brightness: 120,
  sharpness: 0.8,
});

/** The head of `from` turned in 3D the way `challenge` asks, as far as the browser captures it. */
function turned(challenge: LivenessChallenge, from: FaceMesh = mesh, degrees = 25): FaceMesh {
  const sign = challenge === 'turn-left' ? 1 : -1;
  const landmarks = rotateHead(from, sign * degrees);
  if (!poseShows(challenge, facePose(landmarks))) throw new Error(`${degrees} deg is no turn`);
  return landmarks;
}

/**
 * A flat picture of the face warped so that its nose crosses the cheeks: a shear, which moves the
 * nose (below the eyes) sideways against the outline at the eyes' height. Every point moves as a
 * plane's do, as a photo tilted in front of the camera or painted frames would.
 */
function sheared(challenge: LivenessChallenge, from: FaceMesh = mesh): FaceMesh {
  const sign = challenge === 'turn-left' ? 1 : -1;
  const eyes = (from[234]![1] + from[454]![1]) / 2;
  for (let shear = 0.1; shear < 3; shear += 0.1) {
    const landmarks = from.map(([x, y, z]): MeshPoint => [x + sign * shear * (y - eyes), y, z]);
    if (poseShows(challenge, facePose(landmarks))) return landmarks;
  }
  throw new Error('no shear shows the turn');
}

function evidence(changes: Partial<ChallengeEvidence> = {}, person = 1): ChallengeEvidence {
  return {
    order,
    neutral: frame(face(person)),
    frames: order.map((step) => frame(face(person, turned(step)))),
    timings,
    issuedAt,
    completedAt,
    ...changes,
  };
}

const evaluate = (
  challenge: ChallengeEvidence | null,
  options: { selfie?: number; at?: Date; earlier?: ChallengeSignatures[] } = {},
) =>
  evaluateLiveness({
    challenge,
    selfie: face(options.selfie ?? 1),
    selfieTakenAt: options.at ?? later(20_000),
    similarity,
    earlier: options.earlier,
  });

describe('evaluateLiveness', () => {
  it('passes a head that faces the camera, then turns as asked, of the person of the selfie', () => {
    const outcome = evaluate(evidence());
    expect(outcome).toMatchObject({ passed: true, reason: null, similarity: 0.82 });
    // Each turn shows the depth of a head, and the frames are kept to recognise a replay.
    expect(outcome.parallax).toHaveLength(4);
    expect(outcome.signatures).toHaveLength(5);
  });

  it('refuses a selfie without a challenge: an uploaded file', () => {
    expect(evaluate(null)).toMatchObject({ passed: false, reason: 'camera-required' });
  });

  it('refuses frames of another person than the selfie', () => {
    expect(evaluate(evidence({}, 2))).toMatchObject({ passed: false, reason: 'no-match' });
    expect(0.21).toBeLessThan(LIVENESS_FRAME_MIN_SIMILARITY);
  });

  it('refuses frames that do not show their movement: a still photo, or the wrong order', () => {
    const still = evidence({ frames: order.map(() => frame(face(1))) });
    expect(evaluate(still)).toMatchObject({ passed: false, reason: 'challenge-not-done' });
    const reversed = evidence({
      frames: order.map((step) =>
        frame(face(1, turned(step === 'turn-left' ? 'turn-right' : 'turn-left'))),
      ),
    });
    expect(evaluate(reversed)).toMatchObject({ passed: false, reason: 'challenge-not-done' });
    // The movement must start from a face looking at the camera.
    const aside = evidence({ neutral: frame(face(1, turned('turn-left'))) });
    expect(evaluate(aside)).toMatchObject({ passed: false, reason: 'challenge-not-done' });
  });

  it('refuses a flat picture warped so that the nose crosses the cheeks: it shows no depth', () => {
    const warped = evidence({ frames: order.map((step) => frame(face(1, sheared(step)))) });
    expect(Math.abs(headYaw(sheared('turn-left')))).toBeGreaterThan(0.5);
    expect(evaluate(warped)).toMatchObject({
      passed: false,
      reason: 'not-live',
      detail: 'flat',
    });
  });

  it('refuses the frames of an earlier accepted challenge: a replay, in another order too', () => {
    const first = evaluate(evidence());
    const recorded = first.signatures!;
    // The recording, re-encoded (landmark noise) and played against a new order of turns.
    const newOrder: LivenessChallenge[] = ['turn-left', 'turn-right', 'turn-right', 'turn-left'];
    const replayed = evidence({
      order: newOrder,
      neutral: frame(face(1, jitter(mesh, 0.3, seededRandom(7)))),
      frames: newOrder.map((step, index) =>
        frame(face(1, jitter(turned(step), 0.3, seededRandom(index)))),
      ),
    });
    expect(evaluate(replayed, { earlier: [recorded] })).toMatchObject({
      passed: false,
      reason: 'not-live',
      detail: 'replayed',
    });
    // Another person's accepted challenge is no reason to refuse this one.
    const other = evaluate(evidence({}, 3), { selfie: 3 }).signatures!;
    const another = evidence({
      neutral: frame(face(1, frontalMeshes[1]!)),
      frames: order.map((step) => frame(face(1, turned(step, frontalMeshes[1]!)))),
    });
    expect(evaluate(another, { earlier: [other] })).toMatchObject({ passed: true });
    // The same person turning further this time is not their earlier recording.
    const again = evidence({
      frames: order.map((step) => frame(face(1, turned(step, mesh, 33)))),
    });
    expect(evaluate(again, { earlier: [recorded] })).toMatchObject({ passed: true });
  });

  it('refuses frames outside the time windows', () => {
    const fast = [1500, 1550, 6500, 9000, 11500];
    expect(evaluate(evidence({ timings: fast }))).toMatchObject({
      reason: 'not-live',
      detail: 'timing',
    });
    const slow = [1500, 4000, 4000 + challengeWindows.maxStepMs + 1, 20_000, 22_000];
    expect(evaluate(evidence({ timings: slow }))).toMatchObject({ detail: 'timing' });
    // The browser cannot claim more time than the server saw between the challenge and its frames.
    const claimed = evidence({ completedAt: new Date(issuedAt.getTime() + 5_000) });
    expect(evaluate(claimed, { at: new Date(issuedAt.getTime() + 30_000) })).toMatchObject({
      detail: 'timing',
    });
  });

  it('refuses a frame with no face or with several faces, and missing frames', () => {
    const { frames } = evidence();
    expect(evaluate(evidence({ frames: [frame(), ...frames.slice(1)] }))).toMatchObject({
      reason: 'no-face',
    });
    const crowded = frame(face(1, turned(order[0]!)), face(3));
    expect(evaluate(evidence({ frames: [crowded, ...frames.slice(1)] }))).toMatchObject({
      reason: 'several-faces',
    });
    expect(evaluate(evidence({ frames: frames.slice(1) }))).toMatchObject({
      reason: 'challenge-not-done',
    });
  });

  it('refuses a selfie taken before the challenge ended or long after it', () => {
    expect(evaluate(evidence(), { at: later(-1000) })).toMatchObject({
      reason: 'camera-required',
    });
    expect(evaluate(evidence(), { at: later(SELFIE_AFTER_CHALLENGE_MS + 1) })).toMatchObject({
      reason: 'camera-required',
    });
  });
});
