import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { adminActions, adminLoginAttempts, adminSessions, adminUsers } from '@medipay/db/schema';
import { adminAuditActions } from '@medipay/shared/admin';
import type { Executor } from '../messaging/outbox.repository';
import type { AdminUserRow } from './admin-users.repository';

export type AdminSessionRow = typeof adminSessions.$inferSelect;

export async function insertAdminSession(
  executor: Executor,
  row: typeof adminSessions.$inferInsert,
): Promise<AdminSessionRow> {
  const [inserted] = await executor.insert(adminSessions).values(row).returning();
  return inserted!;
}

/** The session of a token hash with its account, or null. */
export async function findAdminSessionByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<{ session: AdminSessionRow; user: AdminUserRow } | null> {
  const [row] = await db
    .select({ session: adminSessions, user: adminUsers })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminUserId))
    .where(eq(adminSessions.tokenHash, tokenHash));
  return row ?? null;
}

export async function deleteAdminSession(executor: Executor, id: string) {
  await executor.delete(adminSessions).where(eq(adminSessions.id, id));
}

export async function deleteAdminSessionsOfUser(executor: Executor, adminUserId: string) {
  await executor.delete(adminSessions).where(eq(adminSessions.adminUserId, adminUserId));
}

/**
 * Deletes the sessions that expired at `now` or before; the number deleted. Expired sessions
 * are refused anyway: this keeps the table small (the job queue's periodic sweep calls it).
 */
export async function deleteExpiredAdminSessions(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(adminSessions)
    .where(lte(adminSessions.expiresAt, now))
    .returning({ id: adminSessions.id });
  return deleted.length;
}

export type LoginThrottleLimits = {
  windowMs: number;
  /** Attempts of one account from one source (client IP) in the window; then that source waits. */
  perSource: number;
  /** Attempts from one IP in the window, whatever the account. */
  perIp: number;
  /** Attempts of one account in the window, from any source, after which its logins are paced... */
  pacingAfter: number;
  /** ...to one every this long, except from a known source. */
  pacingIntervalMs: number;
  /** A source is known to an account that logged in from it this recently. */
  knownSourceMs: number;
};

/** Why an attempt is refused: its source's limit for the account, the account's pace, the IP's limit. */
export type LoginRefusal = 'source' | 'pacing' | 'ip';

/** A reserved attempt (its id, to release it on success), or why and until when it is refused. */
export type LoginReservation =
  { reserved: true; id: string } | { reserved: false; limitedBy: LoginRefusal; blockedUntil: Date };

const lockKey = (key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;

/**
 * Counts one login attempt of an account key from an IP before its password is checked, so that
 * parallel attempts never get past the limits: under a transaction lock on each key (account,
 * then IP: always the same order), reads the attempts still in the window and inserts one only
 * when none of these refuses it:
 * - this IP already made `perSource` attempts on this account (that source waits for the window);
 * - this IP already made `perIp` attempts on any accounts;
 * - the account had `pacingAfter` attempts from anywhere and its latest is less than
 *   `pacingIntervalMs` old, unless the account logged in from this IP within `knownSourceMs`
 *   (a short wait: nobody can lock an account out, only slow its guesses down).
 * The locks are PostgreSQL's, so the limits hold across processes.
 */
export async function reserveLoginAttempt(
  db: Database,
  keys: { accountKey: string; ip: string; userId: string | null },
  now: Date,
  limits: LoginThrottleLimits,
): Promise<LoginReservation> {
  const since = new Date(now.getTime() - limits.windowMs);
  return db.transaction(async (tx) => {
    await tx.execute(lockKey(`admin-login:account:${keys.accountKey}`));
    await tx.execute(lockKey(`admin-login:ip:${keys.ip}`));
    // Only holders of this account's lock touch its rows: the sweep cannot deadlock.
    await tx
      .delete(adminLoginAttempts)
      .where(
        and(
          eq(adminLoginAttempts.accountKey, keys.accountKey),
          lte(adminLoginAttempts.createdAt, since),
        ),
      );
    /** The times of the latest `limit` attempts in the window, newest first. */
    const latest = (key: SQL | undefined, limit: number) =>
      tx
        .select({ createdAt: adminLoginAttempts.createdAt })
        .from(adminLoginAttempts)
        .where(and(key, gt(adminLoginAttempts.createdAt, since)))
        .orderBy(desc(adminLoginAttempts.createdAt))
        .limit(limit);
    const ofAccount = eq(adminLoginAttempts.accountKey, keys.accountKey);
    const ofIp = eq(adminLoginAttempts.ip, keys.ip);
    const bySource = await latest(and(ofAccount, ofIp), limits.perSource);
    const byIp = await latest(ofIp, limits.perIp);
    const byAccount = await latest(ofAccount, limits.pacingAfter);

    const refusals: { limitedBy: LoginRefusal; until: number }[] = [];
    // A full budget frees up when the oldest of its last `limit` attempts leaves the window.
    const sourceFrom = bySource[limits.perSource - 1]?.createdAt.getTime();
    if (sourceFrom !== undefined)
      refusals.push({ limitedBy: 'source', until: sourceFrom + limits.windowMs });
    const ipFrom = byIp[limits.perIp - 1]?.createdAt.getTime();
    if (ipFrom !== undefined) refusals.push({ limitedBy: 'ip', until: ipFrom + limits.windowMs });
    if (byAccount.length >= limits.pacingAfter) {
      const nextSlot = byAccount[0]!.createdAt.getTime() + limits.pacingIntervalMs;
      if (nextSlot > now.getTime() && !(await isKnownSource(tx, keys, now, limits))) {
        refusals.push({ limitedBy: 'pacing', until: nextSlot });
      }
    }
    const refusal = refusals.sort((a, b) => b.until - a.until)[0];
    if (refusal) {
      return {
        reserved: false,
        limitedBy: refusal.limitedBy,
        blockedUntil: new Date(refusal.until),
      };
    }
    const [row] = await tx
      .insert(adminLoginAttempts)
      .values({ accountKey: keys.accountKey, ip: keys.ip, createdAt: now })
      .returning({ id: adminLoginAttempts.id });
    return { reserved: true, id: row!.id };
  });
}

/** Whether the account logged in from this IP lately (its successes are kept in the audit trail). */
async function isKnownSource(
  executor: Executor,
  keys: { ip: string; userId: string | null },
  now: Date,
  limits: LoginThrottleLimits,
): Promise<boolean> {
  if (keys.userId === null) return false;
  const [row] = await executor
    .select({ id: adminActions.id })
    .from(adminActions)
    .where(
      and(
        eq(adminActions.action, adminAuditActions.loginSucceeded),
        eq(adminActions.ip, keys.ip),
        eq(adminActions.adminUserId, keys.userId),
        gt(adminActions.createdAt, new Date(now.getTime() - limits.knownSourceMs)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Releases a reserved attempt (a successful login does not count against the limits). */
export async function releaseLoginAttempt(executor: Executor, id: string) {
  await executor.delete(adminLoginAttempts).where(eq(adminLoginAttempts.id, id));
}
