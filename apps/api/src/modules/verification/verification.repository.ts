import { and, count, desc, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { applicantSessions, otpChallenges } from '@medipay/db/schema';
import type { Executor } from '../messaging/outbox.repository';

export type OtpChallenge = typeof otpChallenges.$inferSelect;
export type Channel = OtpChallenge['channel'];

/**
 * Serialises the code sends of one session and of one destination until the transaction ends,
 * so that the cooldown and the hourly limits are checked and the new code inserted as one step,
 * across requests and processes. The session's row is locked (NO KEY UPDATE: rows that only
 * reference it are not held up); a destination has no row of its own, so it takes a
 * transaction-scoped advisory lock on a hash of it (a collision only makes two sends wait for
 * each other). Always in this order, so two sends never wait on each other in a cycle.
 */
export async function lockCodeSends(tx: Executor, sessionId: string, destination: string) {
  await tx
    .select({ id: applicantSessions.id })
    .from(applicantSessions)
    .where(eq(applicantSessions.id, sessionId))
    .for('no key update');
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`otp-destination:${destination}`}, 0))`,
  );
}

/** The newest code of a session's channel; with `destination`, the newest sent there. */
export async function findLatestChallenge(
  executor: Executor,
  sessionId: string,
  channel: Channel,
  destination?: string,
) {
  const [row] = await executor
    .select()
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.sessionId, sessionId),
        eq(otpChallenges.channel, channel),
        destination === undefined ? undefined : eq(otpChallenges.destination, destination),
      ),
    )
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

export async function countChallengesSince(
  executor: Executor,
  filter: { sessionId: string; channel: Channel } | { destination: string },
  since: Date,
): Promise<number> {
  const where =
    'destination' in filter
      ? eq(otpChallenges.destination, filter.destination)
      : and(
          eq(otpChallenges.sessionId, filter.sessionId),
          eq(otpChallenges.channel, filter.channel),
        );
  const [row] = await executor
    .select({ value: count() })
    .from(otpChallenges)
    .where(and(where, gte(otpChallenges.createdAt, since)));
  return row?.value ?? 0;
}

/** Closes the open codes of a session's channel (a new code replaces them). */
export async function closeOpenChallenges(
  executor: Executor,
  sessionId: string,
  channel: Channel,
  now: Date,
) {
  await executor
    .update(otpChallenges)
    .set({ closedAt: now, closedReason: 'replaced' })
    .where(
      and(
        eq(otpChallenges.sessionId, sessionId),
        eq(otpChallenges.channel, channel),
        isNull(otpChallenges.closedAt),
      ),
    );
}

export async function insertChallenge(
  executor: Executor,
  challenge: typeof otpChallenges.$inferInsert,
) {
  await executor.insert(otpChallenges).values(challenge);
}

/**
 * Counts one try on the open, unexpired code of a session's channel before it is compared, so
 * that parallel guesses never get more than `maxAttempts` tries. Null when no code can be tried.
 */
export async function reserveAttempt(
  db: Database,
  sessionId: string,
  channel: Channel,
  now: Date,
  maxAttempts: number,
): Promise<OtpChallenge | null> {
  const [row] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(
      and(
        eq(otpChallenges.sessionId, sessionId),
        eq(otpChallenges.channel, channel),
        isNull(otpChallenges.closedAt),
        gt(otpChallenges.expiresAt, now),
        lt(otpChallenges.attempts, maxAttempts),
      ),
    )
    .returning();
  return row ?? null;
}

/** Closes expired open codes of a session's channel: an expired code is deleted from use. */
export async function closeExpiredChallenges(
  db: Database,
  sessionId: string,
  channel: Channel,
  now: Date,
) {
  await db
    .update(otpChallenges)
    .set({ closedAt: now, closedReason: 'expired' })
    .where(
      and(
        eq(otpChallenges.sessionId, sessionId),
        eq(otpChallenges.channel, channel),
        isNull(otpChallenges.closedAt),
        lte(otpChallenges.expiresAt, now),
      ),
    );
}

/** Closes a code if it is still open; false when another request closed it first. */
export async function closeChallenge(
  executor: Executor,
  id: string,
  now: Date,
  reason: NonNullable<OtpChallenge['closedReason']>,
): Promise<boolean> {
  const rows = await executor
    .update(otpChallenges)
    .set({ closedAt: now, closedReason: reason })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.closedAt)))
    .returning({ id: otpChallenges.id });
  return rows.length > 0;
}
