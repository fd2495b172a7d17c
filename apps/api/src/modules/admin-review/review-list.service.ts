import type { Database } from '@medipay/db/client';
import {
  LIST_COUNT_CAP,
  listMessages,
  type ApplicationList,
  type ApplicationListItem,
  type ListFilterQuery,
  type ListQuery,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { deadlineStatus } from '@medipay/shared/business-days';
import { caseListLabels } from '@medipay/shared/back-office';
import { analistaFilterLabels, caseMessages, prazoFilterLabels } from '@medipay/shared/case-review';
import { saoPauloDayKey, saoPauloParts } from '@medipay/shared/dates';
import { decodeListCursor, encodeListCursor } from '@medipay/shared/list-cursor';
import { labelOf, tipoEmpresaOptions, tipoEmpresaValues } from '@medipay/shared/options';
import { formatPhone } from '@medipay/shared/phone';
import {
  pfStatusFilterValues,
  pjStatusFilterValues,
  progressLabel,
  statusLabel,
} from '@medipay/shared/status';
import { formatCnpj, formatCpf } from '@medipay/shared/tax-id';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import { csvCell } from './csv-cell';
import {
  countCapped,
  countRows,
  selectExportBatch,
  selectListPage,
  type ListCursor,
  type ListRow,
  type ListSort,
  type PagePosition,
} from './review-list.repository';
import {
  filteredCondition,
  hasFilters,
  isAwaitingAnalysis,
  searchesNameWords,
  visibleCondition,
  type ListFilters,
} from './review-list.search';

/** The audit action (admin_actions.action) of a CSV export. */
export const EXPORT_AUDIT_ACTION = 'EXPORTACAO_CSV';

/** Rows read per query while exporting: an export of a million rows never sits in memory. */
export const EXPORT_BATCH_SIZE = 1000;

/** The filters and sort of an export: those of the list, without the page. */
export type ExportQuery = ListFilterQuery;

/** Who exports, from the server's session record. */
export type ExportActor = { id: string; email: string; ip?: string | null };

export type CsvExport = {
  /** `onboardings-pf-20261122.csv` (the São Paulo day). */
  filename: string;
  /** The rows matching the filters when the export started (written to the audit trail). */
  rowCount: number;
  /** The file: the BOM and the header first, then one chunk of CSV lines per batch. */
  chunks: AsyncIterable<string>;
};

export type ReviewLists = {
  /** A page of the list as `adminId` (the signed-in admin) sees it ('Minhas análises'). */
  list: (flow: ReviewFlow, query: ListQuery, adminId: string) => Promise<ApplicationList>;
  /** Audits the export (one admin_actions row), then streams it. */
  export: (flow: ReviewFlow, query: ExportQuery, actor: ExportActor) => Promise<CsvExport>;
};

export const reviewListMessages = {
  invalidStatus: 'Status inválido para esta lista.',
  invalidTipo: 'Tipo de empresa inválido.',
  invalidBiometria: 'Filtro de biometria inválido para esta lista.',
  invalidCursor: listMessages.invalidCursor,
  pageTooFar: 'Página distante demais. Use Próxima e Anterior a partir da primeira página.',
} as const;

/**
 * A row's position in a sort: its sort key (created_at, or the due time for `prazo_asc`, which
 * lists only rows that have one) and its id.
 */
export function cursorOf(
  row: { cursor: string; prazoCursor: string | null; id: string },
  sort: ListSort,
): ListCursor {
  const key = sort === 'prazo_asc' ? row.prazoCursor : row.cursor;
  if (key === null) throw new Error('a row of the due-time sort without a due time');
  return { createdAt: key, id: row.id };
}

/** A row's cursor (`next`, `previous`): its position, as list-cursor.ts writes it. */
export function encodeCursor(
  row: { cursor: string; prazoCursor: string | null; id: string },
  sort: ListSort,
): string {
  return encodeListCursor(cursorOf(row, sort));
}

/**
 * A cursor of encodeCursor's, or a 400: anything else never reaches the SQL. The route's schema
 * (listQuerySchema) has refused it already; the service checks again for any other caller.
 */
export function decodeCursor(value: string): ListCursor {
  const cursor = decodeListCursor(value);
  if (cursor) return cursor;
  throw new AppError(errorCodes.validation, reviewListMessages.invalidCursor, 400);
}

/**
 * Where the requested page starts. A page number without a cursor (a link typed or kept from
 * before) is counted from the top, as far as the count cap reaches: beyond it the pages are
 * reached with Próxima, never by reading and skipping a million rows.
 */
function positionOf(query: ListQuery, countCap: number): PagePosition {
  if (query.after && query.before) {
    throw new AppError(errorCodes.validation, reviewListMessages.invalidCursor, 400);
  }
  if (query.after) return { after: decodeCursor(query.after) };
  if (query.before) return { before: decodeCursor(query.before) };
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= Math.max(countCap, query.pageSize)) {
    throw new AppError(errorCodes.validation, reviewListMessages.pageTooFar, 400);
  }
  return { offset };
}

