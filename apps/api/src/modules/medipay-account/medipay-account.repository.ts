import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { medipayAccounts, onboardingPf, onboardingPj } from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import { queueApplicationEvent } from '../webhooks/webhook-events';
import type { Executor } from '../messaging/outbox.repository';

export type MedipayAccountRow = typeof medipayAccounts.$inferSelect;

/**
 * Asks for the record's account (in the approval's transaction): a new row is pending; a failed
 * one is pending again with its attempts reset; a pending or done one is left as it is (a repeated
 * approval opens nothing twice). Answers the row and whether a job should run for it.
 */
export async function queueMedipayAccount(
  executor: Executor,
  input: { flow: Flow; recordId: string; requestedById: string | null; requestedByEmail: string },
  now: Date,
): Promise<{ row: MedipayAccountRow; queued: boolean }> {
  const requested = {
    state: 'pending' as const,
    attempts: 0,
    errorCode: null,
    errorMessage: null,
    errorDetail: null,
    requestedById: input.requestedById,
    requestedByEmail: input.requestedByEmail,
    requestedAt: now,
    updatedAt: now,
  };
  const [queued] = await executor
    .insert(medipayAccounts)
    .values({ flow: input.flow, recordId: input.recordId, ...requested })
    .onConflictDoUpdate({
      target: [medipayAccounts.flow, medipayAccounts.recordId],
      set: requested,
      setWhere: eq(medipayAccounts.state, 'failed'),
    })
    .returning();
  if (queued) return { row: queued, queued: true };
  const row = await findMedipayAccount(executor, input.flow, input.recordId);
  if (!row) throw new Error('medipay account neither queued nor found');
  return { row, queued: row.state === 'pending' };
}

export async function findMedipayAccount(
  executor: Executor,
  flow: Flow,
  recordId: string,
): Promise<MedipayAccountRow | null> {
  const [row] = await executor
    .select()
    .from(medipayAccounts)
    .where(and(eq(medipayAccounts.flow, flow), eq(medipayAccounts.recordId, recordId)));
  return row ?? null;
}

export async function findMedipayAccountById(
  executor: Executor,
  id: string,
): Promise<MedipayAccountRow | null> {
  const [row] = await executor.select().from(medipayAccounts).where(eq(medipayAccounts.id, id));
  return row ?? null;
}

/**
 * Takes the right to call the platform for a pending account until `until`: only one caller
 * (the job or an admin's action) holds it at a time, and a crashed holder's lease runs out.
 * Null when the account is not pending or someone else holds it.
 */
export async function leaseMedipayAccount(
  executor: Executor,
  id: string,
  now: Date,
  until: Date,
): Promise<MedipayAccountRow | null> {
  const [row] = await executor
    .update(medipayAccounts)
    .set({ leaseUntil: until })
    .where(
      and(
        eq(medipayAccounts.id, id),
        eq(medipayAccounts.state, 'pending'),
        or(isNull(medipayAccounts.leaseUntil), lte(medipayAccounts.leaseUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** The account exists: kept on the row and on the application (`medipay_user_id`). */
export async function completeMedipayAccount(
  executor: Executor,
  row: MedipayAccountRow,
  result: { userId: string; existingAccount: boolean },
  now: Date,
): Promise<void> {
  await executor
    .update(medipayAccounts)
    .set({
      state: 'done',
      userId: result.userId,
      existingAccount: result.existingAccount,
      attempts: sql`${medipayAccounts.attempts} + 1`,
      errorCode: null,
      errorMessage: null,
      errorDetail: null,
      leaseUntil: null,
      completedAt: now,
      updatedAt: now,
    })
    .where(eq(medipayAccounts.id, row.id));
  const table = row.flow === 'PF' ? onboardingPf : onboardingPj;
  await executor
    .update(table)
    .set({ medipayUserId: result.userId })
    .where(eq(table.id, row.recordId));
  await queueApplicationEvent(executor, 'application.account_created', {
    flow: row.flow,
    recordId: row.recordId,
    fromStatus: 'APROVADO',
    toStatus: 'APROVADO',
    actor: 'system',
    at: now,
  });
}

/** A failed attempt: counted, its reason kept; `failed` when no further attempt will be made. */
export async function recordMedipayFailure(
  executor: Executor,
  id: string,
  failure: { state: 'pending' | 'failed'; code: string; message: string; detail: string },
  now: Date,
): Promise<MedipayAccountRow> {
  const [row] = await executor
    .update(medipayAccounts)
    .set({
      state: failure.state,
      attempts: sql`${medipayAccounts.attempts} + 1`,
      errorCode: failure.code,
      errorMessage: failure.message,
      errorDetail: failure.detail,
      leaseUntil: null,
      updatedAt: now,
    })
    .where(eq(medipayAccounts.id, id))
    .returning();
  if (!row) throw new Error(`medipay account ${id} not found`);
  return row;
}

/** Gives the lease back without counting an attempt (the attempt could not be made). */
export async function releaseMedipayAccount(executor: Executor, id: string): Promise<void> {
  await executor
    .update(medipayAccounts)
    .set({ leaseUntil: null })
    .where(eq(medipayAccounts.id, id));
}

/** What the approved-state actions record on the account. */
export async function updateMedipayAccount(
  executor: Executor,
  id: string,
  columns: Partial<
    Pick<
      MedipayAccountRow,
      | 'onboardingUrl'
      | 'documentsSentAt'
      | 'documentsSent'
      | 'onboardingSentAt'
      | 'emailVerificationSentAt'
    >
  > & { updatedAt: Date },
): Promise<void> {
  await executor.update(medipayAccounts).set(columns).where(eq(medipayAccounts.id, id));
}

/** Every pending account, oldest first (tests and scripts run them in process). */
export async function findPendingMedipayAccountIds(executor: Executor): Promise<string[]> {
  const rows = await executor
    .select({ id: medipayAccounts.id })
    .from(medipayAccounts)
    .where(eq(medipayAccounts.state, 'pending'))
    .orderBy(asc(medipayAccounts.updatedAt));
  return rows.map((row) => row.id);
}

/**
 * Pending accounts whose job is lost: never tried although queued `neverTriedMs` ago (the hand-off
 * after the approval failed, or the process stopped), or untouched for `retryWindowMs` (longer
 * than any wait between two tries).
 */
export async function findStrandedMedipayAccountIds(
  executor: Executor,
  now: Date,
  windows: { neverTriedMs: number; retryWindowMs: number },
): Promise<string[]> {
  const neverTriedBefore = new Date(now.getTime() - windows.neverTriedMs);
  const untouchedBefore = new Date(now.getTime() - windows.retryWindowMs);
  const rows = await executor
    .select({ id: medipayAccounts.id })
    .from(medipayAccounts)
    .where(
      and(
        eq(medipayAccounts.state, 'pending'),
        or(isNull(medipayAccounts.leaseUntil), lte(medipayAccounts.leaseUntil, now)),
        or(
          and(eq(medipayAccounts.attempts, 0), lt(medipayAccounts.updatedAt, neverTriedBefore)),
          lt(medipayAccounts.updatedAt, untouchedBefore),
        ),
      ),
    )
    .orderBy(asc(medipayAccounts.updatedAt))
    .limit(500);
  return rows.map((row) => row.id);
}
