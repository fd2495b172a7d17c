import { and, count, eq, inArray } from 'drizzle-orm';
import { statusHistory } from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import type { Executor } from '../messaging/outbox.repository';
import { queueStatusChangeEvent } from '../webhooks/webhook-events';

/**
 * Records one status transition of an application (inside the transaction that makes it), and
 * queues its webhook event for the endpoints that take it.
 */
export async function insertStatusHistory(
  executor: Executor,
  row: typeof statusHistory.$inferInsert,
): Promise<void> {
  await executor.insert(statusHistory).values(row);
  await queueStatusChangeEvent(executor, {
    flow: row.flow,
    recordId: row.recordId,
    fromStatus: row.fromStatus ?? null,
    toStatus: row.toStatus,
    actor: row.actorType,
    at: row.createdAt ?? new Date(),
  });
}

/** How many times an application moved to one of `statuses`. */
export async function countStatusEntries(
  executor: Executor,
  flow: Flow,
  recordId: string,
  statuses: readonly string[],
): Promise<number> {
  const [row] = await executor
    .select({ entries: count() })
    .from(statusHistory)
    .where(
      and(
        eq(statusHistory.flow, flow),
        eq(statusHistory.recordId, recordId),
        inArray(statusHistory.toStatus, [...statuses]),
      ),
    );
  return row?.entries ?? 0;
}
