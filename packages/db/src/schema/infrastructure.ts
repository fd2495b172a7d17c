/**
 * The installation's own tables: its facts, the outbox of every message, the public lookups'
 * cache and the request limits every process shares.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Key/value facts about this installation (e.g. when the schema was first created). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every message the product sends (e-mail, SMS, WhatsApp), written in the transaction of the
 * change that causes it and delivered by a job with retries. `idempotency_key` makes a second
 * write of the same message a no-op; `sent_at` set means it is never delivered again.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<'email' | 'sms' | 'whatsapp'>().notNull(),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** `expired`: a one-time code that could no longer be used, closed without being sent. */
    status: text('status')
      .$type<'pending' | 'sent' | 'failed' | 'expired'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** A delivery in progress holds the message until then; a crashed delivery frees it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_status_created_at_idx').on(table.status, table.createdAt)],
);

/** Answers of the public lookups (CEP, CNPJ), kept until `expires_at`; `value` null means not found. */
export const lookupCache = pgTable(
  'lookup_cache',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').$type<Record<string, unknown> | null>(),
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('lookup_cache_expires_at_idx').on(table.expiresAt)],
);

/**
 * The request limits every process shares (per IP, per session): one fixed-window counter per
 * key, e.g. `ip:sessionCreations:203.0.113.7` or `cnpj-session:<session id>`. A single
 * `INSERT ... ON CONFLICT DO UPDATE` counts a hit and starts a new window once `expires_at` has
 * passed, so parallel hits on any process never lose a count. Rows past `expires_at` are deleted
 * by a periodic sweep (lib/shared-counter.ts).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_at_idx').on(table.expiresAt)],
);
