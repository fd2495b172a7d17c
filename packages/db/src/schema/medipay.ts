/** The MediPay payment-platform accounts of approved applications, and the built-in sandbox. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { adminUsers } from './admin';

/**
 * The payment-platform account of an approved application, one row per record: approval queues
 * it (state pending) in its own transaction, a job creates it on the platform with the idempotency
 * key `medipay-account:<flow>:<record id>` (so retries after an outage or a crash never open a
 * second account), and the back office's platform actions are recorded on it. `lease_until` keeps
 * two workers (the job and an admin's action) from calling the platform for it at once.
 */
export const medipayAccounts = pgTable(
  'medipay_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    recordId: uuid('record_id').notNull(),
    state: text('state').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    userId: text('user_id'),
    existingAccount: boolean('existing_account'),
    attempts: integer('attempts').notNull().default(0),
    /** The last failure: the adapter's code, the admin's message, the detail for the logs. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    errorDetail: text('error_detail'),
    /** Who approved: the audit rows of the creation are theirs. */
    requestedById: uuid('requested_by_id').references(() => adminUsers.id, {
      onDelete: 'set null',
    }),
    requestedByEmail: text('requested_by_email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    onboardingUrl: text('onboarding_url'),
    documentsSentAt: timestamp('documents_sent_at', { withTimezone: true }),
    documentsSent: integer('documents_sent'),
    onboardingSentAt: timestamp('onboarding_sent_at', { withTimezone: true }),
    emailVerificationSentAt: timestamp('email_verification_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('medipay_accounts_record_idx').on(table.flow, table.recordId),
    index('medipay_accounts_pending_idx')
      .on(table.updatedAt)
      .where(sql`${table.state} = 'pending'`),
  ],
);

/**
 * The built-in MediPay sandbox (ARCHITECTURE departure 14): the accounts it has opened, one per
 * document, each tied to the portal record (`external_id`) that asked for it.
 */
export const medipaySandboxAccounts = pgTable(
  'medipay_sandbox_accounts',
  {
    userId: text('user_id').primaryKey(),
    kind: text('kind').$type<'PF' | 'PJ'>().notNull(),
    document: text('document').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    documentsReceived: integer('documents_received').notNull().default(0),
    onboardingUrl: text('onboarding_url'),
    verificationEmail: text('verification_email'),
    verificationSentAt: timestamp('verification_sent_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('medipay_sandbox_accounts_document_idx').on(table.document)],
);

/**
 * The sandbox's idempotency store: the answer given to each successful POST, replayed when the
 * same Idempotency-Key comes again for the same method and path.
 */
export const medipaySandboxRequests = pgTable(
  'medipay_sandbox_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('medipay_sandbox_requests_key_idx').on(
      table.idempotencyKey,
      table.method,
      table.path,
    ),
  ],
);
