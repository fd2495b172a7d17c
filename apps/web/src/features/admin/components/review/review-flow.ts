import type { ReactNode } from 'react';
import type {
  ApplicationDetail,
  ApplicationListItem,
  ReviewFlow,
} from '@medipay/shared/admin-review';
import type { Option } from '@medipay/shared/options';
import type { FilterParam } from './list-url-state';

/** A flow as the application's record names it. */
export type ApplicationFlow = ApplicationDetail['flow'];

/** The application of a flow ('PF' or 'PJ') as the detail page receives it. */
export type DetailOf<F extends ApplicationFlow> = Extract<ApplicationDetail, { flow: F }>;

/** A list's own filter, beside the search and the status: a select kept in the URL as `param`. */
export type ListFilter = { param: FilterParam; label: string; options: readonly Option[] };

/**
 * A column of a list: its header, what it shows of a row and how its cell is drawn (see
 * `ListCell`: `header` names the row, `wide` takes a card's whole width, `className` styles the
 * table cell).
 */
export type ListColumn = {
  label: string;
  kind?: 'value' | 'header';
  wide?: boolean;
  className?: string;
  render: (item: ApplicationListItem) => ReactNode;
};

/** What a flow's list page shows: texts, filters, columns and row actions. */
export type ReviewListDefinition = {
  /** The list's route, also the page the detail goes back to. */
  path: string;
  /** The heading, the table's caption and the document title. */
  title: string;
  description: string;
  searchPlaceholder: string;
  /** The grid of the search and filters. */
  filterGridClassName: string;
  /** The status filter's values, in order. */
  statuses: readonly string[];
  filters: readonly ListFilter[];
  /** The empty state when filters are set ('Nenhum ... com os filtros aplicados'). */
  emptyFiltered: string;
  /** Every column but the last, 'Ações'. */
  columns: readonly ListColumn[];
  /** Whether an EM_EXIGENCIA row offers 'Reenviar' beside 'Negar'. */
  resendFromList: boolean;
};

/** What a flow's application page shows besides what every application has. */
export type ReviewDetailDefinition<F extends ApplicationFlow> = {
  /** The heading and the document title. */
  title: string;
  /**
   * The flow's own cards, in order, in the page's grid (before 'Consentimentos', the status
   * history and the administrative actions, which every application has).
   */
  Cards: (props: { detail: DetailOf<F> }) => ReactNode;
};

/** The back office's view of one flow: its list page and its application page. */
export type ReviewFlowDefinition<F extends ApplicationFlow> = {
  flow: F;
  /** The flow's name in the API's paths. */
  api: ReviewFlow;
  /** The page of one application. */
  detailPath: (id: string) => string;
  list: ReviewListDefinition;
  detail: ReviewDetailDefinition<F>;
};
