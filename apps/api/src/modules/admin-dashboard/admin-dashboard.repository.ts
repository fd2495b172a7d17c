import { and, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '@medipay/db/client';
import { applicantSessions, onboardingPf, onboardingPj, statusHistory } from '@medipay/db/schema';
import type { ReviewFlow } from '@medipay/shared/admin-review';
import type { Status } from '@medipay/shared/status';
import { awaitingAnalysisCondition } from '../admin-review/review-list.search';
import { deleteSessionRecords } from '../applicant-session/session-records.repository';
import type { Executor } from '../messaging/outbox.repository';

/** The status groups of a flow's dashboard counters (packages/shared/src/admin.ts). */
export type CounterGroups = {
  pending: readonly Status[];
  inRequirement: readonly Status[];
  approved: readonly Status[];
  denied: readonly Status[];
};

export const pfCounterGroups = {
  pending: ['INICIADO', 'EM_ANALISE'],
  inRequirement: ['EM_EXIGENCIA'],
  approved: ['APROVADO'],
  denied: ['NEGADO', 'REJEITADO'],
} as const satisfies CounterGroups;

export const pjCounterGroups = {
  pending: ['INICIADO', 'ENVIADO_PARA_ANALISE', 'EM_ANALISE'],
  inRequirement: ['EM_EXIGENCIA'],
  approved: ['APROVADO'],
  denied: ['NEGADO', 'REJEITADO'],
} as const satisfies CounterGroups;

export type ApplicationCounts = {
  total: number;
  pending: number;
  inRequirement: number;
  approved: number;
  denied: number;
  createdToday: number;
};

const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Every counter of one table as one aggregate: `count(*) filter (where ...)` per counter. */
function counterColumns(
  columns: { status: AnyPgColumn; createdAt: AnyPgColumn },
  groups: CounterGroups,
  createdSince: Date,
) {
  return {
    total: sql<number>`count(*)`.mapWith(Number),
    pending: countWhere(inArray(columns.status, [...groups.pending])),
    inRequirement: countWhere(inArray(columns.status, [...groups.inRequirement])),
    approved: countWhere(inArray(columns.status, [...groups.approved])),
    denied: countWhere(inArray(columns.status, [...groups.denied])),
    createdToday: countWhere(gte(columns.createdAt, createdSince)),
  };
}

export async function countPfApplications(
  db: Database,
  createdSince: Date,
): Promise<ApplicationCounts> {
  const [row] = await db
    .select(counterColumns(onboardingPf, pfCounterGroups, createdSince))
    .from(onboardingPf);
  return row!;
}

export async function countPjApplications(
  db: Database,
  createdSince: Date,
): Promise<ApplicationCounts> {
  const [row] = await db
    .select(counterColumns(onboardingPj, pjCounterGroups, createdSince))
    .from(onboardingPj);
  return row!;
}

export type DeadlineCounts = { dueToday: number; overdue: number };

/**
 * The cases of a flow awaiting analysis due later today and overdue at `now` (as the lists'
 * 'Vence hoje' and 'Atrasados' filters count them): one range of the partial due-time index, up
 * to `tomorrow` (the start of the next São Paulo day).
 */
export async function countDeadlines(
  db: Database,
  flow: ReviewFlow,
  now: Date,
  tomorrow: Date,
): Promise<DeadlineCounts> {
  const table = flow === 'pf' ? onboardingPf : onboardingPj;
  const [row] = await db
    .select({
      dueToday: countWhere(gte(table.prazoAnalise, now)),
      overdue: countWhere(lt(table.prazoAnalise, now)),
    })
    .from(table)
    .where(and(awaitingAnalysisCondition(flow, table.status), lt(table.prazoAnalise, tomorrow)));
  return row!;
}

/** The statuses an administrator decides a case with, and those a case awaits analysis in. */
const decisionStatuses = ['APROVADO', 'EM_EXIGENCIA', 'NEGADO'] as const satisfies Status[];
const analysisStatuses = ['EM_ANALISE', 'ENVIADO_PARA_ANALISE'] as const satisfies Status[];

export type DecisionTimes = { medianMs: number | null; decisions: number };

/**
 * The median time to a decision: over the administrators' decisions (moves to APROVADO,
 * EM_EXIGENCIA or NEGADO) made in [since, until], from the record's latest move into analysis
 * before each (found on status_history_record_idx, newest first); decisions without one (a case
 * decided before it was submitted) are left out. The window is read from the whole history: no
 * index covers it, as none covers the dashboard's other counts; one month of a busy back office
 * is some thousands of rows.
 */
export async function decisionTimes(
  db: Database,
  since: Date,
  until: Date,
): Promise<DecisionTimes> {
  const list = (statuses: readonly string[]) =>
    sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    );
  const result = await db.execute(sql`
    select
      percentile_cont(0.5) within group (
        order by extract(epoch from "decision"."created_at" - "entered"."at")
      ) * 1000 as "median_ms",
      count(*) as "decisions"
    from ${statusHistory} as "decision"
    cross join lateral (
      select "earlier"."created_at" as "at"
      from ${statusHistory} as "earlier"
      where "earlier"."flow" = "decision"."flow"
        and "earlier"."record_id" = "decision"."record_id"
        and "earlier"."to_status" in (${list(analysisStatuses)})
        and "earlier"."created_at" <= "decision"."created_at"
      order by "earlier"."created_at" desc
      limit 1
    ) as "entered"
    where "decision"."actor_type" = 'admin'
      and "decision"."to_status" in (${list(decisionStatuses)})
      and "decision"."created_at" >= ${since.toISOString()}::timestamptz
      and "decision"."created_at" <= ${until.toISOString()}::timestamptz
  `);
  const row = result.rows[0] as { median_ms: number | string | null; decisions: number | string };
  return {
    medianMs: row.median_ms === null ? null : Math.round(Number(row.median_ms)),
    decisions: Number(row.decisions),
  };
}

