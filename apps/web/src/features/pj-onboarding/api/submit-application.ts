import { submitResponseSchema } from '@medipay/shared/application-wire';
import { apiRequest } from '../../../lib/api-client';

/** Sends the company's application for analysis with the two consents. */
export function submitApplication(consents: {
  consentimentoLgpd: boolean;
  consentimentoKyc: boolean;
}) {
  return apiRequest('/applicant/PJ/application/submit', {
    method: 'POST',
    body: consents,
    schema: submitResponseSchema,
  });
}
