import type { BiometricPhoto, BiometricReason } from '@medipay/shared/biometrics';
import type { DetectedFace, FaceAnalysis } from './face-engine';

/**
 * Thresholds chosen by measurement (docs/decisions/008-face-match-thresholds.md): the same
 * person scored 0.80 or more after crops, resizing, JPEG artefacts and light changes; different
 * people never above 0.45.
 */
export const faceMatchThresholds = {
  /** selfie vs the person in the selfie with the document. */
  selfies: 0.6,
  /** selfie vs the (small, printed, older) photo on the identity document. */
  document: 0.55,
  /** A face narrower than this share of the image is too small to compare. */
  minFaceShare: 0.12,
  /** Mean luminance below this is too dark. */
  minBrightness: 30,
  /** Sharpness (sharp's Laplacian-based estimate) below this is too blurred. */
  minSharpness: 0.3,
} as const;

export type FaceMatchOutcome = {
  passed: boolean;
  /** The lowest similarity that had to pass, 0 to 1. */
  confidence: number;
  reasons: { photo: BiometricPhoto; reason: BiometricReason }[];
  similarities: { selfieToSelfieDoc: number | null; selfieToDocument: number | null };
};

const area = (face: DetectedFace) => face.box[2] * face.box[3];
const largest = (faces: DetectedFace[]) => [...faces].sort((a, b) => area(b) - area(a));

function quality(analysis: FaceAnalysis): BiometricReason | null {
  if (analysis.brightness < faceMatchThresholds.minBrightness) return 'too-dark';
  if (analysis.sharpness < faceMatchThresholds.minSharpness) return 'blurred';
  return null;
}

/**
 * Decides the face match of one applicant: exactly one face in the selfie, the same person in
 * the selfie with the document, and on the identity document.
 */
export function evaluateFaceMatch(
  photos: { selfie: FaceAnalysis; selfieDoc: FaceAnalysis; document: FaceAnalysis },
  similarity: (a: DetectedFace, b: DetectedFace) => number,
): FaceMatchOutcome {
  const reasons: FaceMatchOutcome['reasons'] = [];
  const similarities: FaceMatchOutcome['similarities'] = {
    selfieToSelfieDoc: null,
    selfieToDocument: null,
  };

  const selfieQuality = quality(photos.selfie);
  if (selfieQuality) reasons.push({ photo: 'selfie', reason: selfieQuality });
  const selfieFace = photos.selfie.faces.length === 1 ? photos.selfie.faces[0]! : null;
  if (photos.selfie.faces.length === 0) reasons.push({ photo: 'selfie', reason: 'no-face' });
  if (photos.selfie.faces.length > 1) reasons.push({ photo: 'selfie', reason: 'several-faces' });
  if (selfieFace && selfieFace.box[2] < photos.selfie.width * faceMatchThresholds.minFaceShare) {
    reasons.push({ photo: 'selfie', reason: 'face-too-small' });
  }

  const [person] = largest(photos.selfieDoc.faces);
  if (!person) reasons.push({ photo: 'selfieDoc', reason: 'no-face' });
  const [documentFace] = largest(photos.document.faces);
  if (!documentFace) reasons.push({ photo: 'document', reason: 'no-face' });

  if (selfieFace && person) {
    similarities.selfieToSelfieDoc = similarity(selfieFace, person);
    if (similarities.selfieToSelfieDoc < faceMatchThresholds.selfies) {
      reasons.push({ photo: 'selfieDoc', reason: 'no-match' });
    }
  }
  if (selfieFace && documentFace) {
    similarities.selfieToDocument = similarity(selfieFace, documentFace);
    if (similarities.selfieToDocument < faceMatchThresholds.document) {
      reasons.push({ photo: 'document', reason: 'no-match' });
    }
  }
  const scores = [similarities.selfieToSelfieDoc, similarities.selfieToDocument].filter(
    (score): score is number => score !== null,
  );
  return {
    passed: reasons.length === 0,
    confidence: scores.length === 2 ? Math.min(...scores) : 0,
    reasons,
    similarities,
  };
}