/**
 * An abandoned applicant session: step 1 was never saved (no PF or PJ application refers to it)
 * and it was last seen before `idleSince`. The range on last_seen_at uses its index; the two
 * anti-joins use the unique indexes on session_id.
 */
function abandoned(idleSince: Date) {
  return and(
    lt(applicantSessions.lastSeenAt, idleSince),
    sql`not exists (select 1 from ${onboardingPf} where ${onboardingPf.sessionId} = ${applicantSessions.id})`,
    sql`not exists (select 1 from ${onboardingPj} where ${onboardingPj.sessionId} = ${applicantSessions.id})`,
  );
}

export async function countAbandonedSessions(db: Database, idleSince: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(applicantSessions)
    .where(abandoned(idleSince));
  return row!.count;
}

export type PurgedBatch = {
  /** Sessions this batch looked at (locked); fewer than the limit means none are left. */
  selected: number;
  /** Sessions deleted. */
  removed: number;
  /** Storage keys (files and thumbnails) of the deleted documents, to remove after the commit. */
  storageKeys: string[];
};

/**
 * Deletes up to `limit` abandoned sessions and everything that refers to them: verification
 * results (of the session or of its documents), one-time codes, hand-off links, documents rows.
 * Run it inside a transaction: the stored files are the caller's to delete after the commit.
 *
 * The sessions are locked first (`for update skip locked`: a concurrent purge takes other ones),
 * which keeps new applications, uploads and visits of these sessions waiting until the commit
 * (their foreign key checks and updates need the row). They are then checked again with a new
 * snapshot, so an application saved just before the lock was taken still keeps its session.
 * The outbox has no key to sessions: messages already sent stay as the delivery log.
 */
export async function deleteAbandonedSessions(
  tx: Executor,
  idleSince: Date,
  limit: number,
): Promise<PurgedBatch> {
  const locked = await tx
    .select({ id: applicantSessions.id })
    .from(applicantSessions)
    .where(abandoned(idleSince))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (locked.length === 0) return { selected: 0, removed: 0, storageKeys: [] };

  const confirmed = await tx
    .select({ id: applicantSessions.id })
    .from(applicantSessions)
    .where(
      and(
        inArray(
          applicantSessions.id,
          locked.map((row) => row.id),
        ),
        abandoned(idleSince),
      ),
    );
  const ids = confirmed.map((row) => row.id);
  if (ids.length === 0) return { selected: locked.length, removed: 0, storageKeys: [] };

  const storageKeys = await deleteSessionRecords(tx, ids);
  const deleted = await tx
    .delete(applicantSessions)
    .where(inArray(applicantSessions.id, ids))
    .returning({ id: applicantSessions.id });

  return { selected: locked.length, removed: deleted.length, storageKeys };
}
