import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { applicationListSchema, type ReviewFlow } from '@medipay/shared/admin-review';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessRefused } from './admin-errors';
import { adminKeys, type ApplicationListRequest } from './query-keys';

/** A list's filters and the position of its page (the cursors), as the URL keeps them. */
export type ApplicationFilters = Omit<ApplicationListRequest, 'page'>;

/**
 * The query string of a list request (`search`, `status`, `tipo`, `biometria`, `triagem`, and with a page
 * `page`, `after` / `before`), empty values left out.
 */
export function listQueryString(filters: ApplicationFilters, page?: number): string {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.status) params.set('status', filters.status);
  if (filters.tipo) params.set('tipo', filters.tipo);
  if (filters.biometria) params.set('biometria', filters.biometria);
  if (filters.triagem) params.set('triagem', filters.triagem);
  if (page !== undefined) {
    params.set('page', String(page));
    if (filters.after) params.set('after', filters.after);
    else if (filters.before) params.set('before', filters.before);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** One page of a flow's applications, newest first, with the totals. */
export function getApplications(flow: ReviewFlow, request: ApplicationListRequest) {
  return apiRequest(`/admin/applications/${flow}${listQueryString(request, request.page)}`, {
    method: 'GET',
    schema: applicationListSchema,
  });
}

/**
 * The CSV export of every application matching the filters, whatever the page (the session
 * cookie goes along).
 */
export function exportCsvUrl(flow: ReviewFlow, filters: ApplicationFilters): string {
  return `/api/admin/applications/${flow}/export.csv${listQueryString(filters)}`;
}

/** A page of the list; the previous page stays on screen while the next one loads. */
export function useApplications(flow: ReviewFlow, request: ApplicationListRequest) {
  return useQuery({
    queryKey: adminKeys.applicationList(flow, request),
    queryFn: () => getApplications(flow, request),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
