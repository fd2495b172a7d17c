import { and, eq } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { verificationResults } from '@medipay/db/schema';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import { findDocument } from '../documents/documents.repository';
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
