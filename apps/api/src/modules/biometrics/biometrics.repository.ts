import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { livenessSignatures, verificationResults } from '@medipay/db/schema';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import { findDocument } from '../documents/documents.repository';
import type { ChallengeSignatures } from '../kyc/liveness-check';
import type { ChallengeRecord } from './biometrics.records';

/** A liveness challenge of the session, with what it stored. */
export async function findChallenge(db: Database, session: ApplicantSessionRow, id: string) {
  const [row] = await db
    .select()
    .from(verificationResults)
    .where(
      and(
        eq(verificationResults.id, id),
        eq(verificationResults.sessionId, session.id),
        eq(verificationResults.check, 'liveness'),
      ),
    );
  return row ? { row, record: row.result as ChallengeRecord } : null;
}

/** A document of the session under `field`, or null when it is another's or another field's. */
export async function findOwnDocument(
  db: Database,
  session: ApplicantSessionRow,
  id: string,
  field: string,
) {
  const document = await findDocument(db, id);
  return document && document.sessionId === session.id && document.field === field
    ? document
    : null;
}

/** How many of the newest accepted challenges of other applicants a new one is compared with. */
export const REPLAY_SEARCH_RECENT = 2_000;

/**
 * The frame signatures of earlier accepted challenges that a new challenge of `session` could be
 * a replay of: every other one of the same session (an applicant retrying with a recording of
 * their own pass), and the newest REPLAY_SEARCH_RECENT of other sessions.
 */
export async function earlierSignatures(
  db: Database,
  session: ApplicantSessionRow,
  challengeId: string,
): Promise<ChallengeSignatures[]> {
  // The challenge itself may have been accepted by an earlier check of another selfie photo.
  const own = await db
    .select({ signatures: livenessSignatures.signatures })
    .from(livenessSignatures)
    .where(
      and(
        eq(livenessSignatures.sessionId, session.id),
        ne(livenessSignatures.challengeId, challengeId),
      ),
    );
  const recent = await db
    .select({ signatures: livenessSignatures.signatures })
    .from(livenessSignatures)
    .where(ne(livenessSignatures.sessionId, session.id))
    .orderBy(desc(livenessSignatures.createdAt))
    .limit(REPLAY_SEARCH_RECENT);
  return [...own, ...recent].map((row) => row.signatures);
}

/** Keeps the signatures of an accepted challenge (once: a challenge is checked once). */
export async function keepSignatures(
  db: Database,
  session: ApplicantSessionRow,
  challengeId: string,
  signatures: ChallengeSignatures,
) {
  await db
    .insert(livenessSignatures)
    .values({ challengeId, sessionId: session.id, signatures })
    .onConflictDoNothing();
}
