import { Download } from 'lucide-react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { toast } from 'sonner';
import { reviewMessages, type ReviewFlow } from '@medipay/shared/admin-review';
import { buttonVariants } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { isUnauthorized } from '../../api/admin-errors';
import { exportCsvUrl, useApplications, type ApplicationFilters } from '../../api/get-applications';
import { useIsMobile } from '../../hooks/use-is-mobile';

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

/**
 * A table column as wide as its content, on one line: every column but the name's, which takes
 * the rest of the row (so that at 1280 px a name wraps to two lines at most, and the table
 * stays in its box).
 */
export const fitContent = 'w-px whitespace-nowrap';

/** How the rows of a list are drawn: table rows, or cards on a phone. */
const ListLayoutContext = createContext<'table' | 'cards'>('table');

/**
 * A list's rows: a table from the `md` breakpoint up; below it, one card per row that fits the
 * screen, never a sideways scroll. The cards keep the table's semantics (ARIA table, rows,
 * cells, column headers for screen readers), so a row reads and is found the same way.
 */
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
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <ListLayoutContext.Provider value="cards">
        <div
          role="table"
          aria-label={caption}
          aria-busy={busy}
          className={cn('transition-opacity', busy && 'opacity-60')}
        >
          <div role="rowgroup" className="sr-only">
            <div role="row">
              {columns.map((column) => (
                <span key={column} role="columnheader">
                  {column}
                </span>
              ))}
            </div>
          </div>
          <div role="rowgroup" className="space-y-3">
            {children}
          </div>
        </div>
      </ListLayoutContext.Provider>
    );
  }
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
              <th key={column} scope="col" className="px-3 py-3 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <ListLayoutContext.Provider value="table">
          <tbody>{children}</tbody>
        </ListLayoutContext.Provider>
      </table>
    </div>
  );
}

/** One application: a table row, or a card on a phone. */
export function ListRow({ children }: { children: ReactNode }) {
  const layout = useContext(ListLayoutContext);
  if (layout === 'table') return <tr className="border-t align-middle">{children}</tr>;
  return (
    <div
      role="row"
      className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border bg-card p-4 text-sm"
    >
      {children}
    </div>
  );
}

/**
 * One value of a row. `label` is its column (shown above the value on a card); `kind` says
 * whether it names the row (the card's title) or holds its actions (the card's foot); `wide`
 * gives it the card's whole width. `className` styles the table cell only: a card's values
 * wrap wherever they must.
 */
export function ListCell({
  label,
  kind = 'value',
  wide = false,
  className,
  children,
}: {
  label: string;
  kind?: 'value' | 'header' | 'actions';
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const layout = useContext(ListLayoutContext);
  if (layout === 'table') {
    return kind === 'header' ? (
      <th scope="row" className={cn('px-3 py-3 text-left', className ?? 'font-medium')}>
        {children}
      </th>
    ) : (
      // The actions take the width of their widest button, one under the other.
      <td className={cn('px-3 py-3', kind === 'actions' && 'w-px', className)}>{children}</td>
    );
  }
  if (kind === 'header') {
    return (
      <div
        role="rowheader"
        className="order-first col-span-2 min-w-0 text-base font-semibold [overflow-wrap:anywhere]"
      >
        {children}
      </div>
    );
  }
  if (kind === 'actions') {
    return (
      <div role="cell" className="order-last col-span-2 border-t pt-3">
        {children}
      </div>
    );
  }
  return (
    <div role="cell" className={cn('min-w-0', wide && 'col-span-2')}>
      {/* The column header says it to a screen reader already. */}
      <span aria-hidden="true" className="block text-xs font-medium text-muted-foreground">
        {label}
      </span>
      <span className="block [overflow-wrap:anywhere]">{children}</span>
    </div>
  );
}

/** An e-mail that breaks after its '@' first, when its line is too short for it. */
export function BreakableEmail({ children }: { children: string }) {
  const at = children.indexOf('@');
  if (at <= 0) return <>{children}</>;
  return (
    <>
      {children.slice(0, at)}
      <wbr />
      {children.slice(at)}
    </>
  );
}

/**
 * A name or an e-mail in a table cell: at most two lines, an e-mail broken after the '@' first,
 * then wherever it must, and cut with an ellipsis past that; the whole value stays in the page
 * for screen readers, shows on hover and on the application's page. A card shows it whole.
 */
export function ClippedText({ children, className }: { children: string; className?: string }) {
  const layout = useContext(ListLayoutContext);
  if (layout === 'cards') return <span className={cn('block', className)}>{children}</span>;
  return (
    <span className={cn('line-clamp-2 [overflow-wrap:anywhere]', className)} title={children}>
      <BreakableEmail>{children}</BreakableEmail>
    </span>
  );
}
