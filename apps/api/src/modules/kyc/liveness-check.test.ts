import { describe, expect, it } from 'vitest';
import {
  facePose,
  poseShows,
  type FaceMesh,
  type LivenessChallenge,
} from '@medipay/shared/liveness';
import { actionClip, frontalMeshes } from '@medipay/shared/testing/face-meshes';
import type { DetectedFace, FaceAnalysis } from './face-engine';
import {
  evaluateLiveness,
  LIVENESS_FRAME_MIN_SIMILARITY,
  SELFIE_AFTER_CHALLENGE_MS,
} from './liveness-check';

const order: LivenessChallenge[] = ['turn-right', 'blink', 'turn-left'];
const mesh = frontalMeshes[0]!;
const completedAt = new Date('2026-11-22T12:00:00Z');
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

/** The frame of a recorded movement where the movement shows, as the browser captures it. */
function showing(challenge: LivenessChallenge): FaceMesh {
  const shot = actionClip(mesh, challenge).find(
    ({ mesh: landmarks }) => landmarks && poseShows(challenge, facePose(landmarks)),
  );
  if (!shot?.mesh) throw new Error(`no frame shows ${challenge}`);
  return shot.mesh;
}

const framesOf = (person: number) => order.map((step) => frame(face(person, showing(step))));
const evaluate = (frames: FaceAnalysis[], options: { selfie?: number; at?: Date } = {}) =>
  evaluateLiveness({
    challenge: { order, frames, completedAt },
    selfie: face(options.selfie ?? 1),
    selfieTakenAt: options.at ?? later(20_000),
    similarity,
  });

describe('evaluateLiveness', () => {
  it('passes frames that show each movement in order, of the person of the selfie', () => {
    expect(evaluate(framesOf(1))).toEqual({ passed: true, reason: null, similarity: 0.82 });
  });

  it('refuses a selfie without a challenge: an uploaded file', () => {
    const outcome = evaluateLiveness({
      challenge: null,
      selfie: face(1),
      selfieTakenAt: later(0),
      similarity,
    });
    expect(outcome).toMatchObject({ passed: false, reason: 'camera-required' });
  });

  it('refuses frames of another person than the selfie', () => {
    expect(evaluate(framesOf(2))).toMatchObject({ passed: false, reason: 'no-match' });
    expect(0.21).toBeLessThan(LIVENESS_FRAME_MIN_SIMILARITY);
  });

  it('refuses frames that do not show their movement: a still photo, or the wrong order', () => {
    const still = order.map(() => frame(face(1)));
    expect(evaluate(still)).toMatchObject({ passed: false, reason: 'challenge-not-done' });
    const reversed = [...order].reverse().map((step) => frame(face(1, showing(step))));
    expect(evaluate(reversed)).toMatchObject({ passed: false, reason: 'challenge-not-done' });
  });

  it('refuses a frame with no face or with several faces, and missing frames', () => {
    const frames = framesOf(1);
    expect(evaluate([frame(), ...frames.slice(1)])).toMatchObject({ reason: 'no-face' });
    const crowded = frame(face(1, showing(order[0]!)), face(3));
    expect(evaluate([crowded, ...frames.slice(1)])).toMatchObject({ reason: 'several-faces' });
    expect(evaluate(frames.slice(1))).toMatchObject({ reason: 'challenge-not-done' });
  });

  it('refuses a selfie taken before the challenge ended or long after it', () => {
    expect(evaluate(framesOf(1), { at: later(-1000) })).toMatchObject({
      reason: 'camera-required',
    });
    expect(evaluate(framesOf(1), { at: later(SELFIE_AFTER_CHALLENGE_MS + 1) })).toMatchObject({
      reason: 'camera-required',
    });
  });
});
