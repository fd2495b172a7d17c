import { inArray, or } from 'drizzle-orm';
import { documents, otpChallenges, sessionHandoffs, verificationResults } from '@medipay/db/schema';
import type { Executor } from '../messaging/outbox.repository';

/**
 * Deletes what applicant sessions hold besides their application: the checks' results (of the
 * sessions or of their documents), one-time codes, hand-off links and the documents' rows (every
 * version). Answers the storage keys (files and thumbnails) to delete after the commit. The
 * sessions themselves are the caller's to delete, after their application if any (liveness
 * signatures and face descriptors go with them: on delete cascade).
 */
export async function deleteSessionRecords(tx: Executor, sessionIds: string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const sessionDocuments = tx
    .select({ id: documents.id })
    .from(documents)
    .where(inArray(documents.sessionId, sessionIds));
  await tx
    .delete(verificationResults)
    .where(
      or(
        inArray(verificationResults.sessionId, sessionIds),
        inArray(verificationResults.documentId, sessionDocuments),
      ),
    );
  await tx.delete(otpChallenges).where(inArray(otpChallenges.sessionId, sessionIds));
  await tx.delete(sessionHandoffs).where(inArray(sessionHandoffs.sessionId, sessionIds));
  const deleted = await tx
    .delete(documents)
    .where(inArray(documents.sessionId, sessionIds))
    .returning({ storageKey: documents.storageKey, thumbnailKey: documents.thumbnailKey });
  return deleted.flatMap((row) =>
    row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey],
  );
}
