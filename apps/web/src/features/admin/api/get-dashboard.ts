import { useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '@medipay/shared/admin';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessRefused } from './admin-errors';
import { adminKeys } from './query-keys';

/** The dashboard's counters of both flows and the abandoned sessions. */
export function getDashboard() {
  return apiRequest('/admin/dashboard', { method: 'GET', schema: dashboardSchema });
}

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: getDashboard,
    retry: retryUnlessRefused,
  });
}
