import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { adminActions, adminSessions, adminUsers } from '@medipay/db/schema';
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

/**
 * When the failed logins of one credential or one IP, newer than `since`, were recorded: the
 * newest `limit` of them, newest first (the audit trail is the throttle's memory, so it holds
 * across restarts and processes).
 */
export async function recentLoginFailures(
  db: Database,
  key: { adminEmail: string } | { ip: string },
  failedAction: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: adminActions.createdAt })
    .from(adminActions)
    .where(
      and(
        eq(adminActions.action, failedAction),
        'adminEmail' in key
          ? eq(adminActions.adminEmail, key.adminEmail)
          : eq(adminActions.ip, key.ip),
        gt(adminActions.createdAt, since),
      ),
    )
    .orderBy(desc(adminActions.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}