/**
 * The filters of a query, refused (400) when they do not belong to the flow. `adminId` is the
 * admin of 'Minhas análises', `now` the instant the deadline filter is measured at.
 */
function filtersOf(flow: ReviewFlow, query: ExportQuery, adminId: string, now: Date): ListFilters {
  const statuses: readonly string[] = flow === 'pf' ? pfStatusFilterValues : pjStatusFilterValues;
  if (query.status && !statuses.includes(query.status)) {
    throw new AppError(errorCodes.validation, reviewListMessages.invalidStatus, 400);
  }
  if (
    query.tipo &&
    (flow === 'pf' || !(tipoEmpresaValues as readonly string[]).includes(query.tipo))
  ) {
    throw new AppError(errorCodes.validation, reviewListMessages.invalidTipo, 400);
  }
  if (query.biometria && flow !== 'pf') {
    throw new AppError(errorCodes.validation, reviewListMessages.invalidBiometria, 400);
  }
  const search = query.search?.trim();
  return {
    search: search || undefined,
    status: query.status,
    tipo: query.tipo,
    biometria: query.biometria,
    triagem: query.triagem,
    prazo: query.prazo ? { filter: query.prazo, now } : undefined,
    analistaId: query.analista === 'minhas' ? adminId : undefined,
    queue: query.sort === 'prazo_asc',
  };
}

const blankToNull = (value: string | null) => (value?.trim() ? value : null);

/** The due time of a row while its status awaits analysis; null otherwise. */
function pendingDue(flow: ReviewFlow, row: ListRow): Date | null {
  return isAwaitingAnalysis(flow, row.status) ? row.prazoAnalise : null;
}

/** A row as the list shows it; `now` places its due time ('Vence hoje', 'Atrasado'). */
export function toListItem(flow: ReviewFlow, row: ListRow, now: Date): ApplicationListItem {
  const due = pendingDue(flow, row);
  return {
    id: row.id,
    protocolo: row.protocolo,
    status: row.status,
    currentStep: row.currentStep,
    name: flow === 'pf' ? row.nome : (blankToNull(row.nome) ?? row.razaoSocial),
    razaoSocial: flow === 'pf' ? null : row.razaoSocial,
    document: row.document,
    email: row.email,
    tipoEmpresa: flow === 'pf' ? null : row.tipoEmpresa,
    createdAt: row.createdAt.toISOString(),
    analisadoPor: row.analisadoPor,
    analisadoEm: row.analisadoEm?.toISOString() ?? null,
    biometricDecision: flow === 'pf' ? row.biometriaDecisao : null,
    openScreeningHits: row.openScreeningHits,
    prazoAnalise: due?.toISOString() ?? null,
    prazoStatus: due ? deadlineStatus(due, now) : null,
    analistaEmail: row.analistaEmail,
  };
}

