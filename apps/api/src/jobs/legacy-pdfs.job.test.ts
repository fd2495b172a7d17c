import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applicantSessions, documents } from '@medipay/db/schema';
import { createDocumentStorage } from '../adapters/storage';
import type { DocumentStorage } from '../adapters/storage/port';
import type { Database } from '@medipay/db/client';
import { newStorageKey } from '../modules/documents/intake';
import type { PdfDisarm } from '../modules/documents/pdf-rebuild';
import { createPdfWorkers, type PdfWorkers } from '../modules/documents/pdf-workers';
import { adminSession } from '../../test/admin';
import { activeContentByPdfJs } from '../../test/pdf-reader';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { isPortalStorageKey } from './orphan-files.job';
import { rebuildLegacyPdfs, type LegacyPdfReport } from './legacy-pdfs.job';

type Row = typeof documents.$inferSelect;

let t: TestApp;
let storage: DocumentStorage;
let workers: PdfWorkers;

beforeAll(async () => {
  t = await createTestApp();
  // The app's own store (its DATA_DIR), as the job queue gets it.
  storage = await createDocumentStorage(t.env);
  workers = createPdfWorkers();
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

const fixture = (file: string) =>
  readFileSync(join(import.meta.dirname, '../../test/fixtures/pdf', file));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const clock = createTestClock(new Date());

async function read(key: string): Promise<Buffer | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A document row as stored before uploads were rebuilt (no `original_sha256`), and its file. */
async function storeRow(
  data: Buffer,
  mimeType: string,
  originalSha256: string | null = null,
): Promise<Row> {
  const sessionId = `sess_${randomUUID()}`;
  await t.database.db.insert(applicantSessions).values({ id: sessionId, flow: 'PF' });
  const storageKey = newStorageKey(new Date('2026-03-10T12:00:00Z'));
  await storage.put(storageKey, data, mimeType);
  const [row] = await t.database.db
    .insert(documents)
    .values({
      flow: 'PF',
      sessionId,
      field: 'comprovanteResidencia',
      storageKey,
      sha256: sha256(data),
      originalSha256,
      size: data.length,
      mimeType,
      originalName: mimeType === 'application/pdf' ? 'conta.pdf' : 'conta.jpg',
      uploadedBy: 'applicant',
    })
    .returning();
  return row!;
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(documents).where(eq(documents.id, id));
  return row;
}

const nothing: LegacyPdfReport = {
  rebuilt: 0,
  refused: { active: 0, encrypted: 0, unreadable: 0, 'too-many-pages': 0 },
  leftForLater: 0,
  failed: 0,
  changedMeanwhile: 0,
  unfinished: false,
};

/** Disarm outcomes in order, without a worker: for the paths the real files do not take. */
const cannedWorkers = (...outcomes: PdfDisarm[]) => ({
  disarm: vi.fn(async () => outcomes.shift() ?? { verdict: 'unreadable' as const }),
});

describe('the rebuild of PDFs stored as sent', () => {
  it('rebuilds a harmless legacy PDF, keeps an active one, and leaves images and new rows alone', async () => {
    const plain = fixture('plain.pdf');
    const harmless = await storeRow(plain, 'application/pdf');
    const active = await storeRow(fixture('objstm-openaction-javascript.pdf'), 'application/pdf');
    const image = await storeRow(Buffer.from('a re-encoded photo'), 'image/jpeg');
    const newStyle = await storeRow(
      Buffer.from('%PDF-1.7 rebuilt'),
      'application/pdf',
      'b'.repeat(64),
    );
    const log = { error: vi.fn() };

    // Until it is rebuilt, the PDF as sent is not served.
    const admin = await adminSession(t);
    const asSent = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${harmless.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(asSent.statusCode).toBe(409);
    expect(asSent.json().message).toBe(
      'Este PDF ainda não foi verificado e não pode ser aberto. Tente novamente mais tarde.',
    );

    const report = await rebuildLegacyPdfs({
      db: t.database.db,
      storage,
      pdfWorkers: workers,
      clock,
      log,
    });

    expect(report).toEqual({ ...nothing, rebuilt: 1, refused: { ...nothing.refused, active: 1 } });
    const rebuilt = (await rowOf(harmless.id))!;
    expect(rebuilt.storageKey).not.toBe(harmless.storageKey);
    expect(isPortalStorageKey(rebuilt.storageKey)).toBe(true);
    const stored = (await read(rebuilt.storageKey))!;
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(stored.equals(plain)).toBe(false);
    expect((await activeContentByPdfJs(stored)).pages).toBe(1);
    expect(rebuilt).toEqual({
      ...harmless,
      storageKey: rebuilt.storageKey,
      sha256: sha256(stored),
      size: stored.length,
      originalSha256: harmless.sha256,
      thumbnailKey: null,
    });
    // The file as sent stays until the orphan sweep finds that no row names it.
    expect((await read(harmless.storageKey))!.equals(plain)).toBe(true);

    // The document's route serves the rebuilt file.
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${harmless.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(stored)).toBe(true);

    // The active PDF is left as it is, and said once, by id and verdict.
    expect(await rowOf(active.id)).toEqual(active);
    expect(
      (await read(active.storageKey))!.equals(fixture('objstm-openaction-javascript.pdf')),
    ).toBe(true);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      { documentId: active.id, verdict: 'active' },
      'a legacy PDF was refused by the rebuild and is kept as sent',
    );
    expect(await rowOf(image.id)).toEqual(image);
    expect(await rowOf(newStyle.id)).toEqual(newStyle);

    // A second run rebuilds nothing more: only the active PDF is still as sent, and refused again.
    const again = await rebuildLegacyPdfs({
      db: t.database.db,
      storage,
      pdfWorkers: workers,
      clock,
      log,
    });
    expect(again).toEqual({ ...nothing, refused: { ...nothing.refused, active: 1 } });
    expect(await rowOf(harmless.id)).toEqual(rebuilt);
    expect(await rowOf(active.id)).toEqual(active);

    await forgetLegacy();
  });

  it('leaves a PDF for the next run when the workers are busy or too slow, and counts refusals by verdict', async () => {
    const rows = await Promise.all(
      [1, 2, 3, 4].map((n) => storeRow(Buffer.from(`%PDF-1.4 legacy ${n}`), 'application/pdf')),
    );
    const log = { error: vi.fn() };
    const report = await rebuildLegacyPdfs({
      db: t.database.db,
      storage,
      pdfWorkers: cannedWorkers(
        { verdict: 'busy' },
        { verdict: 'too-slow' },
        { verdict: 'encrypted' },
        { verdict: 'too-many-pages', pages: 51 },
      ),
      clock,
      log,
    });
    expect(report).toEqual({
      ...nothing,
      refused: { ...nothing.refused, encrypted: 1, 'too-many-pages': 1 },
      leftForLater: 2,
    });
    for (const row of rows) expect(await rowOf(row.id)).toEqual(row);
    expect(log.error).toHaveBeenCalledTimes(2);
    await forgetLegacy();
  });

  it('removes the rebuilt file when the row cannot be updated or changed meanwhile', async () => {
    // Rows are visited in id order: the first one's update fails, the second is purged while
    // its file is rebuilt.
    const [failing, purged] = (
      await Promise.all(
        [1, 2].map((n) => storeRow(Buffer.from(`%PDF-1.4 failing ${n}`), 'application/pdf')),
      )
    ).sort((a, b) => a.id.localeCompare(b.id)) as [Row, Row];
    const written: string[] = [];
    const deleted: string[] = [];
    const recording: DocumentStorage = {
      ...storage,
      put: async (key, data, type) => {
        written.push(key);
        await storage.put(key, data, type);
      },
      delete: async (key) => {
        deleted.push(key);
        await storage.delete(key);
      },
    };
    const db = Object.create(t.database.db, {
      update: {
        value: (...args: Parameters<Database['update']>) => {
          if (written.length === 1) throw new Error('database unavailable');
          return t.database.db.update(...args);
        },
      },
    }) as Database;
    const disarm = vi.fn(async (): Promise<PdfDisarm> => {
      if (disarm.mock.calls.length === 2) {
        await t.database.db.delete(documents).where(eq(documents.id, purged.id));
      }
      return {
        verdict: 'rebuilt',
        data: new Uint8Array(Buffer.from('%PDF-1.7 rebuilt')),
        pages: 1,
      };
    });
    const log = { error: vi.fn() };

    const report = await rebuildLegacyPdfs({
      db,
      storage: recording,
      pdfWorkers: { disarm },
      clock,
      log,
    });

    expect(report).toEqual({ ...nothing, failed: 1, changedMeanwhile: 1 });
    expect(written).toHaveLength(2);
    expect(deleted).toEqual(written);
    for (const key of written) expect(await read(key)).toBeNull();
    expect(log.error).toHaveBeenCalledExactlyOnceWith(
      { err: expect.objectContaining({ message: 'database unavailable' }), documentId: failing.id },
      'could not rebuild a legacy PDF',
    );
    expect(await rowOf(failing.id)).toEqual(failing);
    expect(await read(failing.storageKey)).not.toBeNull();
    await forgetLegacy();
  });

  it('stops between two documents when the process stops, and says it did not finish', async () => {
    const rows = await Promise.all(
      [1, 2].map((n) => storeRow(Buffer.from(`%PDF-1.4 stopping ${n}`), 'application/pdf')),
    );
    const stopping = new AbortController();
    const disarm = vi.fn(async (): Promise<PdfDisarm> => {
      stopping.abort();
      return { verdict: 'busy' };
    });
    const report = await rebuildLegacyPdfs({
      db: t.database.db,
      storage,
      pdfWorkers: { disarm },
      clock,
      log: { error: vi.fn() },
      signal: stopping.signal,
    });
    expect(report).toEqual({ ...nothing, leftForLater: 1, unfinished: true });
    expect(disarm).toHaveBeenCalledTimes(1);
    for (const row of rows) expect(await rowOf(row.id)).toEqual(row);
    await forgetLegacy();
  });
});

/** Marks every remaining legacy PDF as rebuilt, so that the next test starts with none. */
async function forgetLegacy() {
  await t.database.db
    .update(documents)
    .set({ originalSha256: sql`${documents.sha256}` })
    .where(and(eq(documents.mimeType, 'application/pdf'), isNull(documents.originalSha256)));
}
