import { pjApplicationStateSchema } from '@medipay/shared/pj-application';
import { apiRequest } from '../../../lib/api-client';

/** The company's own PJ application (an empty one before step 1 is saved). */
export function getApplication() {
  return apiRequest('/applicant/PJ/application', { schema: pjApplicationStateSchema });
}
