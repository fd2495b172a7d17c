/**
 * The frames of every accepted liveness challenge, as landmark signatures (a few hundred numbers,
 * no image): a new challenge whose frames are all frames of an earlier one is a replayed
 * recording (apps/api/src/modules/kyc/liveness-check.ts, docs/decisions/025). Deleting the
 * session deletes them; they are kept as long as the selfie's face descriptor (face_descriptors).
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicantSessions } from './applicants';
import { verificationResults } from './documents';

export const livenessSignatures = pgTable(
  'liveness_signatures',
  {
    /** The challenge (verification_results, check 'liveness'). */
    challengeId: uuid('challenge_id')
      .primaryKey()
      .references(() => verificationResults.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => applicantSessions.id, { onDelete: 'cascade' }),
    /** One signature per frame, the neutral frame first. */
    signatures: jsonb('signatures').$type<number[][]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('liveness_signatures_session_idx').on(table.sessionId),
    index('liveness_signatures_created_idx').on(table.createdAt),
  ],
);
