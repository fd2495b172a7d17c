import {
  biometricReasonMessages,
  SANDBOX_FAIL_MARKER,
  SANDBOX_REVIEW_MARKER,
  type BiometricCheckRequest,
  type BiometricDecision,
  type FaceSimilarities,
} from '@medipay/shared/biometrics';
import type { DocumentRow } from '../documents/documents.repository';
import { faceMatchThresholds, type SimilarityBand } from '../kyc/face-match';
import type { CheckRecord } from './biometrics.records';

const round3 = (value: number) => Math.round(value * 1000) / 1000;
/** Halfway between the band's limits: uncertain, whatever the thresholds are tuned to. */
const uncertain = (band: SimilarityBand) => round3((band.approve + band.reject) / 2);

/**
 * The similarities the sandbox reports: aprovado as always (confidence 0.962), em revisão in the
 * middle of each uncertain band, reprovado well below the band of the selfie with the document.
 */
export const sandboxSimilarities: Record<BiometricDecision, () => FaceSimilarities> = {
  aprovado: () => ({ selfieToSelfieDoc: 0.981, selfieToDocument: 0.962 }),
  em_revisao: () => ({
    selfieToSelfieDoc: uncertain(faceMatchThresholds.selfies),
    selfieToDocument: uncertain(faceMatchThresholds.document),
  }),
  reprovado: () => ({
    selfieToSelfieDoc: round3(faceMatchThresholds.selfies.reject / 2),
    selfieToDocument: uncertain(faceMatchThresholds.document),
  }),
};

/** KYC_CHECKS=sandbox: the selfie's file name decides, so demos and browser tests can choose. */
export function sandboxCheck(request: BiometricCheckRequest, selfie: DocumentRow): CheckRecord {
  const name = selfie.originalName.toLowerCase();
  const decision: BiometricDecision = name.includes(SANDBOX_FAIL_MARKER)
    ? 'reprovado'
    : name.includes(SANDBOX_REVIEW_MARKER)
      ? 'em_revisao'
      : 'aprovado';
  const faceMatch = sandboxSimilarities[decision]();
  return {
    selfieId: request.selfieId,
    selfieDocId: request.selfieDocId,
    challengeId: request.challengeId,
    sandbox: true,
    decision,
    confidence: Math.min(faceMatch.selfieToSelfieDoc!, faceMatch.selfieToDocument!),
    faceMatch,
    reasons:
      decision === 'reprovado'
        ? [
            {
              photo: 'selfieDoc',
              reason: 'no-match',
              message: biometricReasonMessages['no-match'],
            },
          ]
        : [],
  };
}
