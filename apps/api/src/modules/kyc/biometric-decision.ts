import type { BiometricDecision } from '@medipay/shared/biometrics';
import type { LivenessOutcome } from './liveness-check';

/**
 * The decision of a biometric check from its two parts: reprovado when the liveness failed or
 * the face match says so (a photo that cannot be used, a confident mismatch); em revisão when the
 * liveness passed and the match is uncertain (the applicant goes on, a reviewer decides with the
 * photos side by side); aprovado otherwise.
 */
export function combineDecision(
  match: BiometricDecision,
  liveness: Pick<LivenessOutcome, 'passed'>,
): BiometricDecision {
  if (!liveness.passed || match === 'reprovado') return 'reprovado';
  return match;
}
