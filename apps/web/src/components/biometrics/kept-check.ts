import { keptBiometricCheckSchema } from '@medipay/shared/biometrics';
import { apiRequest, ApiRequestError } from '../../lib/api-client';

/**
 * The session's newest check when it lets the applicant go on, with its photos (taken here or by
 * the phone): the selfie step shows it again after a reload. Null when there is none.
 */
export async function keptBiometricCheck() {
  try {
    return await apiRequest('/applicant/PF/biometrics/passed', {
      schema: keptBiometricCheckSchema,
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
