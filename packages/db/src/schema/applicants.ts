/** The applicants' sessions, the phone hand-off of the selfie step and the one-time codes. */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneTimeCodeColumns } from './one-time-code-columns';

/**
 * An applicant's session, created by the server for one flow (PF `sess_...`, PJ `pj_...`).
 * The verified contacts are the exact destinations a one-time code was checked for; the
 * application's `email_verificado` / `telefone_verificado` hold only while they still match.
 */
export const applicantSessions = pgTable(
  'applicant_sessions',
  {
    /** The record's key (applications, documents and codes name it); never a credential. */
    id: text('id').primaryKey(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    /**
     * SHA-256 of the browser's cookie: a token of the same shape as an id, replaced at each code
     * verification and at submission (the old cookie opens nothing). Null: no cookie opens it.
     */
    tokenHash: text('token_hash').unique(),
    verifiedEmail: text('verified_email'),
    verifiedPhone: text('verified_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the applicant left with 'Sair': the browser's cookie no longer opens the session. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When its application was submitted: from then on the cookie opens the status page only. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (table) => [index('applicant_sessions_last_seen_at_idx').on(table.lastSeenAt)],
);

/**
 * A single-use link (10 minutes) that lets a phone take the selfie step of an application, and
 * nothing else. Redeeming it never opens the session: it gives the phone a credential of its own
 * (the medipay_handoff cookie, 30 minutes, ended once the phone's check passed) that only the
 * phone's selfie-step routes accept. Only SHA-256 hashes of the token and the credential are kept.
 */
export const sessionHandoffs = pgTable('session_handoffs', {
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: text('session_id')
    .notNull()
    .references(() => applicantSessions.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** The phone's credential, set when the link is redeemed. */
  credentialHash: text('credential_hash').unique(),
  credentialExpiresAt: timestamp('credential_expires_at', { withTimezone: true }),
  /** When the phone's biometric check passed: the credential ends. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** A one-time code sent to an e-mail or phone of a session. Only a keyed hash is kept. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .references(() => applicantSessions.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'phone'>().notNull(),
    destination: text('destination').notNull(),
    ...oneTimeCodeColumns(),
  },
  (table) => [
    index('otp_challenges_session_channel_idx').on(table.sessionId, table.channel, table.createdAt),
    index('otp_challenges_destination_idx').on(table.destination, table.createdAt),
  ],
);
