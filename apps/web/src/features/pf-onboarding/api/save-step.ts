import type { SavableStep } from '@medipay/shared/application-wire';
import { pfApplicationStateSchema } from '@medipay/shared/pf-application';
import { apiRequest } from '../../../lib/api-client';
import { deviceHeaders } from '../../../lib/device-id';

/** Saves one step as typed; the server validates it again with the same schema. */
export function saveStep(step: SavableStep, values: Record<string, unknown>) {
  return apiRequest(`/applicant/PF/application/steps/${step}`, {
    method: 'PUT',
    headers: deviceHeaders(),
    body: values,
    schema: pfApplicationStateSchema,
  });
}
