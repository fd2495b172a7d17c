import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import { documents } from '@medipay/db/schema';
import type { DocumentStorage } from '../adapters/storage/port';
import type { Clock } from '../lib/clock';
import { newStorageKey } from '../modules/documents/intake';
import type { PdfDisarm } from '../modules/documents/pdf-rebuild';
import type { PdfWorkers } from '../modules/documents/pdf-workers';

/**
 * PDFs stored before uploads were rebuilt (decision 021, issue 23 item 1) are the bytes the
 * applicant sent: their rows have no `original_sha256`. This job rebuilds them as an upload now
 * is. It runs once per period of this length across every process (a pg-boss singleton job per
 * period), and once at start-up unless it already ran in the current period.
 */
export const LEGACY_PDFS_INTERVAL_MS = 6 * 60 * 60 * 1000;
/**
 * A run stops taking documents after this long (the rest waits for the next period), well
 * within its job's expiry (job-queue.ts), so that pg-boss never hands the same run to a second
 * process while the first still works.
 */
export const LEGACY_PDFS_RUN_BUDGET_MS = 45 * 60 * 1000;
/** Rows read from the database per query. */
const BATCH = 20;

type Refusal = Extract<
  PdfDisarm['verdict'],
  'active' | 'encrypted' | 'unreadable' | 'too-many-pages'
>;

/** What one run saw and did; counts only (never a file's content). */
export type LegacyPdfReport = {
  /** Stored again as their rebuilt PDF. */
  rebuilt: number;
  /** Refused by the rebuild, by verdict: row and file left as they are (logged each). */
  refused: Record<Refusal, number>;
  /** 'too-slow' or 'busy': left for the next run. */
  leftForLater: number;
  /** The file could not be read or written, or the row not updated (logged each). */
  failed: number;
  /** Deleted or rebuilt by someone else while this run worked on them: nothing to do. */
  changedMeanwhile: number;
  /** The run stopped (its time budget, or the process stopping) before it saw every legacy PDF. */
  unfinished: boolean;
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Rebuilds the PDFs stored as sent (`mime_type` 'application/pdf', `original_sha256` null): each
 * file is read, disarmed by the shared PDF workers (the active-content check, then the rebuild,
 * one file at a time as for an upload), and the rebuilt file is written under a new key before
 * the row is pointed at it in one statement. Rows are visited once per run in `id` order, a
 * batch at a time; the job queue runs one run at a time across processes (a singleton queue),
 * and the row update names the row's old key, so a row purged or rebuilt meanwhile is left as
 * it is and the new file removed.
 */
export async function rebuildLegacyPdfs(deps: {
  db: Database;
  storage: Pick<DocumentStorage, 'get' | 'put' | 'delete'>;
  pdfWorkers: Pick<PdfWorkers, 'disarm'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Stops the run between two documents (the process is stopping). */
  signal?: AbortSignal;
  budgetMs?: number;
}): Promise<LegacyPdfReport> {
  const { db, storage, pdfWorkers, clock, log, signal } = deps;
  const deadline = clock.now().getTime() + (deps.budgetMs ?? LEGACY_PDFS_RUN_BUDGET_MS);
  const report: LegacyPdfReport = {
    rebuilt: 0,
    refused: { active: 0, encrypted: 0, unreadable: 0, 'too-many-pages': 0 },
    leftForLater: 0,
    failed: 0,
    changedMeanwhile: 0,
    unfinished: false,
  };

  /** Removes a rebuilt file that no row came to name; a failure is left to the orphan sweep. */
  const forget = async (key: string, documentId: string) => {
    await storage.delete(key).catch((error: unknown) => {
      log.error({ err: error, key, documentId }, 'could not remove an unused rebuilt PDF');
    });
  };

  const rebuildOne = async (row: { id: string; storageKey: string; sha256: string }) => {
    const stream = await storage.get(row.storageKey);
    if (!stream) {
      report.failed += 1;
      log.error({ documentId: row.id }, 'the stored file of a legacy PDF is missing');
      return;
    }
    const outcome = await pdfWorkers.disarm(await readAll(stream));
    switch (outcome.verdict) {
      case 'rebuilt':
        break;
      case 'too-slow':
      case 'busy':
        report.leftForLater += 1;
        return;
      default:
        report.refused[outcome.verdict] += 1;
        log.error(
          { documentId: row.id, verdict: outcome.verdict },
          'a legacy PDF was refused by the rebuild and is kept as sent',
        );
        return;
    }
    const data = Buffer.from(outcome.data.buffer, outcome.data.byteOffset, outcome.data.byteLength);
    const storageKey = newStorageKey(clock.now());
    try {
      await storage.put(storageKey, data, 'application/pdf');
    } catch (error) {
      // A write that failed or timed out may still have landed.
      await forget(storageKey, row.id);
      throw error;
    }
    let updated: unknown[];
    try {
      // The old file is then named by no row: the orphan sweep (orphan-files.job.ts) deletes it,
      // as it is older than the sweep's grace period. It is not deleted here, so that a crash
      // between writing the new file and this update loses nothing (the new file is then the
      // orphan).
      updated = await db
        .update(documents)
        .set({
          storageKey,
          sha256: sha256(data),
          size: data.length,
          // The file as sent was stored: its hash is the hash of the bytes sent.
          originalSha256: row.sha256,
        })
        .where(
          and(
            eq(documents.id, row.id),
            eq(documents.storageKey, row.storageKey),
            eq(documents.sha256, row.sha256),
            isNull(documents.originalSha256),
          ),
        )
        .returning({ id: documents.id });
    } catch (error) {
      await forget(storageKey, row.id);
      throw error;
    }
    if (updated.length === 0) {
      report.changedMeanwhile += 1;
      await forget(storageKey, row.id);
      return;
    }
    report.rebuilt += 1;
  };

  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({ id: documents.id, storageKey: documents.storageKey, sha256: documents.sha256 })
      .from(documents)
      .where(
        and(
          eq(documents.mimeType, 'application/pdf'),
          isNull(documents.originalSha256),
          after === undefined ? undefined : gt(documents.id, after),
        ),
      )
      .orderBy(asc(documents.id))
      .limit(BATCH);
    for (const row of rows) {
      if (signal?.aborted || clock.now().getTime() >= deadline) {
        report.unfinished = true;
        return report;
      }
      try {
        await rebuildOne(row);
      } catch (error) {
        report.failed += 1;
        log.error({ err: error, documentId: row.id }, 'could not rebuild a legacy PDF');
      }
    }
    if (rows.length < BATCH) return report;
    after = rows[rows.length - 1]!.id;
  }
}
