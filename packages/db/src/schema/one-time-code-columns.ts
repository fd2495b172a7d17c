/**
 * The columns of a one-time code's row after its destination (otp_challenges,
 * status_access_codes): only a keyed hash of the code is kept. Each call makes new column
 * builders: a builder belongs to one table.
 */
import { integer, text, timestamp } from 'drizzle-orm/pg-core';

export const oneTimeCodeColumns = () => ({
  codeHash: text('code_hash').notNull(),
  /** Tries so far; a try is counted before the code is compared, so parallel guesses cannot exceed the limit. */
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set when the code was used, failed too often or expired: it can never verify again. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  closedReason: text('closed_reason').$type<
    'verified' | 'expired' | 'too_many_attempts' | 'replaced'
  >(),
});
