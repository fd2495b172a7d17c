import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ApplicationList } from '@medipay/shared/admin-review';
import { Button } from '../../../../components/ui/button';
import { countLabel } from './list-counts';
import type { PagePosition } from './list-url-state';

/**
 * 'Anterior' / 'Página X de Y' / 'Próxima', and how many records match. Above the count cap
 * the number of pages is unknown: 'Página X' alone, and Próxima while the server has a next
 * page. Próxima and Anterior carry the server's cursors (the page after the last row shown,
 * before the first); back to page 1 is the top of the list as it is now.
 */
export function ListPagination({
  page,
  list,
  busy,
  onPage,
}: {
  page: number;
  list: ApplicationList;
  busy: boolean;
  onPage: (page: number, position?: PagePosition) => void;
}) {
  const { filtered, filteredCapped, pageSize, next, previous } = list;
  const pages = Math.max(1, Math.ceil(filtered / Math.max(1, pageSize)));
  const goBack = () =>
    page - 1 <= 1 || !previous ? onPage(1) : onPage(page - 1, { before: previous });
  return (
    <nav
      aria-label="Paginação"
      className="flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <p className="text-sm text-muted-foreground">
        {filtered === 1 && !filteredCapped
          ? '1 onboarding'
          : `${countLabel(filtered, filteredCapped)} onboardings`}
      </p>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={page <= 1 || busy}
          onClick={goBack}
        >
          <ChevronLeft aria-hidden="true" />
          Anterior
        </Button>
        <p className="px-2 text-sm tabular-nums" aria-live="polite">
          {filteredCapped ? `Página ${page}` : `Página ${page} de ${pages}`}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!next || busy}
          onClick={() => next && onPage(page + 1, { after: next })}
        >
          Próxima
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
