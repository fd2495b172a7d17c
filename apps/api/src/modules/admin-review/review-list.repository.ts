import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '@medipay/db/client';
import { onboardingPf, onboardingPj } from '@medipay/db/schema';
import type { ListFilterQuery, ReviewFlow } from '@medipay/shared/admin-review';
import type { ListCursor } from '@medipay/shared/list-cursor';
import type { Executor } from '../messaging/outbox.repository';
import { hasOpenHits } from '../screening/screening-review.repository';
import { filteredCondition, searchesNameWords, type ListFilters } from './review-list.search';

/**
 * The queries of the back-office lists: a page's rows, an export's batches and the counts, under
 * the conditions of review-list.search.ts. The sort is created_at then id, on btree indexes
 * ordered the same way, which also serve the status and type filters, the capped counts
 * (index-only scans) and the keyset walks of the pages and of the CSV export. The PF ones are
 * partial on the rows the PF list shows (pfVisible). The due-time sort (`prazo_asc`) is
 * prazo_analise then id, on the partial indexes of the cases awaiting analysis
 * (onboarding_pf_prazo_idx, onboarding_pj_prazo_idx), walked and paged the same way.
 */

/** The sorts of a list (listFiltersSchema). */
export type ListSort = ListFilterQuery['sort'];

/** The order rows are read in: a list's sort, or the due-time one backwards (Anterior). */
export type ReadOrder = ListSort | 'prazo_desc';

/**
 * A position in the sort order: a row's sort key (created_at, or prazo_analise for the due-time
 * sort, as PostgreSQL prints it) and id.
 */
export type { ListCursor };

/** One row of either list, with what the list and the CSV export need. */
export type ListRow = {
  id: string;
  protocolo: string | null;
  status: string;
  currentStep: number;
  /** PF: nome_completo; PJ: nome_fantasia. */
  nome: string | null;
  /** PJ only. */
  razaoSocial: string | null;
  /** PF: cpf; PJ: cnpj. */
  document: string | null;
  email: string | null;
  telefone: string | null;
  /** PJ only. */
  tipoEmpresa: string | null;
  createdAt: Date;
  analisadoPor: string | null;
  analisadoEm: Date | null;
  /** PF only. */
  biometriaDecisao: 'aprovado' | 'em_revisao' | 'reprovado' | null;
  /** Whether the application has screening hits to decide. */
  openScreeningHits: boolean;
  /** The due time of the analysis (kept after the decision; shown while it awaits analysis). */
  prazoAnalise: Date | null;
  /** Who holds the case. */
  analistaEmail: string | null;
  /** created_at as PostgreSQL prints it (microseconds kept), for the keyset walk. */
  cursor: string;
  /** prazo_analise as PostgreSQL prints it, for the keyset walk of the due-time sort. */
  prazoCursor: string | null;
};

const pfColumns = {
  id: onboardingPf.id,
  protocolo: onboardingPf.protocolo,
  status: onboardingPf.status,
  currentStep: onboardingPf.currentStep,
  nome: onboardingPf.nomeCompleto,
  razaoSocial: sql<string | null>`null`.as('razao_social'),
  document: onboardingPf.cpf,
  email: onboardingPf.email,
  telefone: onboardingPf.telefone,
  tipoEmpresa: sql<string | null>`null`.as('tipo_empresa'),
  createdAt: onboardingPf.createdAt,
  analisadoPor: onboardingPf.analisadoPor,
  analisadoEm: onboardingPf.analisadoEm,
  biometriaDecisao: onboardingPf.biometriaDecisao,
  openScreeningHits: sql<boolean>`${hasOpenHits('PF', onboardingPf.id)}`.as('open_screening_hits'),
  prazoAnalise: onboardingPf.prazoAnalise,
  analistaEmail: onboardingPf.analistaEmail,
  cursor: sql<string>`${onboardingPf.createdAt}::text`.as('cursor'),
  prazoCursor: sql<string | null>`${onboardingPf.prazoAnalise}::text`.as('prazo_cursor'),
};

