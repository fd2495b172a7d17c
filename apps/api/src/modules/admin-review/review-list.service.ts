import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import {
  type ApplicationList,
  type ApplicationListItem,
  type ListQuery,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { saoPauloDayKey, saoPauloParts } from '@medipay/shared/dates';
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
import {
  countRows,
  filteredCondition,
  hasFilters,
  selectExportBatch,
  selectListPage,
  visibleCondition,
  type ListCursor,
  type ListFilters,
  type ListRow,
} from './review-list.repository';

/** The audit action (admin_actions.action) of a CSV export. */
export const EXPORT_AUDIT_ACTION = 'EXPORTACAO_CSV';

/** Rows read per query while exporting: an export of a million rows never sits in memory. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * How old the 'Total' of a filtered list may be. Counting every visible record of a flow reads
 * a whole index (about 50 ms at a million rows): a filtered list (a search, a status) reuses the
 * last count of its flow and, once it is older than this, answers with it while a new count runs
 * in the background. An unfiltered list counts anyway (its total is its filtered count), so the
 * list as it opens is always exact.
 */
export const TOTAL_MAX_AGE_MS = 10_000;

/** The filters and sort of an export: those of the list, without the page. */
export type ExportQuery = Omit<ListQuery, 'page' | 'pageSize'>;

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
  list: (flow: ReviewFlow, query: ListQuery) => Promise<ApplicationList>;
  /** Audits the export (one admin_actions row), then streams it. */
  export: (flow: ReviewFlow, query: ExportQuery, actor: ExportActor) => Promise<CsvExport>;
};

export const reviewListMessages = {
  invalidStatus: 'Status inválido para esta lista.',
  invalidTipo: 'Tipo de empresa inválido.',
  invalidBiometria: 'Filtro de biometria inválido para esta lista.',
} as const;

/** The filters of a query, refused (400) when they do not belong to the flow. */
function filtersOf(flow: ReviewFlow, query: ExportQuery): ListFilters {
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
  };
}

const blankToNull = (value: string | null) => (value?.trim() ? value : null);

export function toListItem(flow: ReviewFlow, row: ListRow): ApplicationListItem {
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
  };
}

/** `dd/MM/yyyy HH:mm` in São Paulo. */
export function csvDateTime(value: Date | null): string {
  if (!value) return '';
  const { year, month, day, hour, minute } = saoPauloParts(value);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/**
 * One CSV cell. A value starting with = + - @ tab or carriage return would be read as a formula
 * by a spreadsheet (CSV injection): it gets a leading apostrophe. Then RFC 4180 quoting: a value
 * holding the separator, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
  ];
}

export function csvLine(cells: readonly (string | null)[]): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

const sortLabels = { created_desc: 'mais recentes primeiro', created_asc: 'mais antigos primeiro' };

/** The audit text of an export: what was exported and how many rows. */
export function exportObservation(flow: ReviewFlow, query: ExportQuery, rowCount: number): string {
  const filters = [
    query.search?.trim() ? `busca "${query.search.trim()}"` : null,
    query.status ? `status ${query.status}` : null,
    query.tipo ? `tipo ${query.tipo}` : null,
    query.biometria ? `biometria ${query.biometria}` : null,
  ].filter((filter) => filter !== null);
  const rows = rowCount === 1 ? '1 registro' : `${rowCount} registros`;
  const described = filters.length > 0 ? `filtros: ${filters.join(', ')}` : 'sem filtros';
  return `Exportação CSV ${flow.toUpperCase()}: ${rows}; ${described}; ordem: ${sortLabels[query.sort]}`;
}

type CountedTotal = { value: number; countedAt: number };

/** The visible total of each flow, counted at most once per `maxAgeMs` (see TOTAL_MAX_AGE_MS). */
function createTotals(deps: {
  count: (flow: ReviewFlow) => Promise<number>;
  clock: Clock;
  maxAgeMs: number;
  log?: FastifyBaseLogger | undefined;
}) {
  const { count, clock, maxAgeMs } = deps;
  const counted = new Map<ReviewFlow, CountedTotal>();
  const running = new Map<ReviewFlow, Promise<number>>();

  /** Keeps a count unless a newer one (begun later) is already kept. */
  const keep = (flow: ReviewFlow, total: CountedTotal) => {
    const current = counted.get(flow);
    if (!current || current.countedAt <= total.countedAt) counted.set(flow, total);
  };

  /** One count per flow at a time: concurrent callers share it. */
  const recount = (flow: ReviewFlow): Promise<number> => {
    const inFlight = running.get(flow);
    if (inFlight) return inFlight;
    const countedAt = clock.now().getTime();
    const promise = count(flow)
      .then((value) => {
        keep(flow, { value, countedAt });
        return value;
      })
      .finally(() => running.delete(flow));
    running.set(flow, promise);
    return promise;
  };

  return {
    get: async (flow: ReviewFlow): Promise<number> => {
      const last = counted.get(flow);
      if (!last || maxAgeMs <= 0) return recount(flow);
      if (clock.now().getTime() - last.countedAt >= maxAgeMs) {
        recount(flow).catch((error: unknown) =>
          deps.log?.error({ err: error, flow }, 'could not count the visible applications'),
        );
      }
      return last.value;
    },
    keep: (flow: ReviewFlow, value: number, countedAt: Date) =>
      keep(flow, { value, countedAt: countedAt.getTime() }),
  };
}

export function createReviewLists(deps: {
  db: Database;
  clock: Clock;
  /** Logs a failed background count of a total. */
  log?: FastifyBaseLogger;
  /** Rows per query of an export (tests make it small). */
  exportBatchSize?: number;
  /** See TOTAL_MAX_AGE_MS; 0 counts the total on every call. */
  totalMaxAgeMs?: number;
}): ReviewLists {
  const { db, clock } = deps;
  const batchSize = deps.exportBatchSize ?? EXPORT_BATCH_SIZE;
  const totals = createTotals({
    count: (flow) => countRows(db, flow, visibleCondition(flow)),
    clock,
    maxAgeMs: deps.totalMaxAgeMs ?? TOTAL_MAX_AGE_MS,
    log: deps.log,
  });

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
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.cursor, id: last.id };
    }
  }

  return {
    list: async (flow, query) => {
      const filters = filtersOf(flow, query);
      const offset = (query.page - 1) * query.pageSize;
      const page = { limit: query.pageSize, offset };
      if (!hasFilters(filters)) {
        // Two queries at once: the page and the count, which is both the total and the filtered.
        const countedAt = clock.now();
        const [rows, total] = await Promise.all([
          selectListPage(db, flow, filters, query.sort, page),
          countRows(db, flow, visibleCondition(flow)),
        ]);
        totals.keep(flow, total, countedAt);
        return {
          items: rows.map((row) => toListItem(flow, row)),
          total,
          filtered: total,
          page: query.page,
          pageSize: query.pageSize,
        };
      }
      // The page and the filtered count at once; the total, recent enough, from the last count.
      const [rows, filtered, total] = await Promise.all([
        selectListPage(db, flow, filters, query.sort, page),
        countRows(db, flow, filteredCondition(flow, filters)),
        totals.get(flow),
      ]);
      return {
        items: rows.map((row) => toListItem(flow, row)),
        // The filtered records are visible ones: a total counted before they were added is raised.
        total: Math.max(total, filtered),
        filtered,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    export: async (flow, query, actor) => {
      const filters = filtersOf(flow, query);
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
