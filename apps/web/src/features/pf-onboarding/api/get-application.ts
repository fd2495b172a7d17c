import { pfApplicationStateSchema } from '@medipay/shared/pf-application';
import { apiRequest } from '../../../lib/api-client';

/** The applicant's own PF application (an empty one before step 1 is saved). */
export function getApplication() {
  return apiRequest('/applicant/PF/application', { schema: pfApplicationStateSchema });
}
