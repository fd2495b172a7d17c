import type {
  BiometricCheck,
  BiometricDecision,
  FaceSimilarities,
} from '@medipay/shared/biometrics';
import type { LivenessChallenge } from '@medipay/shared/liveness';
import type { ChallengeSignatures, LivenessOutcome } from '../kyc/liveness-check';

/** The document field under which the challenge frames are kept (private, like every document). */
export const LIVENESS_FRAME_FIELD = 'livenessFrame';

/** What a liveness challenge stores in verification_results.result (check 'liveness'). */
export type ChallengeRecord = {
  order: LivenessChallenge[];
  issuedAt: string;
  /** SHA-256 of the challenge's nonce (hex): the frames must come with the nonce itself. */
  nonceHash?: string;
  /** The neutral frame first, then one per step. */
  frameIds?: string[];
  /** Capture times sent with the frames (ms since the challenge was shown), same order. */
  timings?: number[];
  completedAt?: string;
  /** Landmark signatures of the frames, once a check accepted the challenge (replay guard). */
  signatures?: ChallengeSignatures;
};

/** What a face check stores in verification_results.result (check 'face_match'). */
export type CheckRecord = {
  /** Absent from the records written before the three outcomes (see decisionOf). */
  decision?: BiometricDecision;
  /** Records written before the three outcomes only. */
  passed?: boolean;
  confidence: number;
  reasons: BiometricCheck['reasons'];
  selfieId: string;
  selfieDocId: string;
  challengeId: string | null;
  sandbox: boolean;
  faceMatch?: FaceSimilarities;
  liveness?: LivenessOutcome;
};

/** A stored check's decision; an older record's `passed` was the only accepted outcome. */
export function decisionOf(record: CheckRecord): BiometricDecision {
  return record.decision ?? (record.passed ? 'aprovado' : 'reprovado');
}

/** No similarity measured (a document sent as a PDF; records without them). */
export const noSimilarities: FaceSimilarities = { selfieToSelfieDoc: null, selfieToDocument: null };

/** A stored face check as the API returns it. */
export function toCheck(record: CheckRecord, checkedAt: Date): BiometricCheck {
  return {
    decision: decisionOf(record),
    confidence: record.confidence,
    similarities: record.faceMatch ?? noSimilarities,
    reasons: record.reasons,
    selfieId: record.selfieId,
    selfieDocId: record.selfieDocId,
    sandbox: record.sandbox,
    checkedAt: checkedAt.toISOString(),
  };
}
