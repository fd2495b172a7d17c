import { useQuery } from '@tanstack/react-query';
import { screeningListsSchema } from '@medipay/shared/screening';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessRefused } from './admin-errors';
import { adminKeys } from './query-keys';

/** The four PEP and sanctions lists with the version in force and whether it is out of date. */
export function getScreeningLists() {
  return apiRequest('/admin/screening/lists', { method: 'GET', schema: screeningListsSchema });
}

export function useScreeningLists() {
  return useQuery({
    queryKey: adminKeys.screeningLists,
    queryFn: getScreeningLists,
    retry: retryUnlessRefused,
  });
}
