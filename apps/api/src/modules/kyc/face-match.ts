import type {
  BiometricDecision,
  BiometricPhoto,
  BiometricReason,
} from '@medipay/shared/biometrics';
import type { DetectedFace, FaceAnalysis } from './face-engine';

/**
 * A comparison of two faces ends in one of three bands: at or above `approve` the same person
 * with confidence, below `reject` another person with confidence, in between uncertain (a
 * reviewer decides). The bands are chosen by measurement on photographs of real people that the
 * product did not make (docs/decisions/013-face-match-on-independent-data.md).
 */
export type SimilarityBand = { approve: number; reject: number };

export const faceMatchThresholds = {
  /** selfie vs the person in the selfie with the document. */
  selfies: { approve: 0.64, reject: 0.55 } satisfies SimilarityBand,
  /** selfie vs the (small, printed, older) photo on the identity document. */
  document: { approve: 0.65, reject: 0.55 } satisfies SimilarityBand,
  /** A face narrower than this share of the image is too small to compare (detector boxes cover
   * the eyes to the chin, about 0.6 of the width of the head). */
  minFaceShare: 0.08,
  /**
   * Light and focus are judged on the face (face-engine.ts, FacePhotoStats), not on the whole
   * frame: a sharp portrait against a plain wall has little detail overall, and a lit face on a
   * dark stage little light overall. Chosen on the calibration faces of LFW (docs/decisions/025):
   * the face's mean luminance was 76 to 184 on the photographs and at most 27 with the light cut
   * to 15%; the mean of its sharpness and its eyes' at least 0.34 on the photographs, and below
   * 0.3 for a quarter of them blurred by 3 pixels.
   */
  minFaceBrightness: 40,
  minFaceSharpness: 0.3,
  /** Without a measured face (none, or a record from before): the whole frame's luminance. */
  minBrightness: 30,
  /** Without a measured face: the whole frame's sharpness. */
  minSharpness: 0.3,
} as const;

export type MatchBand = 'match' | 'uncertain' | 'mismatch';

export function bandOf(similarity: number, band: SimilarityBand): MatchBand {
  if (similarity >= band.approve) return 'match';
  if (similarity < band.reject) return 'mismatch';
  return 'uncertain';
}

export type FaceMatchOutcome = {
  /**
   * aprovado: every comparison is a confident match; em_revisao: none is a confident mismatch
   * but at least one is uncertain (a reviewer decides with the photos side by side); reprovado:
   * a photo cannot be used, or a comparison is a confident mismatch.
   */
  decision: BiometricDecision;
  /** The lowest similarity that had to pass, 0 to 1 (0 when a comparison could not be made). */
  confidence: number;
  reasons: { photo: BiometricPhoto; reason: BiometricReason }[];
  similarities: { selfieToSelfieDoc: number | null; selfieToDocument: number | null };
};

const area = (face: DetectedFace) => face.box[2] * face.box[3];
const largest = (faces: DetectedFace[]) => [...faces].sort((a, b) => area(b) - area(a));

/** Whether the photo is too dark or blurred, judged on its largest face when it was measured. */
export function photoQuality(analysis: FaceAnalysis): BiometricReason | null {
  const photo = largest(analysis.faces)[0]?.photo;
  if (photo) {
    if (photo.brightness < faceMatchThresholds.minFaceBrightness) return 'too-dark';
    if ((photo.sharpness + photo.eyesSharpness) / 2 < faceMatchThresholds.minFaceSharpness)
      return 'blurred';
    return null;
  }
  if (analysis.brightness < faceMatchThresholds.minBrightness) return 'too-dark';
  if (analysis.sharpness < faceMatchThresholds.minSharpness) return 'blurred';
  return null;
}

/**
 * Decides the face match of one applicant: exactly one usable face in the selfie, and the same
 * person in the selfie with the document and on the identity document.
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

  const selfieQuality = photoQuality(photos.selfie);
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

  const bands: MatchBand[] = [];
  if (selfieFace && person) {
    similarities.selfieToSelfieDoc = similarity(selfieFace, person);
    const band = bandOf(similarities.selfieToSelfieDoc, faceMatchThresholds.selfies);
    if (band === 'mismatch') reasons.push({ photo: 'selfieDoc', reason: 'no-match' });
    bands.push(band);
  }
  if (selfieFace && documentFace) {
    similarities.selfieToDocument = similarity(selfieFace, documentFace);
    const band = bandOf(similarities.selfieToDocument, faceMatchThresholds.document);
    if (band === 'mismatch') reasons.push({ photo: 'document', reason: 'no-match' });
    bands.push(band);
  }
  const scores = [similarities.selfieToSelfieDoc, similarities.selfieToDocument].filter(
    (score): score is number => score !== null,
  );
  const decision: BiometricDecision =
    reasons.length > 0 || bands.length < 2
      ? 'reprovado'
      : bands.every((band) => band === 'match')
        ? 'aprovado'
        : 'em_revisao';
  return {
    decision,
    confidence: scores.length === 2 ? Math.min(...scores) : 0,
    reasons,
    similarities,
  };
}
