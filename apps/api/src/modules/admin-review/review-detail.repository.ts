import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  adminActions,
  adminUsers,
  clientInteractions,
  documents,
  onboardingPf,
  onboardingPj,
  statusHistory,
  verificationResults,
} from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import type { DocumentRow } from '../documents/documents.repository';
import type { Executor } from '../messaging/outbox.repository';
import type { PfRecord, PjRecord } from '../application/flow-definition';

/** An application of either flow, as stored. */
export type ReviewRecord = { flow: 'PF'; row: PfRecord } | { flow: 'PJ'; row: PjRecord };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name a record at all (anything else matches nothing, without a query). */
export const isRecordId = (id: string) => uuidPattern.test(id);

/**
 * The application of a flow by id, or null. With `lock`, the row stays locked (`for update`)
 * until the caller's transaction ends: a concurrent decision on it waits, then sees its result.
 */
export async function findReviewRecord(
  executor: Executor,
  flow: Flow,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ReviewRecord | null> {
  if (!isRecordId(id)) return null;
  if (flow === 'PF') {
    const query = executor.select().from(onboardingPf).where(eq(onboardingPf.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row ? { flow, row } : null;
  }
  const query = executor.select().from(onboardingPj).where(eq(onboardingPj.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? { flow, row } : null;
}

/** The columns a decision writes (the same in both tables). */
export type DecisionColumns = {
  status: string;
  analisadoPor: string;
  analisadoPorId: string;
  analisadoEm: Date;
  updatedAt: Date;
  exigencias?: string;
  motivoNegacao?: string;
};

export async function updateReviewRecord(
  executor: Executor,
  flow: Flow,
  id: string,
  columns: DecisionColumns,
): Promise<void> {
  if (flow === 'PF')
    await executor.update(onboardingPf).set(columns).where(eq(onboardingPf.id, id));
  else await executor.update(onboardingPj).set(columns).where(eq(onboardingPj.id, id));
}

/** Every version of the session's documents of the given fields, newest first. */
export async function findSessionDocuments(
  executor: Executor,
  sessionId: string,
  fields: readonly string[],
): Promise<DocumentRow[]> {
  return executor
    .select()
    .from(documents)
    .where(and(eq(documents.sessionId, sessionId), inArray(documents.field, [...fields])))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

export type VerificationRow = typeof verificationResults.$inferSelect;

/** The newest finished face check of a selfie (biometrics keys it by the selfie document). */
export async function findLatestFaceMatch(
  executor: Executor,
  sessionId: string,
  selfieId: string,
): Promise<VerificationRow | null> {
  const [row] = await executor
    .select()
    .from(verificationResults)
    .where(
      and(
        eq(verificationResults.sessionId, sessionId),
        eq(verificationResults.documentId, selfieId),
        eq(verificationResults.check, 'face_match'),
        eq(verificationResults.status, 'done'),
      ),
    )
    .orderBy(desc(verificationResults.createdAt))
    .limit(1);
  return row ?? null;
}

/** The record's status changes, oldest first, with the e-mail of the admin behind each. */
export async function findHistory(executor: Executor, flow: Flow, recordId: string) {
  return executor
    .select({
      fromStatus: statusHistory.fromStatus,
      toStatus: statusHistory.toStatus,
      actorType: statusHistory.actorType,
      actorEmail: adminUsers.email,
      reason: statusHistory.reason,
      createdAt: statusHistory.createdAt,
    })
    .from(statusHistory)
    .leftJoin(
      adminUsers,
      and(
        eq(statusHistory.actorType, 'admin'),
        sql`${statusHistory.actorId} = ${adminUsers.id}::text`,
      ),
    )
    .where(and(eq(statusHistory.flow, flow), eq(statusHistory.recordId, recordId)))
    .orderBy(asc(statusHistory.createdAt), asc(statusHistory.id));
}

/** The back office's actions on the record, newest first. */
export async function findAudit(executor: Executor, flow: Flow, recordId: string) {
  return executor
    .select({
      action: adminActions.action,
      adminEmail: adminActions.adminEmail,
      observacoes: adminActions.observacoes,
      motivo: adminActions.motivo,
      notaInterna: adminActions.notaInterna,
      createdAt: adminActions.createdAt,
    })
    .from(adminActions)
    .where(and(eq(adminActions.onboardingId, recordId), eq(adminActions.onboardingType, flow)))
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id));
}

/** What the applicant did on the rectification page (client_interactions), oldest first. */
export async function findInteractions(executor: Executor, flow: Flow, recordId: string) {
  return (
    executor
      .select({
        actionType: clientInteractions.actionType,
        description: clientInteractions.description,
        documentType: clientInteractions.documentType,
        oldDocumentUrl: clientInteractions.oldDocumentUrl,
        newDocumentUrl: clientInteractions.newDocumentUrl,
        justification: clientInteractions.justification,
        createdAt: clientInteractions.createdAt,
      })
      .from(clientInteractions)
      .where(
        and(
          eq(clientInteractions.onboardingType, flow),
          eq(clientInteractions.onboardingId, recordId),
        ),
      )
      // One submit writes its rows at one instant: page access, documents (by field), justification.
      .orderBy(
        asc(clientInteractions.createdAt),
        sql`case ${clientInteractions.actionType} when 'PAGE_ACCESS' then 0 when 'DOCUMENT_UPDATE' then 1 else 2 end`,
        asc(clientInteractions.documentType),
        asc(clientInteractions.id),
      )
  );
}
