import { and, eq, inArray, like } from 'drizzle-orm';
import {
  adminActions,
  applicantSessions,
  clientInteractions,
  documentReviews,
  lookupCache,
  medipayAccounts,
  onboardingPf,
  onboardingPj,
  outbox,
  rectificationLinks,
  screeningHits,
  screeningRuns,
  statusAccessCodes,
  statusHistory,
} from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import { deleteSessionRecords } from '../applicant-session/session-records.repository';
import type { Executor } from '../messaging/outbox.repository';

/** The audit action of an erasure: its row names the record id and the reason, nothing else. */
export const ERASURE_AUDIT_ACTION = 'CADASTRO_ELIMINADO';

export type Erasure = {
  /** Storage keys (files and thumbnails) of the erased documents, to delete after the commit. */
  storageKeys: string[];
};

/**
 * Erases an application that never became an account, inside the caller's transaction: the
 * application row, its session and everything kept of them (documents in every version, the
 * checks' results, liveness signatures and face descriptors, one-time codes, hand-off links,
 * status codes and links, screening runs and hits, document reviews, the status history, the
 * messages sent to its e-mail and phone, the back office's audit rows about it and the registry
 * answer of its CNPJ), then writes a tombstone audit row with the record id and `reason` only.
 * The caller has checked that the application may be erased (never approved, no account).
 */
export async function eraseApplication(
  tx: Executor,
  application: { flow: Flow; id: string },
  tombstone: { actor: string; reason: string; at: Date },
): Promise<Erasure> {
  const { flow, id } = application;
  const table = flow === 'PF' ? onboardingPf : onboardingPj;
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  if (!row) return { storageKeys: [] };
  const sessionId = row.sessionId;
  const contacts = [row.email, row.telefone].filter((value): value is string => Boolean(value));

  await tx
    .delete(statusHistory)
    .where(and(eq(statusHistory.flow, flow), eq(statusHistory.recordId, id)));
  await tx
    .delete(documentReviews)
    .where(and(eq(documentReviews.flow, flow), eq(documentReviews.recordId, id)));
  await tx
    .delete(screeningHits)
    .where(and(eq(screeningHits.flow, flow), eq(screeningHits.recordId, id)));
  await tx
    .delete(screeningRuns)
    .where(and(eq(screeningRuns.flow, flow), eq(screeningRuns.recordId, id)));
  await tx
    .delete(medipayAccounts)
    .where(and(eq(medipayAccounts.flow, flow), eq(medipayAccounts.recordId, id)));
  await tx.delete(rectificationLinks).where(eq(rectificationLinks.recordId, id));
  await tx.delete(clientInteractions).where(eq(clientInteractions.onboardingId, id));
  await tx.delete(statusAccessCodes).where(eq(statusAccessCodes.onboardingId, id));
  await tx.delete(adminActions).where(eq(adminActions.onboardingId, id));
  if (contacts.length > 0) await tx.delete(outbox).where(inArray(outbox.recipient, contacts));
  if (flow === 'PJ' && 'cnpj' in row && typeof row.cnpj === 'string') {
    await tx.delete(lookupCache).where(like(lookupCache.key, `%${row.cnpj}%`));
  }

  const storageKeys = await deleteSessionRecords(tx, [sessionId]);
  await tx.delete(table).where(eq(table.id, id));
  // Liveness signatures and face descriptors go with the session (on delete cascade).
  await tx.delete(applicantSessions).where(eq(applicantSessions.id, sessionId));

  await tx.insert(adminActions).values({
    onboardingId: id,
    onboardingType: flow,
    adminEmail: tombstone.actor,
    action: ERASURE_AUDIT_ACTION,
    observacoes: tombstone.reason,
    createdAt: tombstone.at,
  });
  return { storageKeys };
}
