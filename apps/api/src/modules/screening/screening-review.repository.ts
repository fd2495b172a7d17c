import { and, asc, desc, eq, max, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  onboardingPf,
  onboardingPj,
  screeningHits,
  screeningListVersions,
  screeningRuns,
  type ScreeningList,
} from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import { isRecordId } from '../admin-review/review-detail.repository';
import type { Executor } from '../messaging/outbox.repository';

/**
 * The back office's queries on the screening tables (the importer and the matcher write them):
 * the versions in force, an application's hits and runs, a reviewer's decision, the lists'
 * filter and the dashboard's alerts. Undecided hits are read through the partial index
 * screening_hits_open_idx, whose predicate (`status = 'aberto'`) is written here as a literal
 * so that the planner matches it.
 */

const open = sql`${screeningHits.status} = 'aberto'`;

/**
 * Whether the application of `recordId` (a flow's id column) has hits no reviewer decided: the
 * lists' filter and their rows' flag (review-list.search.ts, review-list.repository.ts).
 */
export function hasOpenHits(flow: Flow, recordId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${screeningHits} where ${screeningHits.flow} = ${flow} and ${screeningHits.recordId} = ${recordId} and ${open})`;
}

export type ListVersionRow = typeof screeningListVersions.$inferSelect;

/** The version in force of each list that was ever imported. */
export function findVersionsInForce(executor: Executor): Promise<ListVersionRow[]> {
  return executor
    .select()
    .from(screeningListVersions)
    .where(eq(screeningListVersions.inForce, true));
}

/** Whether an application of the flow exists (a malformed id names none, without a query). */
export async function applicationExists(
  executor: Executor,
  flow: Flow,
  id: string,
): Promise<boolean> {
  if (!isRecordId(id)) return false;
  const table = flow === 'PF' ? onboardingPf : onboardingPj;
  const [row] = await executor.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row !== undefined;
}

/** The hits of an application with the number of the version each was found in. */
export function findApplicationHits(executor: Executor, flow: Flow, recordId: string) {
  return executor
    .select({
      hit: screeningHits,
      version: screeningListVersions.version,
    })
    .from(screeningHits)
    .leftJoin(screeningListVersions, eq(screeningListVersions.id, screeningHits.versionId))
    .where(and(eq(screeningHits.flow, flow), eq(screeningHits.recordId, recordId)))
    .orderBy(
      sql`case when ${open} then 0 else 1 end`,
      desc(screeningHits.score),
      desc(screeningHits.foundAt),
      asc(screeningHits.id),
    );
}

export type ApplicationHitRow = Awaited<ReturnType<typeof findApplicationHits>>[number];

/** The last screening of an application against each list it was screened on. */
export function findLastScreenings(
  executor: Executor,
  flow: Flow,
  recordId: string,
): Promise<{ list: ScreeningList; screenedAt: Date | null }[]> {
  return executor
    .select({ list: screeningRuns.list, screenedAt: max(screeningRuns.screenedAt) })
    .from(screeningRuns)
    .where(and(eq(screeningRuns.flow, flow), eq(screeningRuns.recordId, recordId)))
    .groupBy(screeningRuns.list);
}

/** One hit of an application, or null (a malformed id names none). */
export async function findApplicationHit(
  executor: Executor,
  flow: Flow,
  recordId: string,
  hitId: string,
) {
  if (!isRecordId(hitId)) return null;
  const [row] = await executor
    .select()
    .from(screeningHits)
    .where(
      and(
        eq(screeningHits.id, hitId),
        eq(screeningHits.flow, flow),
        eq(screeningHits.recordId, recordId),
      ),
    );
  return row ?? null;
}

export type HitDecision = {
  status: 'confirmado' | 'descartado';
  decidedAt: Date;
  decidedBy: string;
  decidedByEmail: string;
  decisionReason: string;
};

/**
 * Decides a hit that is still undecided; false when it is not any more (another reviewer's
 * decision, or the re-screening withdrew it, committed first: the row lock makes the second
 * update see the first one's result).
 */
export async function decideOpenHit(
  executor: Executor,
  hitId: string,
  decision: HitDecision,
): Promise<boolean> {
  const updated = await executor
    .update(screeningHits)
    .set(decision)
    .where(and(eq(screeningHits.id, hitId), open))
    .returning({ id: screeningHits.id });
  return updated.length > 0;
}

/**
 * The undecided hits on approved applications, with the application's name: PF the full name,
 * PJ the trade name or the legal name.
 */
function openHitsOnApproved(executor: Executor) {
  return executor
    .select({
      hitId: screeningHits.id,
      flow: screeningHits.flow,
      recordId: screeningHits.recordId,
      name: sql<
        string | null
      >`coalesce(${onboardingPf.nomeCompleto}, nullif(btrim(${onboardingPj.nomeFantasia}), ''), ${onboardingPj.razaoSocial})`.as(
        'name',
      ),
      list: screeningHits.list,
      entryName: screeningHits.entryName,
      score: screeningHits.score,
      foundAt: screeningHits.foundAt,
    })
    .from(screeningHits)
    .leftJoin(
      onboardingPf,
      and(eq(screeningHits.flow, 'PF'), eq(onboardingPf.id, screeningHits.recordId)),
    )
    .leftJoin(
      onboardingPj,
      and(eq(screeningHits.flow, 'PJ'), eq(onboardingPj.id, screeningHits.recordId)),
    )
    .where(and(open, sql`coalesce(${onboardingPf.status}, ${onboardingPj.status}) = 'APROVADO'`));
}

/** The dashboard's counts of undecided hits: all of them, and those on approved applications. */
export async function countOpenHits(
  executor: Executor,
): Promise<{ all: number; onApproved: number }> {
  const [all] = await executor
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(screeningHits)
    .where(open);
  const onApproved = openHitsOnApproved(executor).as('on_approved');
  const [approved] = await executor
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(onApproved);
  return { all: all?.count ?? 0, onApproved: approved?.count ?? 0 };
}

/** The latest undecided hits on approved applications, newest first. */
export function findLatestOpenHitsOnApproved(executor: Executor, limit: number) {
  return openHitsOnApproved(executor)
    .orderBy(desc(screeningHits.foundAt), desc(screeningHits.id))
    .limit(limit);
}
