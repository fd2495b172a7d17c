import { statusHistory } from '@medipay/db/schema';
import type { Executor } from '../messaging/outbox.repository';

/** Records one status transition of an application (inside the transaction that makes it). */
export async function insertStatusHistory(
  executor: Executor,
  row: typeof statusHistory.$inferInsert,
): Promise<void> {
  await executor.insert(statusHistory).values(row);
}
