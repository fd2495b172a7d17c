/**
 * Signed webhooks: the endpoints an operator registers to learn of status changes, and each
 * delivery of an event to an endpoint, written in the transaction of the change (an outbox) and
 * sent by a job with retries for a day.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A receiver of events. `events` lists the event types it takes (an empty list: every type).
 * The signing secret is kept sealed with a key derived from SECRET; after a rotation the
 * previous one keeps signing too until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: jsonb('events').$type<string[]>().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  previousSecretSealed: text('previous_secret_sealed'),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  createdBy: text('created_by').notNull(),
});

/**
 * One event for one endpoint. Its id is the `webhook-id` of every attempt (receivers drop a
 * second delivery of one id); `held_until` is the claim of the attempt in progress, so that
 * two processes never send it at once.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The HTTP status of the last answer; null when none came (refused, timed out). */
    lastStatus: integer('last_status'),
    /** The start of the last answer's body, or why no answer came. */
    lastResponse: text('last_response'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('webhook_deliveries_status', sql`${table.status} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);
