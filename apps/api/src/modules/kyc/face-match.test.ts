import { describe, expect, it } from 'vitest';
import { biometricDecisions, type BiometricDecision } from '@medipay/shared/biometrics';
import { combineDecision } from './biometric-decision';
import type { DetectedFace, FaceAnalysis, FacePhotoStats } from './face-engine';
import {
  evaluateFaceMatch,
  faceMatchThresholds,
  photoQuality,
  type SimilarityBand,
} from './face-match';

/**
 * The decision of a face match on fake analyses: the similarity of two faces is whatever the test
 * sets for that pair. Every value is taken from the bands' names (approve, reject), never from
 * their numbers, which are tuned on data (docs/decisions/013).
 */
const { selfies, document } = faceMatchThresholds;

/** A value in each region of a band. */
const match = (band: SimilarityBand) => band.approve;
const uncertain = (band: SimilarityBand) => (band.approve + band.reject) / 2;
const mismatch = (band: SimilarityBand) => band.reject - Math.min(0.01, band.reject / 2);

const face = (id: number, width = 200): DetectedFace => ({
  box: [100, 100, width, width],
  score: 0.9,
  embedding: [id],
  mesh: [],
});
const SELFIE = 1;
const SELFIE_DOC = 2;
const DOCUMENT = 3;

const analysis = (faces: DetectedFace[], changes: Partial<FaceAnalysis> = {}): FaceAnalysis => ({
  width: 640,
  height: 480,
  faces,
  brightness: 120,
  sharpness: 0.8,
  ...changes,
});

/** Evaluates three photos whose comparisons score `scores`. */
function evaluate(
  scores: { selfieDoc: number; document: number },
  photos: Partial<{ selfie: FaceAnalysis; selfieDoc: FaceAnalysis; document: FaceAnalysis }> = {},
) {
  const similarity = (a: DetectedFace, b: DetectedFace) => {
    const pair = [a.embedding[0], b.embedding[0]].sort().join('-');
    if (pair === `${SELFIE}-${SELFIE_DOC}`) return scores.selfieDoc;
    if (pair === `${SELFIE}-${DOCUMENT}`) return scores.document;
    throw new Error(`unexpected comparison ${pair}`);
  };
  return evaluateFaceMatch(
    {
      selfie: photos.selfie ?? analysis([face(SELFIE)]),
      selfieDoc: photos.selfieDoc ?? analysis([face(SELFIE_DOC)]),
      document: photos.document ?? analysis([face(DOCUMENT, 40)]),
    },
    similarity,
  );
}

describe('the bands', () => {
  it('are ordered: reject below approve, both between 0 and 1', () => {
    for (const band of [selfies, document]) {
      expect(band.reject).toBeGreaterThan(0);
      expect(band.reject).toBeLessThan(band.approve);
      expect(band.approve).toBeLessThanOrEqual(1);
    }
  });
});