const pjColumns = {
  id: onboardingPj.id,
  protocolo: onboardingPj.protocolo,
  status: onboardingPj.status,
  currentStep: onboardingPj.currentStep,
  nome: onboardingPj.nomeFantasia,
  razaoSocial: onboardingPj.razaoSocial,
  document: onboardingPj.cnpj,
  email: onboardingPj.email,
  telefone: onboardingPj.telefone,
  tipoEmpresa: onboardingPj.tipoEmpresa,
  createdAt: onboardingPj.createdAt,
  analisadoPor: onboardingPj.analisadoPor,
  analisadoEm: onboardingPj.analisadoEm,
  biometriaDecisao: sql<null>`null`.as('biometria_decisao'),
  openScreeningHits: sql<boolean>`${hasOpenHits('PJ', onboardingPj.id)}`.as('open_screening_hits'),
  prazoAnalise: onboardingPj.prazoAnalise,
  analistaEmail: onboardingPj.analistaEmail,
  cursor: sql<string>`${onboardingPj.createdAt}::text`.as('cursor'),
  prazoCursor: sql<string | null>`${onboardingPj.prazoAnalise}::text`.as('prazo_cursor'),
};

/** The sort columns of what the rows are read from (the table, or the subquery of matches). */
type SortColumns = { createdAt: AnyPgColumn; prazoAnalise: AnyPgColumn; id: AnyPgColumn };

function ordering(columns: SortColumns, order: ReadOrder): SQL[] {
  switch (order) {
    case 'created_asc':
      return [asc(columns.createdAt), asc(columns.id)];
    case 'created_desc':
      return [desc(columns.createdAt), desc(columns.id)];
    case 'prazo_asc':
      return [asc(columns.prazoAnalise), asc(columns.id)];
    case 'prazo_desc':
      return [desc(columns.prazoAnalise), desc(columns.id)];
  }
}

const reversedOrders = {
  created_asc: 'created_desc',
  created_desc: 'created_asc',
  prazo_asc: 'prazo_desc',
  prazo_desc: 'prazo_asc',
} as const satisfies Record<ReadOrder, ReadOrder>;

/**
 * Rows after `cursor` in the read order: `(sort key, id)` compared as a row, on the sort's
 * index. The due-time sort reads only rows that have one (the queue's condition), so the row
 * comparison never meets a null.
 */
