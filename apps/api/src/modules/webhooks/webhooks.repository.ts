import { and, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '@medipay/db/schema';
import type { WebhookEventType, WebhookPayload } from '@medipay/shared/webhooks';
import type { Executor } from '../messaging/outbox.repository';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertWebhookEndpoint(
  executor: Executor,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [inserted] = await executor.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export async function findWebhookEndpoint(
  executor: Executor,
  id: string,
): Promise<WebhookEndpointRow | null> {
  const [row] = await executor.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export async function listWebhookEndpoints(executor: Executor) {
  return executor.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
}

/** Deliveries per endpoint and status. */
export async function countWebhookDeliveries(executor: Executor) {
  return executor
    .select({
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      deliveries: count(),
    })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status);
}

export async function updateWebhookEndpoint(
  executor: Executor,
  id: string,
  change: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<WebhookEndpointRow> {
  const [row] = await executor
    .update(webhookEndpoints)
    .set(change)
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

/**
 * Queues `payload` for every active endpoint that takes its type, in the caller's transaction
 * (the change and its events commit together, or neither does).
 */
export async function queueWebhookEvent(
  executor: Executor,
  payload: WebhookPayload,
  at: Date,
): Promise<number> {
  const endpoints = await executor
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.active, true));
  const takers = endpoints.filter(
    (endpoint) => endpoint.events.length === 0 || endpoint.events.includes(payload.type),
  );
  if (takers.length === 0) return 0;
  await executor.insert(webhookDeliveries).values(
    takers.map((endpoint) => ({
      endpointId: endpoint.id,
      eventType: payload.type satisfies WebhookEventType,
      payload,
      nextAttemptAt: at,
      createdAt: at,
    })),
  );
  return takers.length;
}

/**
 * Takes up to `limit` deliveries due at `now` that no attempt holds, holding them until
 * `holdUntil`: another process skips them (`for update skip locked`, then the hold).
 */
export async function claimDueWebhookDeliveries(
  executor: Executor,
  now: Date,
  holdUntil: Date,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  const due = executor
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.heldUntil), lte(webhookDeliveries.heldUntil, now)),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return executor
    .update(webhookDeliveries)
    .set({ heldUntil: holdUntil })
    .where(sql`${webhookDeliveries.id} in ${due}`)
    .returning();
}

/** The outcome of one attempt: delivered, or failed with its next time (null: no more). */
export async function recordWebhookAttempt(
  executor: Executor,
  id: string,
  attempt: {
    at: Date;
    delivered: boolean;
    status: number | null;
    response: string | null;
    nextAttemptAt: Date | null;
  },
) {
  await executor
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: attempt.at,
      lastStatus: attempt.status,
      lastResponse: attempt.response,
      heldUntil: null,
      ...(attempt.delivered
        ? { status: 'delivered' as const, deliveredAt: attempt.at }
        : attempt.nextAttemptAt
          ? { nextAttemptAt: attempt.nextAttemptAt }
          : { status: 'failed' as const }),
    })
    .where(eq(webhookDeliveries.id, id));
}

export async function listWebhookDeliveries(executor: Executor, endpointId: string, limit: number) {
  return executor
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}
