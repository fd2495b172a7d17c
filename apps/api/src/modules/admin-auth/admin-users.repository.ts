import { and, asc, eq, or } from 'drizzle-orm';
import { adminUsers } from '@medipay/db/schema';
import type { Executor } from '../messaging/outbox.repository';

export type AdminUserRow = typeof adminUsers.$inferSelect;
export type NewAdminUserRow = typeof adminUsers.$inferInsert;

/**
 * The account whose e-mail or username is `credential` (compared lower-cased, as stored).
 * A username cannot contain '@' and an e-mail must, so at most one account matches.
 */
export async function findAdminUserByCredential(
  executor: Executor,
  credential: string,
): Promise<AdminUserRow | null> {
  const value = credential.trim().toLowerCase();
  const [row] = await executor
    .select()
    .from(adminUsers)
    .where(or(eq(adminUsers.email, value), eq(adminUsers.username, value)))
    .limit(1);
  return row ?? null;
}

export async function findAdminUserById(
  executor: Executor,
  id: string,
): Promise<AdminUserRow | null> {
  const [row] = await executor.select().from(adminUsers).where(eq(adminUsers.id, id));
  return row ?? null;
}

export async function listAdminUsers(executor: Executor): Promise<AdminUserRow[]> {
  return executor
    .select()
    .from(adminUsers)
    .orderBy(asc(adminUsers.createdAt), asc(adminUsers.email));
}

export async function hasAnyAdminUser(executor: Executor): Promise<boolean> {
  const rows = await executor.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  return rows.length > 0;
}

export async function insertAdminUser(
  executor: Executor,
  row: NewAdminUserRow,
): Promise<AdminUserRow> {
  const [inserted] = await executor.insert(adminUsers).values(row).returning();
  return inserted!;
}

export async function deactivateAdminUser(executor: Executor, id: string): Promise<AdminUserRow> {
  const [row] = await executor
    .update(adminUsers)
    .set({ active: false })
    .where(eq(adminUsers.id, id))
    .returning();
  return row!;
}

export async function setAdminPasswordHash(executor: Executor, id: string, passwordHash: string) {
  await executor.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, id));
}

export async function setAdminLastLoginAt(executor: Executor, id: string, at: Date) {
  await executor.update(adminUsers).set({ lastLoginAt: at }).where(eq(adminUsers.id, id));
}

/**
 * The ids of the active master accounts, locked until the end of the transaction: two
 * deactivations at once cannot both see another master left and remove the last two.
 */
export async function lockActiveMasterIds(executor: Executor): Promise<string[]> {
  const rows = await executor
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, 'admin_master'), eq(adminUsers.active, true)))
    .orderBy(asc(adminUsers.id))
    .for('update');
  return rows.map((row) => row.id);
}