describe('evaluateFaceMatch', () => {
  it('approves when both comparisons are confident matches, with the lowest as confidence', () => {
    const outcome = evaluate({ selfieDoc: 0.99, document: match(document) });
    expect(outcome).toEqual({
      decision: 'aprovado',
      confidence: match(document),
      reasons: [],
      similarities: { selfieToSelfieDoc: 0.99, selfieToDocument: match(document) },
    });
  });

  it('sends to review when one comparison is uncertain and none is a mismatch', () => {
    const selfieDocUncertain = evaluate({ selfieDoc: uncertain(selfies), document: 0.99 });
    expect(selfieDocUncertain).toMatchObject({ decision: 'em_revisao', reasons: [] });
    expect(selfieDocUncertain.confidence).toBe(uncertain(selfies));

    const documentUncertain = evaluate({ selfieDoc: 0.99, document: uncertain(document) });
    expect(documentUncertain).toMatchObject({ decision: 'em_revisao', reasons: [] });

    const both = evaluate({ selfieDoc: uncertain(selfies), document: uncertain(document) });
    expect(both).toMatchObject({ decision: 'em_revisao', reasons: [] });
  });

  it('counts approve as a match and reject as uncertain (the limits belong to the upper band)', () => {
    expect(evaluate({ selfieDoc: selfies.approve, document: document.approve }).decision).toBe(
      'aprovado',
    );
    expect(evaluate({ selfieDoc: selfies.reject, document: document.approve }).decision).toBe(
      'em_revisao',
    );
    expect(evaluate({ selfieDoc: selfies.approve, document: document.reject }).decision).toBe(
      'em_revisao',
    );
  });

  it('fails a confident mismatch, naming the photo, even when the other comparison matches', () => {
    const selfieDoc = evaluate({ selfieDoc: mismatch(selfies), document: 0.99 });
    expect(selfieDoc).toMatchObject({
      decision: 'reprovado',
      reasons: [{ photo: 'selfieDoc', reason: 'no-match' }],
    });
    const onDocument = evaluate({ selfieDoc: 0.99, document: mismatch(document) });
    expect(onDocument).toMatchObject({
      decision: 'reprovado',
      reasons: [{ photo: 'document', reason: 'no-match' }],
    });
  });

  it('fails a mismatch next to an uncertain comparison: no review of another person', () => {
    const outcome = evaluate({ selfieDoc: uncertain(selfies), document: mismatch(document) });
    expect(outcome).toMatchObject({
      decision: 'reprovado',
      reasons: [{ photo: 'document', reason: 'no-match' }],
    });
  });

  it('fails a selfie that cannot be used, whatever the similarities', () => {
    const scores = { selfieDoc: 0.99, document: 0.99 };
    const cases: [Partial<FaceAnalysis>, string][] = [
      [{ brightness: faceMatchThresholds.minBrightness - 1 }, 'too-dark'],
      [{ sharpness: faceMatchThresholds.minSharpness / 2 }, 'blurred'],
    ];
    for (const [changes, reason] of cases) {
      const outcome = evaluate(scores, { selfie: analysis([face(SELFIE)], changes) });
      expect(outcome).toMatchObject({
        decision: 'reprovado',
        reasons: [{ photo: 'selfie', reason }],
      });
    }
    const small = evaluate(scores, { selfie: analysis([face(SELFIE, 20)]) });
    expect(small).toMatchObject({
      decision: 'reprovado',
      reasons: [{ photo: 'selfie', reason: 'face-too-small' }],
    });
  });

  it('judges light and focus on the face: a sharp portrait on a plain wall, a lit face on a dark stage', () => {
    const scores = { selfieDoc: 0.99, document: 0.99 };
    const measured = (photo: FacePhotoStats, changes: Partial<FaceAnalysis> = {}) =>
      analysis([{ ...face(SELFIE), photo }], changes);
    const good = { brightness: 120, sharpness: 0.8, eyesSharpness: 0.7 };
    // The frame as a whole is flat and dim; the face in it is sharp and lit.
    const plainWall = measured(good, { brightness: 25, sharpness: 0.12 });
    expect(evaluate(scores, { selfie: plainWall })).toMatchObject({ decision: 'aprovado' });
    const cases: [FacePhotoStats, string][] = [
      [{ ...good, brightness: faceMatchThresholds.minFaceBrightness - 1 }, 'too-dark'],
      [{ ...good, sharpness: 0.2, eyesSharpness: 0.25 }, 'blurred'],
    ];
    for (const [photo, reason] of cases) {
      // A bright, detailed frame does not save a dark or blurred face.
      const outcome = evaluate(scores, {
        selfie: measured(photo, { brightness: 200, sharpness: 2 }),
      });
      expect(outcome).toMatchObject({
        decision: 'reprovado',
        reasons: [{ photo: 'selfie', reason }],
      });
    }
    // Eyes in focus count: a smooth skin is not a blurred photo.
    const smooth = measured({ ...good, sharpness: 0.22, eyesSharpness: 0.5 });
    expect(photoQuality(smooth)).toBeNull();
  });

  it('fails when a photo shows no face or the selfie several, with no comparison made', () => {
    const noDocumentFace = evaluate(
      { selfieDoc: 0.99, document: 0.99 },
      { document: analysis([]) },
    );
    expect(noDocumentFace).toMatchObject({
      decision: 'reprovado',
      confidence: 0,
      reasons: [{ photo: 'document', reason: 'no-face' }],
      similarities: { selfieToSelfieDoc: 0.99, selfieToDocument: null },
    });
    const crowded = evaluate(
      { selfieDoc: 0.99, document: 0.99 },
      { selfie: analysis([face(SELFIE), face(SELFIE)]) },
    );
    expect(crowded).toMatchObject({
      decision: 'reprovado',
      reasons: [{ photo: 'selfie', reason: 'several-faces' }],
      similarities: { selfieToSelfieDoc: null, selfieToDocument: null },
    });
  });
});

describe('combineDecision: the face match with the liveness', () => {
  const cases: [BiometricDecision, boolean, BiometricDecision][] = [
    ['aprovado', true, 'aprovado'],
    ['em_revisao', true, 'em_revisao'],
    ['reprovado', true, 'reprovado'],
    ['aprovado', false, 'reprovado'],
    ['em_revisao', false, 'reprovado'],
    ['reprovado', false, 'reprovado'],
  ];
  it.each(cases)('match %s with liveness passed=%s ends %s', (match, passed, expected) => {
    expect(combineDecision(match, { passed })).toBe(expected);
  });

  it('covers every decision of the face match', () => {
    expect(new Set(cases.map(([match]) => match))).toEqual(new Set(biometricDecisions));
  });
});
