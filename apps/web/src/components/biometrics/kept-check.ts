import { keptBiometricAnswerSchema } from '@medipay/shared/biometrics';
import { apiRequest } from '../../lib/api-client';

/**
 * The session's newest check when it lets the applicant go on, with its photos (taken here or by
 * the phone): the selfie step shows it again after a reload. Null when there is none.
 */
export function keptBiometricCheck() {
  return apiRequest('/applicant/PF/biometrics/passed', { schema: keptBiometricAnswerSchema });
}
