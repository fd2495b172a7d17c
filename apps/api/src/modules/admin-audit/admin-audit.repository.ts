import { adminActions } from '@medipay/db/schema';
import type { Executor } from '../messaging/outbox.repository';

export type AdminActionRow = typeof adminActions.$inferInsert;

/**
 * Writes one row of the back office's audit trail (admin_actions). Inside the transaction of the
 * change it records, so that a change is never without its audit row.
 */
export async function recordAdminAction(executor: Executor, row: AdminActionRow): Promise<void> {
  await executor.insert(adminActions).values(row);
}
