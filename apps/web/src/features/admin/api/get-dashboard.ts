import { useQuery } from '@tanstack/react-query';
import { backOfficeDashboardSchema } from '@medipay/shared/back-office';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessRefused } from './admin-errors';
import { adminKeys } from './query-keys';

/**
 * The dashboard: both flows' counters, the abandoned sessions, the screening alerts and the case
 * queues (due today, overdue, the median time to a decision).
 */
export function getDashboard() {
  return apiRequest('/admin/dashboard', { method: 'GET', schema: backOfficeDashboardSchema });
}

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: getDashboard,
    retry: retryUnlessRefused,
  });
}
