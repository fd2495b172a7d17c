import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { verificationResults } from '@medipay/db/schema';
import type { DocumentStorage } from '../../adapters/storage/port';
import type { Clock } from '../../lib/clock';
import { readStream } from '../../lib/streams';
import type { DocumentRow } from '../documents/documents.repository';
import { findDocument } from '../documents/documents.repository';
import { parseWithRereads, rereadsFor, type IdentityExtraction } from './identity-fields';
import type { OcrEngine } from './ocr-engine';

/** Identity document fields whose upload starts an extraction. */
export const identityDocumentFields = new Set([
  'docIdentidadeFrente',
  'docIdentidadeVerso',
  'responsavelDocFrente',
  'responsavelDocVerso',
]);

/** Below this, a field is left for the applicant to type. */
export const MIN_FIELD_CONFIDENCE = 0.6;

/**
 * Reads an identity document: one OCR pass over the card, then a second over the bands of the
 * fields the first did not read with MIN_FIELD_CONFIDENCE (identity-fields.ts, rereadsFor).
 */
export async function readIdentity(
  ocr: OcrEngine,
  image: Buffer,
): Promise<{ extraction: IdentityExtraction; ocrConfidence: number }> {
  const text = await ocr.read(image, (lines) => rereadsFor(lines, MIN_FIELD_CONFIDENCE));
  return {
    extraction: parseWithRereads(
      text.lines,
      text.regions.map(({ region, lines }) => ({ reread: region, lines })),
    ),
    ocrConfidence: text.confidence,
  };
}

export type ExtractionRow = typeof verificationResults.$inferSelect;

/** Keeps the fields read with enough confidence. */
export function confidentFields(extraction: IdentityExtraction): IdentityExtraction {
  const keep = (field: IdentityExtraction['nome']) =>
    field && field.confidence >= MIN_FIELD_CONFIDENCE ? field : null;
  return {
    kind: extraction.kind,
    nome: keep(extraction.nome),
    numero: keep(extraction.numero),
    orgao: keep(extraction.orgao),
    uf: keep(extraction.uf),
    validade: keep(extraction.validade),
  };
}

export type Extraction = {
  /** Records a pending extraction for an identity document; null for other documents. */
  request: (document: DocumentRow) => Promise<string | null>;
  /** Reads the document and stores the fields (the job's work). */
  run: (resultId: string) => Promise<void>;
  latestFor: (documentId: string) => Promise<ExtractionRow | null>;
  /** Runs every pending extraction now, in this process (tests and scripts). */
  runPending: () => Promise<number>;
};

export function createExtraction(deps: {
  db: Database;
  storage: DocumentStorage;
  ocr: OcrEngine;
  clock: Clock;
  log: FastifyBaseLogger;
}): Extraction {
  const { db, storage, ocr, clock, log } = deps;
  const run: Extraction['run'] = async (resultId) => {
    const [pending] = await db
      .select()
      .from(verificationResults)
      .where(eq(verificationResults.id, resultId));
    if (!pending || pending.status !== 'pending' || !pending.documentId) return;
    try {
      const document = await findDocument(db, pending.documentId);
      const stream = document ? await storage.get(document.storageKey) : null;
      if (!stream) throw new Error('document not found in storage');
      const read = await readIdentity(ocr, await readStream(stream));
      const fields = confidentFields(read.extraction);
      await db
        .update(verificationResults)
        .set({
          status: 'done',
          result: { ...fields, ocrConfidence: read.ocrConfidence },
          completedAt: clock.now(),
        })
        .where(eq(verificationResults.id, resultId));
    } catch (error) {
      log.warn({ resultId, err: error }, 'document extraction failed');
      await db
        .update(verificationResults)
        .set({
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
          completedAt: clock.now(),
        })
        .where(eq(verificationResults.id, resultId));
    }
  };

  return {
    run,
    runPending: async () => {
      const pending = await db
        .select({ id: verificationResults.id })
        .from(verificationResults)
        .where(
          and(
            eq(verificationResults.status, 'pending'),
            eq(verificationResults.check, 'extraction'),
          ),
        );
      for (const { id } of pending) await run(id);
      return pending.length;
    },
    request: async (document) => {
      if (!identityDocumentFields.has(document.field) || document.mimeType === 'application/pdf')
        return null;
      const [row] = await db
        .insert(verificationResults)
        .values({
          sessionId: document.sessionId,
          documentId: document.id,
          check: 'extraction',
          createdAt: clock.now(),
        })
        .returning({ id: verificationResults.id });
      return row!.id;
    },
    latestFor: async (documentId) => {
      const [row] = await db
        .select()
        .from(verificationResults)
        .where(
          and(
            eq(verificationResults.documentId, documentId),
            eq(verificationResults.check, 'extraction'),
          ),
        )
        .orderBy(desc(verificationResults.createdAt))
        .limit(1);
      return row ?? null;
    },
  };
}