/** `dd/MM/yyyy HH:mm` in São Paulo. */
export function csvDateTime(value: Date | null): string {
  if (!value) return '';
  const { year, month, day, hour, minute } = saoPauloParts(value);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/**
 * `;` separates the cells: Excel in pt-BR uses the comma as the decimal separator and expects
 * `;` in CSV files it opens with a double click. Lines end with CRLF (RFC 4180).
 */
export const CSV_SEPARATOR = ';';
const CSV_LINE_END = '\r\n';
/** The byte order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

export const csvHeaders: Record<ReviewFlow, readonly string[]> = {
  pf: [
    'Protocolo',
    'Nome',
    'CPF',
    'E-mail',
    'Telefone',
    'Status',
    'Etapa',
    'Criado em',
    'Analisado por',
    'Analisado em',
    caseMessages.deadline,
    caseListLabels.holder,
  ],
  pj: [
    'Protocolo',
    'Razão social',
    'Nome fantasia',
    'CNPJ',
    'Tipo',
    'E-mail',
    'Status',
    'Etapa',
    'Criado em',
    'Analisado por',
    'Analisado em',
    caseMessages.deadline,
    caseListLabels.holder,
  ],
};

function csvValues(flow: ReviewFlow, row: ListRow): (string | null)[] {
  const common = {
    email: row.email,
    status: statusLabel(row.status),
    etapa: progressLabel(row.currentStep),
    criadoEm: csvDateTime(row.createdAt),
    analisadoPor: row.analisadoPor,
    analisadoEm: csvDateTime(row.analisadoEm),
    // Added at the end: the columns of files exported before keep their places.
    prazo: csvDateTime(pendingDue(flow, row)),
    responsavel: row.analistaEmail,
  };
  const telefone = row.telefone ? formatPhone(row.telefone) : null;
  if (flow === 'pf') {
    return [
      row.protocolo,
      row.nome,
      row.document ? formatCpf(row.document) : null,
      common.email,
      telefone,
      common.status,
      common.etapa,
      common.criadoEm,
      common.analisadoPor,
      common.analisadoEm,
      common.prazo,
      common.responsavel,
    ];
  }
  return [
    row.protocolo,
    row.razaoSocial,
    row.nome,
    row.document ? formatCnpj(row.document) : null,
    row.tipoEmpresa ? labelOf(tipoEmpresaOptions, row.tipoEmpresa) : null,
    common.email,
    common.status,
    common.etapa,
    common.criadoEm,
    common.analisadoPor,
    common.analisadoEm,
    common.prazo,
    common.responsavel,
  ];
}

export function csvLine(cells: readonly (string | null)[]): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

const sortLabels: Record<ListSort, string> = {
  created_desc: 'mais recentes primeiro',
  created_asc: 'mais antigos primeiro',
  prazo_asc: 'prazo mais próximo primeiro',
};

/** The audit text of an export: what was exported and how many rows. */
export function exportObservation(flow: ReviewFlow, query: ExportQuery, rowCount: number): string {
  const filters = [
    query.search?.trim() ? `busca "${query.search.trim()}"` : null,
    query.status ? `status ${query.status}` : null,
    query.tipo ? `tipo ${query.tipo}` : null,
    query.biometria ? `biometria ${query.biometria}` : null,
    query.triagem ? `triagem ${query.triagem}` : null,
    query.prazo ? `prazo ${prazoFilterLabels[query.prazo]}` : null,
    query.analista ? analistaFilterLabels[query.analista] : null,
  ].filter((filter) => filter !== null);
  const rows = rowCount === 1 ? '1 registro' : `${rowCount} registros`;
  const described = filters.length > 0 ? `filtros: ${filters.join(', ')}` : 'sem filtros';
  return `Exportação CSV ${flow.toUpperCase()}: ${rows}; ${described}; ordem: ${sortLabels[query.sort]}`;
}

export function createReviewLists(deps: {
  db: Database;
  clock: Clock;
  /** Rows per query of an export (tests make it small). */
  exportBatchSize?: number;
  /** Counts are exact up to this (LIST_COUNT_CAP unless configured: ADMIN_LIST_COUNT_CAP). */
  countCap?: number;
}): ReviewLists {
  const { db, clock } = deps;
  const batchSize = deps.exportBatchSize ?? EXPORT_BATCH_SIZE;
  const countCap = deps.countCap ?? LIST_COUNT_CAP;

  async function* exportChunks(
    flow: ReviewFlow,
    filters: ListFilters,
    sort: ExportQuery['sort'],
  ): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(csvHeaders[flow]);
    let cursor: ListCursor | null = null;
    for (;;) {
      const rows = await selectExportBatch(db, flow, filters, sort, cursor, batchSize);
      if (rows.length > 0) yield rows.map((row) => csvLine(csvValues(flow, row))).join('');
      if (rows.length < batchSize) return;
      cursor = cursorOf(rows[rows.length - 1]!, sort);
    }
  }

  return {
    list: async (flow, query, adminId) => {
      const now = clock.now();
      const filters = filtersOf(flow, query, adminId, now);
      const position = positionOf(query, countCap);
      const filteredCount = countCapped(
        db,
        flow,
        filteredCondition(flow, filters),
        countCap,
        searchesNameWords(flow, filters),
      );
      // Without filters the total is the filtered count: one count, not two.
      const totalCount = hasFilters(filters)
        ? countCapped(db, flow, visibleCondition(flow), countCap)
        : filteredCount;
      // One row more than the page tells whether another page follows (or precedes, backwards).
      // Filters that at most the cap's rows pass: the page is read from those rows (PageRead).
      const page = filteredCount.then(({ capped }) =>
        selectListPage(
          db,
          flow,
          filters,
          query.sort,
          position,
          query.pageSize + 1,
          hasFilters(filters) && !capped ? 'matches' : 'walk',
        ),
      );
      const [rows, filtered, total] = await Promise.all([page, filteredCount, totalCount]);

      const more = rows.length > query.pageSize;
      const backwards = 'before' in position;
      // Read backwards, the extra row is the first one (the rows were turned round).
      const shown = more ? (backwards ? rows.slice(1) : rows.slice(0, query.pageSize)) : rows;
      const first = shown[0];
      const last = shown[shown.length - 1];
      const atTop = 'offset' in position && position.offset === 0;
      return {
        items: shown.map((row) => toListItem(flow, row, now)),
        // The filtered records are visible ones: the total is never below them.
        total: Math.max(total.value, filtered.value),
        totalCapped: total.capped || filtered.capped,
        filtered: filtered.value,
        filteredCapped: filtered.capped,
        page: query.page,
        pageSize: query.pageSize,
        next: last && (backwards || more) ? encodeCursor(last, query.sort) : null,
        previous: first && (backwards ? more : !atTop) ? encodeCursor(first, query.sort) : null,
      };
    },

    export: async (flow, query, actor) => {
      const filters = filtersOf(flow, query, actor.id, clock.now());
      const rowCount = await countRows(db, flow, filteredCondition(flow, filters));
      // Audited before any row leaves: a failed audit write fails the export.
      await recordAdminAction(db, {
        onboardingType: flow === 'pf' ? 'PF' : 'PJ',
        adminUserId: actor.id,
        adminEmail: actor.email,
        action: EXPORT_AUDIT_ACTION,
        observacoes: exportObservation(flow, query, rowCount),
        ip: actor.ip ?? null,
        createdAt: clock.now(),
      });
      return {
        filename: `onboardings-${flow}-${saoPauloDayKey(clock.now())}.csv`,
        rowCount,
        chunks: exportChunks(flow, filters, query.sort),
      };
    },
  };
}
