import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { applicationListSchema, type ReviewFlow } from '@medipay/shared/admin-review';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessRefused } from './admin-errors';
import { adminKeys, type ApplicationListRequest } from './query-keys';

/**
 * A list's filters, its sort and the position of its page (the cursors), as the URL keeps them.
 * `prazo` ('vence_hoje', 'atrasados'), `analista` ('minhas') and `sort` ('' for the default,
 * newest first; 'created_asc'; 'prazo_asc') are case management's (case-review.ts).
 */
export type ApplicationFilters = Omit<ApplicationListRequest, 'page'> & {
  prazo: string;
  analista: string;
  sort: string;
};

/**
 * The query string of a list request (`search`, `status`, `tipo`, `biometria`, `triagem`,
 * `prazo`, `analista`, `sort`, and with a page `page`, `after` / `before`), empty values left
 * out.
 */
export function listQueryString(filters: ApplicationFilters, page?: number): string {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.status) params.set('status', filters.status);
  if (filters.tipo) params.set('tipo', filters.tipo);
  if (filters.biometria) params.set('biometria', filters.biometria);
  if (filters.triagem) params.set('triagem', filters.triagem);
  if (filters.prazo) params.set('prazo', filters.prazo);
  if (filters.analista) params.set('analista', filters.analista);
  if (filters.sort) params.set('sort', filters.sort);
  if (page !== undefined) {
    params.set('page', String(page));
    if (filters.after) params.set('after', filters.after);
    else if (filters.before) params.set('before', filters.before);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A list request: the filters and sort with the page number. */
export type ApplicationPageRequest = ApplicationFilters & { page: number };

/** One page of a flow's applications, in the sort asked (newest first by default), with the totals. */
export function getApplications(flow: ReviewFlow, request: ApplicationPageRequest) {
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
export function useApplications(flow: ReviewFlow, request: ApplicationPageRequest) {
  return useQuery({
    queryKey: adminKeys.applicationList(flow, request),
    queryFn: () => getApplications(flow, request),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
