import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { formatCount } from '../format';

/** 'Anterior' / 'Página X de Y' / 'Próxima', and how many records match. */
export function ListPagination({
  page,
  pageSize,
  filtered,
  busy,
  onPage,
}: {
  page: number;
  pageSize: number;
  filtered: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(filtered / Math.max(1, pageSize)));
  return (
    <nav
      aria-label="Paginação"
      className="flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <p className="text-sm text-muted-foreground">
        {filtered === 1 ? '1 onboarding' : `${formatCount(filtered)} onboardings`}
      </p>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={page <= 1 || busy}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          Anterior
        </Button>
        <p className="px-2 text-sm tabular-nums" aria-live="polite">
          Página {page} de {pages}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
        >
          Próxima
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
