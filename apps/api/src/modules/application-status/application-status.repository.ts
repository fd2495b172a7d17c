import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { onboardingPf, onboardingPj, statusAccessCodes, statusHistory } from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import type { Executor } from '../messaging/outbox.repository';

/** What the status page needs of an application of either flow (never its personal data). */
export type StatusRecord = {
  flow: Flow;
  id: string;
  sessionId: string;
  protocolo: string | null;
  status: string;
  email: string | null;
  exigencias: string | null;
  motivoNegacao: string | null;
  submittedAt: Date | null;
};

export type StatusAccessCode = typeof statusAccessCodes.$inferSelect;

const columnsOf = (table: typeof onboardingPf | typeof onboardingPj) => ({
  id: table.id,
  sessionId: table.sessionId,
  protocolo: table.protocolo,
  status: table.status,
  email: table.email,
  exigencias: table.exigencias,
  motivoNegacao: table.motivoNegacao,
  submittedAt: table.submittedAt,
});

/** One application of a flow matching `where`; with `lock`, the row stays locked (`for update`). */
async function findRecord(
  executor: Executor,
  flow: Flow,
  where: (table: typeof onboardingPf | typeof onboardingPj) => SQL | undefined,
  options: { lock?: boolean } = {},
): Promise<StatusRecord | null> {
  const table = flow === 'PF' ? onboardingPf : onboardingPj;
  const query = executor.select(columnsOf(table)).from(table).where(where(table)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? { flow, ...row } : null;
}

/** The application of a session, or null. */
export const findStatusRecordBySession = (executor: Executor, flow: Flow, sessionId: string) =>
  findRecord(executor, flow, (table) => eq(table.sessionId, sessionId));

/** The application of a protocol (unique per flow), or null. */
export const findStatusRecordByProtocol = (
  executor: Executor,
  flow: Flow,
  protocolo: string,
  options: { lock?: boolean } = {},
) => findRecord(executor, flow, (table) => eq(table.protocolo, protocolo), options);

/**
 * The id of the application of a protocol, or null. One row comes back either way (a scalar
 * subquery): an unknown protocol costs what a known one does (the status code check, item 8 of
 * issue 23).
 */
export async function findStatusRecordIdByProtocol(
  executor: Executor,
  flow: Flow,
  protocolo: string,
): Promise<string | null> {
  const table = flow === 'PF' ? onboardingPf : onboardingPj;
  const [row] = await executor
    .select({
      id: sql<
        string | null
      >`(select ${table.id} from ${table} where ${table.protocolo} = ${protocolo})`,
    })
    .from(sql`(select 1) as one`);
  return row?.id ?? null;
}

/** The application of an id (a valid uuid), or null. */
export const findStatusRecordById = (executor: Executor, flow: Flow, id: string) =>
  findRecord(executor, flow, (table) => eq(table.id, id));

/** The statuses an application reached and when, oldest first: no actor, no reason. */
export async function findStatusTimeline(
  executor: Executor,
  flow: Flow,
  recordId: string,
): Promise<{ status: string; at: Date }[]> {
  return executor
    .select({ status: statusHistory.toStatus, at: statusHistory.createdAt })
    .from(statusHistory)
    .where(and(eq(statusHistory.flow, flow), eq(statusHistory.recordId, recordId)))
    .orderBy(asc(statusHistory.createdAt));
}

const ofRecord = (flow: Flow, recordId: string) =>
  and(eq(statusAccessCodes.onboardingType, flow), eq(statusAccessCodes.onboardingId, recordId));

export async function findLatestStatusCode(
  executor: Executor,
  flow: Flow,
  recordId: string,
): Promise<StatusAccessCode | null> {
  const [row] = await executor
    .select()
    .from(statusAccessCodes)
    .where(ofRecord(flow, recordId))
    .orderBy(desc(statusAccessCodes.createdAt))
    .limit(1);
  return row ?? null;
}

export async function countStatusCodesSince(
  executor: Executor,
  flow: Flow,
  recordId: string,
  since: Date,
): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(statusAccessCodes)
    .where(and(ofRecord(flow, recordId), gte(statusAccessCodes.createdAt, since)));
  return row?.value ?? 0;
}

/** Closes the open codes of an application (a new code replaces them). */
export async function closeOpenStatusCodes(
  executor: Executor,
  flow: Flow,
  recordId: string,
  now: Date,
) {
  await executor
    .update(statusAccessCodes)
    .set({ closedAt: now, closedReason: 'replaced' })
    .where(and(ofRecord(flow, recordId), isNull(statusAccessCodes.closedAt)));
}

export async function insertStatusCode(
  executor: Executor,
  row: typeof statusAccessCodes.$inferInsert,
) {
  await executor.insert(statusAccessCodes).values(row);
}

/**
 * Counts one try on the open, unexpired code of an application before it is compared, so that
 * parallel guesses never get more than `maxAttempts` tries. Null when no code can be tried.
 */
export async function reserveStatusCodeAttempt(
  db: Database,
  flow: Flow,
  recordId: string,
  now: Date,
  maxAttempts: number,
): Promise<StatusAccessCode | null> {
  const [row] = await db
    .update(statusAccessCodes)
    .set({ attempts: sql`${statusAccessCodes.attempts} + 1` })
    .where(
      and(
        ofRecord(flow, recordId),
        isNull(statusAccessCodes.closedAt),
        gt(statusAccessCodes.expiresAt, now),
        lt(statusAccessCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  return row ?? null;
}

/** Closes the expired open codes of an application: an expired code never opens the page. */
export async function closeExpiredStatusCodes(
  db: Database,
  flow: Flow,
  recordId: string,
  now: Date,
) {
  await db
    .update(statusAccessCodes)
    .set({ closedAt: now, closedReason: 'expired' })
    .where(
      and(
        ofRecord(flow, recordId),
        isNull(statusAccessCodes.closedAt),
        lte(statusAccessCodes.expiresAt, now),
      ),
    );
}

/** Closes a code if it is still open; false when another request closed it first. */
export async function closeStatusCode(
  executor: Executor,
  id: string,
  now: Date,
  reason: NonNullable<StatusAccessCode['closedReason']>,
): Promise<boolean> {
  const rows = await executor
    .update(statusAccessCodes)
    .set({ closedAt: now, closedReason: reason })
    .where(and(eq(statusAccessCodes.id, id), isNull(statusAccessCodes.closedAt)))
    .returning({ id: statusAccessCodes.id });
  return rows.length > 0;
}
