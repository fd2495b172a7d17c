import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { documentReviews, onboardingPf, onboardingPj, screeningHits } from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import type { Executor } from '../messaging/outbox.repository';

export type DocumentReviewRow = typeof documentReviews.$inferSelect;

/** The case columns a change writes (the same in both application tables). */
export type CaseColumns = Partial<{
  prazoAnalise: Date | null;
  analistaId: string | null;
  analistaEmail: string | null;
  analistaDesde: Date | null;
  primeiraAprovacaoPorId: string | null;
  primeiraAprovacaoPor: string | null;
  primeiraAprovacaoEm: Date | null;
  primeiraAprovacaoNota: string | null;
  updatedAt: Date;
}>;

export async function updateCase(
  executor: Executor,
  flow: Flow,
  id: string,
  columns: CaseColumns,
): Promise<void> {
  if (flow === 'PF')
    await executor.update(onboardingPf).set(columns).where(eq(onboardingPf.id, id));
  else await executor.update(onboardingPj).set(columns).where(eq(onboardingPj.id, id));
}

/** The columns that clear a first approval (a withdrawal, or any other decision). */
export const noFirstApproval: CaseColumns = {
  primeiraAprovacaoPorId: null,
  primeiraAprovacaoPor: null,
  primeiraAprovacaoEm: null,
  primeiraAprovacaoNota: null,
};

export async function insertDocumentReview(
  executor: Executor,
  row: typeof documentReviews.$inferInsert,
): Promise<void> {
  await executor.insert(documentReviews).values(row);
}

/** The newest decision on each of the given document versions of a record. */
export async function findDocumentReviews(
  executor: Executor,
  flow: Flow,
  recordId: string,
  documentIds: readonly string[],
): Promise<Map<string, DocumentReviewRow>> {
  const standing = new Map<string, DocumentReviewRow>();
  if (documentIds.length === 0) return standing;
  const rows = await executor
    .select()
    .from(documentReviews)
    .where(
      and(
        eq(documentReviews.flow, flow),
        eq(documentReviews.recordId, recordId),
        inArray(documentReviews.documentId, [...documentIds]),
      ),
    )
    .orderBy(desc(documentReviews.createdAt), desc(documentReviews.id));
  for (const row of rows) if (!standing.has(row.documentId)) standing.set(row.documentId, row);
  return standing;
}

/** Whether the record has screening hits no reviewer discarded (open or confirmed). */
export async function hasStandingScreeningHits(
  executor: Executor,
  flow: Flow,
  recordId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ one: sql<number>`1` })
    .from(screeningHits)
    .where(
      and(
        eq(screeningHits.flow, flow),
        eq(screeningHits.recordId, recordId),
        inArray(screeningHits.status, ['aberto', 'confirmado']),
      ),
    )
    .limit(1);
  return Boolean(row);
}
