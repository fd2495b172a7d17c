import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  clientInteractions,
  documents,
  onboardingPf,
  onboardingPj,
  rectificationLinks,
} from '@medipay/db/schema';
import { reviewDeadline } from '@medipay/shared/case-review';
import type { Flow } from '@medipay/shared/status';
import type { DocumentRow } from '../documents/documents.repository';
import type { Executor } from '../messaging/outbox.repository';
import type { PfRecord, PjRecord } from '../application/flow-definition';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The documents among `ids` that belong to a session (any field, any version). */
export async function findSessionDocumentsByIds(
  executor: Executor,
  sessionId: string,
  ids: readonly string[],
): Promise<DocumentRow[]> {
  const valid = [...new Set(ids)].filter((id) => uuidPattern.test(id));
  if (valid.length === 0) return [];
  return executor
    .select()
    .from(documents)
    .where(and(eq(documents.sessionId, sessionId), inArray(documents.id, valid)));
}

export type NewClientInteraction = typeof clientInteractions.$inferInsert;

/** Writes rows of the applicant's interaction log (in the caller's transaction, if any). */
export async function insertClientInteractions(
  executor: Executor,
  rows: NewClientInteraction[],
): Promise<void> {
  if (rows.length === 0) return;
  await executor.insert(clientInteractions).values(rows);
}

/**
 * Spends every unused link of a record (the one just used and any earlier e-mail's), so that no
 * older e-mail reopens a later 'Em Exigência'. Answers the ids spent.
 */
export async function spendRectificationLinks(
  executor: Executor,
  flow: Flow,
  recordId: string,
  now: Date,
): Promise<string[]> {
  const rows = await executor
    .update(rectificationLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(rectificationLinks.flow, flow),
        eq(rectificationLinks.recordId, recordId),
        isNull(rectificationLinks.usedAt),
      ),
    )
    .returning({ id: rectificationLinks.id });
  return rows.map((row) => row.id);
}

/** The columns a rectification writes: the replaced documents' links, status, liveness. */
export type RectifiedColumns = {
  status: string;
  updatedAt: Date;
  /** `docIdentidadeFrenteUrl` -> `/api/documents/<id>`. */
  urls: Record<string, string>;
  /** PF only: the biometric check no longer holds for the new selfie or identity document. */
  resetLiveness?: boolean;
};

export async function updateRectifiedRecord(
  executor: Executor,
  flow: Flow,
  id: string,
  columns: RectifiedColumns,
): Promise<void> {
  const { status, updatedAt, urls, resetLiveness } = columns;
  // Back in analysis: the back office owes a decision two business days on.
  const prazoAnalise = reviewDeadline(updatedAt);
  if (flow === 'PF') {
    const set: Partial<PfRecord> = {
      ...(urls as Partial<PfRecord>),
      status,
      updatedAt,
      prazoAnalise,
    };
    if (resetLiveness)
      Object.assign(set, {
        livenessPassed: false,
        livenessConfidence: null,
        biometriaDecisao: null,
      });
    await executor.update(onboardingPf).set(set).where(eq(onboardingPf.id, id));
  } else {
    const set: Partial<PjRecord> = {
      ...(urls as Partial<PjRecord>),
      status,
      updatedAt,
      prazoAnalise,
    };
    await executor.update(onboardingPj).set(set).where(eq(onboardingPj.id, id));
  }
}
