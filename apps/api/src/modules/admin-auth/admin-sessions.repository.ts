import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { adminLoginAttempts, adminSessions, adminUsers } from '@medipay/db/schema';
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

export type LoginThrottleLimits = { perAccount: number; perIp: number; windowMs: number };

/** A reserved attempt (its id, to release it on success), or why and until when it is refused. */
export type LoginReservation =
  | { reserved: true; id: string }
  | { reserved: false; limitedBy: 'account' | 'ip'; blockedUntil: Date };

const lockKey = (key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;

/**
 * Counts one login attempt of an account key and an IP before its password is checked, so that
 * parallel attempts never get more than the limits: under a transaction lock on each key (account,
 * then IP: always the same order), counts the attempts still in the window and inserts one only
 * while both are under their limit. The lock is PostgreSQL's, so the limit holds across processes.
 */
export async function reserveLoginAttempt(
  db: Database,
  keys: { accountKey: string; ip: string },
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
    const recent = (key: SQL, limit: number) =>
      tx
        .select({ createdAt: adminLoginAttempts.createdAt })
        .from(adminLoginAttempts)
        .where(and(key, gt(adminLoginAttempts.createdAt, since)))
        .orderBy(desc(adminLoginAttempts.createdAt))
        .limit(limit);
    const byAccount = await recent(
      eq(adminLoginAttempts.accountKey, keys.accountKey),
      limits.perAccount,
    );
    const byIp = await recent(eq(adminLoginAttempts.ip, keys.ip), limits.perIp);
    // Refused until the oldest of the last `limit` attempts leaves the window.
    const accountFrom = byAccount[limits.perAccount - 1]?.createdAt.getTime();
    const ipFrom = byIp[limits.perIp - 1]?.createdAt.getTime();
    if (accountFrom !== undefined || ipFrom !== undefined) {
      const from = Math.max(accountFrom ?? -Infinity, ipFrom ?? -Infinity);
      return {
        reserved: false,
        limitedBy: accountFrom !== undefined ? 'account' : 'ip',
        blockedUntil: new Date(from + limits.windowMs),
      };
    }
    const [row] = await tx
      .insert(adminLoginAttempts)
      .values({ accountKey: keys.accountKey, ip: keys.ip, createdAt: now })
      .returning({ id: adminLoginAttempts.id });
    return { reserved: true, id: row!.id };
  });
}

/** Releases a reserved attempt (a successful login does not count against the limits). */
export async function releaseLoginAttempt(executor: Executor, id: string) {
  await executor.delete(adminLoginAttempts).where(eq(adminLoginAttempts.id, id));
}