function after(flow: ReviewFlow, order: ReadOrder, cursor: ListCursor): SQL {
  const table = flow === 'pf' ? onboardingPf : onboardingPj;
  const byPrazo = order === 'prazo_asc' || order === 'prazo_desc';
  const row = sql`(${byPrazo ? table.prazoAnalise : table.createdAt}, ${table.id})`;
  const bound = sql`(${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
  return order === 'created_asc' || order === 'prazo_asc'
    ? sql`${row} > ${bound}`
    : sql`${row} < ${bound}`;
}

/**
 * How the rows of a page are read. `walk`: along the sort's index, keeping the rows that pass
 * the filters, until the page is full — cheap when many rows pass. `matches`: the rows that pass
 * first (on the search and filter indexes), then sorted — for filters that few rows pass (the
 * count said so). The planner cannot tell them apart by itself: it estimates a trigram or
 * full-text match at hundreds of rows whether it has one or 50,000, and at ten million rows
 * walked the whole sort index for a CPF that one row holds (9 s).
 */
export type PageRead = 'walk' | 'matches';

/**
 * A page of `rows` in the sort order: the chain both page reads end with. `columns` are the sort
 * columns of what the rows are read from (the table, or the subquery of matches).
 */
function sortedPage<Q extends PgSelect>(
  rows: Q,
  columns: SortColumns,
  order: ReadOrder,
  limit: number,
  offset: number,
) {
  const page = rows.orderBy(...ordering(columns, order)).limit(limit);
  return offset > 0 ? page.offset(offset) : page;
}

/** The query of a page's rows (exposed for the plan test). */
export function pageQuery(
  db: Executor,
  flow: ReviewFlow,
  where: SQL | undefined,
  order: ReadOrder,
  limit: number,
  offset: number,
  read: PageRead,
) {
  const filtered = (
    flow === 'pf'
      ? db.select(pfColumns).from(onboardingPf)
      : db.select(pjColumns).from(onboardingPj)
  ).where(where);
  if (read === 'matches') {
    // OFFSET 0 keeps the subquery from being merged into the outer query: it is planned on its
    // own, without the ORDER BY and LIMIT that would favour the walk.
    const matches = filtered.offset(0).as('matches');
    return sortedPage(db.select().from(matches).$dynamic(), matches, order, limit, offset);
  }
  const table = flow === 'pf' ? onboardingPf : onboardingPj;
  return sortedPage(filtered.$dynamic(), table, order, limit, offset);
}

function withSearchMemory<T>(db: Database, run: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return run(tx);
  });
}

function selectRows(
  db: Database,
  flow: ReviewFlow,
  where: SQL | undefined,
  order: ReadOrder,
  limit: number,
  offset: number,
  read: PageRead,
  nameWords: boolean,
): Promise<ListRow[]> {
  if (!nameWords) return pageQuery(db, flow, where, order, limit, offset, read);
  return withSearchMemory(db, (tx) => pageQuery(tx, flow, where, order, limit, offset, read));
}

/**
 * Where a page starts: the top of the list, `offset` rows down (a page number without a
 * cursor), just after a row (Próxima) or just before one (Anterior).
 */
export type PagePosition = { offset: number } | { after: ListCursor } | { before: ListCursor };

/**
 * Up to `limit` filtered rows from `position`, in the sort order. Before a row, the rows are read
 * in the opposite order from it (the same index, walked the other way) and turned round.
 */
export async function selectListPage(
  db: Database,
  flow: ReviewFlow,
  filters: ListFilters,
  sort: ListSort,
  position: PagePosition,
  limit: number,
  read: PageRead = 'walk',
): Promise<ListRow[]> {
  const where = filteredCondition(flow, filters);
  const nameWords = searchesNameWords(flow, filters);
  if ('after' in position) {
    return selectRows(
      db,
      flow,
      and(where, after(flow, sort, position.after)),
      sort,
      limit,
      0,
      read,
      nameWords,
    );
  }
  if ('before' in position) {
    const backwards = reversedOrders[sort];
    const rows = await selectRows(
      db,
      flow,
      and(where, after(flow, backwards, position.before)),
      backwards,
      limit,
      0,
      read,
      nameWords,
    );
    return rows.reverse();
  }
  return selectRows(db, flow, where, sort, limit, position.offset, read, nameWords);
}

/** The next batch of an export: up to `limit` filtered rows after `cursor` (keyset, no offset). */
export function selectExportBatch(
  db: Database,
  flow: ReviewFlow,
  filters: ListFilters,
  sort: ListSort,
  cursor: ListCursor | null,
  limit: number,
): Promise<ListRow[]> {
  const where = and(
    filteredCondition(flow, filters),
    cursor ? after(flow, sort, cursor) : undefined,
  );
  return selectRows(db, flow, where, sort, limit, 0, 'walk', searchesNameWords(flow, filters));
}

/**
 * `count(*)` of at most `cap + 1` rows of a flow's table under a condition (exposed for the plan
 * test): the count stops reading once it knows there are more than `cap`.
 */
export function countQuery(db: Executor, flow: ReviewFlow, where: SQL | undefined, cap: number) {
  const table = flow === 'pf' ? onboardingPf : onboardingPj;
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  return db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(capped);
}

/** A count up to `cap`; `capped` when there are more. */
export type CappedCount = { value: number; capped: boolean };

export async function countCapped(
  db: Database,
  flow: ReviewFlow,
  where: SQL | undefined,
  cap: number,
  nameWords = false,
): Promise<CappedCount> {
  // Serial: the count stops after `cap + 1` rows, and starting parallel workers for that costs
  // more than it saves (a search for a common surname at a million rows: 150 ms with two
  // workers, 30 ms without, on two cores).
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    if (nameWords) await tx.execute(sql`set local work_mem = '64MB'`);
    return countQuery(tx, flow, where, cap);
  });
  const count = row?.count ?? 0;
  return { value: Math.min(count, cap), capped: count > cap };
}

/** The exact count (the export's audit says how many rows left). */
export async function countRows(
  db: Database,
  flow: ReviewFlow,
  where: SQL | undefined,
): Promise<number> {
  const table = flow === 'pf' ? onboardingPf : onboardingPj;
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return row?.count ?? 0;
}
