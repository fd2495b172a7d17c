import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { analistaFilterValues, prazoFilterValues } from '@medipay/shared/case-review';
import { decodeListCursor } from '@medipay/shared/list-cursor';
import type { ApplicationFilters } from '../../api/get-applications';

/**
 * The filters a flow may add to the search and the status (PJ 'Tipo', PF 'Biometria', both
 * 'Triagem').
 */
export type FilterParam = 'tipo' | 'biometria' | 'triagem';

/** Case management's filters and the sort, the same in both lists. */
export type CaseParam = 'prazo' | 'analista' | 'sort';

/** The sorts a list offers besides the default (newest first, no `sort` in the URL). */
export const listSortValues = ['created_asc', 'prazo_asc'] as const;

type Param = 'q' | 'status' | FilterParam | CaseParam | 'page' | 'after' | 'before';

/** Where a page starts: after a record (Próxima), before one (Anterior), or the top. */
export type PagePosition = { after?: string | null; before?: string | null };

/**
 * A list's filters, sort and page, kept in the URL
 * (`?q=&status=&tipo=&biometria=&triagem=&prazo=&analista=&sort=&page=`) so that reload, back
 * and a shared link show the same list. `after` / `before` are the server's
 * cursors (the page after or before a record: no page is counted from the top); `page` is the
 * number shown. Values outside the allowed lists (`statuses`, and `choices` for the filters the
 * list has) are ignored, and so is a cursor the server could not have made (an edited link), which
 * shows the first page instead of an error.
 */
export function useListUrlState({
  statuses,
  choices,
}: {
  statuses: readonly string[];
  choices: Partial<Record<FilterParam, readonly string[]>>;
}) {
  const [params, setParams] = useSearchParams();
  const allowed = (param: 'status' | FilterParam | CaseParam, values: readonly string[] = []) => {
    const value = params.get(param) ?? '';
    return values.includes(value) ? value : '';
  };
  const pageNumber = Number(params.get('page'));
  const position = params.get('after') ? 'after' : params.get('before') ? 'before' : null;
  const cursor = position ? (params.get(position) ?? '') : '';
  const cursorValid = position === null || decodeListCursor(cursor) !== null;
  const filters: ApplicationFilters = {
    search: params.get('q') ?? '',
    status: allowed('status', statuses),
    tipo: allowed('tipo', choices.tipo),
    biometria: allowed('biometria', choices.biometria),
    triagem: allowed('triagem', choices.triagem),
    prazo: allowed('prazo', prazoFilterValues),
    analista: allowed('analista', analistaFilterValues),
    sort: allowed('sort', listSortValues),
    after: position === 'after' && cursorValid ? cursor : '',
    before: position === 'before' && cursorValid ? cursor : '',
  };
  const page = cursorValid && Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1;
  // The due-time sort lists only the cases awaiting analysis: a filter too.
  const hasFilters = Boolean(
    filters.search.trim() ||
    filters.status ||
    filters.tipo ||
    filters.biometria ||
    filters.triagem ||
    filters.prazo ||
    filters.analista ||
    filters.sort === 'prazo_asc',
  );

  const update = useCallback(
    (changes: Partial<Record<Param, string>>, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (!value || (key === 'page' && value === '1')) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: options?.replace },
      );
    },
    [setParams],
  );

  /** A new filter or sort shows its first page. Typing replaces the history entry. */
  const setFilter = useCallback(
    (key: Exclude<Param, 'page' | 'after' | 'before'>, value: string) =>
      update({ [key]: value, page: '', after: '', before: '' }, { replace: key === 'q' }),
    [update],
  );
  const setPage = useCallback(
    (next: number, position: PagePosition = {}) =>
      update({
        page: String(next),
        after: position.after ?? '',
        before: position.after ? '' : (position.before ?? ''),
      }),
    [update],
  );

  return { filters, page, hasFilters, setFilter, setPage };
}
