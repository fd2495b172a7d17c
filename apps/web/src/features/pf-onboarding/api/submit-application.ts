import { submitResponseSchema } from '@medipay/shared/application-wire';
import { apiRequest } from '../../../lib/api-client';

/** Sends the application for analysis with the two consents. */
export function submitApplication(consents: {
  consentimentoLgpd: boolean;
  consentimentoKyc: boolean;
}) {
  return apiRequest('/applicant/PF/application/submit', {
    method: 'POST',
    body: consents,
    schema: submitResponseSchema,
  });
}
