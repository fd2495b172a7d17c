import { Download } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { toast } from 'sonner';
import { reviewMessages, type ReviewFlow } from '@medipay/shared/admin-review';
import { buttonVariants } from '../../../../components/ui/button';
import { isUnauthorized } from '../../api/admin-errors';
import { exportCsvUrl, useApplications, type ApplicationFilters } from '../../api/get-applications';

/** A list page's data; a failure toasts 'Erro' / 'Não foi possível carregar os dados'. */
export function useReviewList(flow: ReviewFlow, filters: ApplicationFilters, page: number) {
  const list = useApplications(flow, { ...filters, page });
  const { error } = list;
  useEffect(() => {
    if (!error || isUnauthorized(error)) return;
    console.warn('Erro ao carregar os onboardings:', error);
    toast.error(reviewMessages.errorTitle, { description: reviewMessages.loadListFailed });
  }, [error]);
  return list;
}

/** 'Exportar CSV' of the rows matching the filters: a plain download (the cookie goes along). */
export function ExportCsvLink({
  flow,
  filters,
}: {
  flow: ReviewFlow;
  filters: ApplicationFilters;
}) {
  return (
    <a
      href={exportCsvUrl(flow, filters)}
      download
      className={buttonVariants({ variant: 'outline' })}
    >
      <Download aria-hidden="true" />
      Exportar CSV
    </a>
  );
}

export function ListLoading() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 rounded-lg border bg-card py-12 text-muted-foreground"
    >
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-primary border-t-transparent"
      />
      {reviewMessages.loading}
    </div>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border bg-card p-8 text-center text-muted-foreground">{children}</p>
  );
}

/** The table's frame: it scrolls sideways inside its box on small screens, never the page. */
export function ListTable({
  caption,
  columns,
  busy,
  children,
}: {
  caption: string;
  columns: readonly string[];
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className="max-w-full overflow-x-auto rounded-lg border bg-card"
      // The region scrolls: keyboard users reach it to scroll it.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table
        className={`w-full min-w-[56rem] text-left text-sm transition-opacity ${busy ? 'opacity-60' : ''}`}
        aria-busy={busy}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
