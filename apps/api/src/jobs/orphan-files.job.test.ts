import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applicantSessions, documents } from '@medipay/db/schema';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import { createLocalStorage } from '../adapters/storage/local';
import type { DocumentStorage } from '../adapters/storage/port';
import { createS3Storage } from '../adapters/storage/s3';
import { newStorageKey } from '../modules/documents/intake';
import { createScreening } from '../modules/screening/screening.service';
import { createTestClock } from '../../test/test-clock';
import { LEGACY_PDFS_QUEUE, ORPHAN_FILES_QUEUE, startJobQueue } from './job-queue';
import { isPortalStorageKey, ORPHAN_FILES_GRACE_MS, sweepOrphanFiles } from './orphan-files.job';

const HOUR = 60 * 60 * 1000;
const root = mkdtempSync(join(tmpdir(), 'medipay-orphans-'));
let database: TestDatabase;
let s3: S3rver;
let s3Port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(root, 's3'),
    configureBuckets: [{ name: 'orphans', configs: [] }],
  });
  s3Port = ((await s3.run()) as { port: number }).port;
});

afterAll(async () => {
  await s3.close();
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

const log = { error: vi.fn() };

async function newSession(): Promise<string> {
  const id = `sess_${randomUUID()}`;
  await database.db.insert(applicantSessions).values({ id, flow: 'PF' });
  return id;
}

/** A document row naming a stored file (and its thumbnail, when given). */
async function insertDocumentRow(storageKey: string, thumbnailKey: string | null = null) {
  await database.db.insert(documents).values({
    flow: 'PF',
    sessionId: await newSession(),
    field: 'docIdentidadeFrente',
    storageKey,
    thumbnailKey,
    sha256: 'a'.repeat(64),
    size: 5,
    mimeType: 'image/jpeg',
    originalName: 'rg.jpg',
    uploadedBy: 'applicant',
  });
}

async function listKeys(storage: DocumentStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

const jpeg = Buffer.from('not really a jpeg');

describe('the keys the sweep may touch', () => {
  it("are exactly the ones an upload writes: the file's key and its thumbnail's", () => {
    const key = newStorageKey(new Date('2026-11-22T12:00:00Z'));
    expect(isPortalStorageKey(key)).toBe(true);
    expect(isPortalStorageKey(`${key}.thumb`)).toBe(true);
    expect(isPortalStorageKey(`${key}.bak`)).toBe(false);
    expect(isPortalStorageKey('backups/2026/11/dump.sql')).toBe(false);
    expect(isPortalStorageKey('2026/11/readme.txt')).toBe(false);
  });
});

describe('the orphan-file sweep on local storage (aged by the files’ mtime)', () => {
  it('deletes only old files that no row names', async () => {
    const storage = createLocalStorage(join(root, 'local'));
    const now = new Date();
    const clock = createTestClock(now);
    const key = () => newStorageKey(now);
    const age = (storageKey: string, ms: number) => {
      const when = new Date(now.getTime() - ms);
      utimesSync(join(root, 'local', storageKey), when, when);
    };

    // What a killed upload leaves: old files, one with its thumbnail, and no row.
    const orphan = key();
    const orphanThumb = `${orphan}.thumb`;
    // An upload in flight: its file is written, its row not committed yet.
    const inFlight = key();
    // Documents with rows: a file and its thumbnail, and one whose thumbnail row is named oddly.
    const referenced = key();
    const referencedThumb = `${referenced}.thumb`;
    const oddThumbOwner = key();
    const oddThumb = `${key()}.thumb`;
    // A thumbnail whose file has a row that names no thumbnail.
    const noThumbOwner = key();
    const strayThumb = `${noThumbOwner}.thumb`;
    // Not a key the portal writes: never touched, however old.
    const foreign = 'exports/2026-report.csv';

    for (const stored of [
      orphan,
      orphanThumb,
      inFlight,
      referenced,
      referencedThumb,
      oddThumbOwner,
      oddThumb,
      noThumbOwner,
      strayThumb,
      foreign,
    ]) {
      await storage.put(stored, jpeg, 'image/jpeg');
    }
    await insertDocumentRow(referenced, referencedThumb);
    await insertDocumentRow(oddThumbOwner, oddThumb);
    await insertDocumentRow(noThumbOwner);
    for (const stored of [
      orphan,
      orphanThumb,
      referenced,
      referencedThumb,
      oddThumbOwner,
      noThumbOwner,
    ]) {
      age(stored, 3 * HOUR);
    }
    age(oddThumb, 2 * HOUR);
    age(strayThumb, 2 * HOUR);
    age(foreign, 300 * 24 * HOUR);
    age(inFlight, ORPHAN_FILES_GRACE_MS - 60_000);

    const report = await sweepOrphanFiles({ db: database.db, storage, clock, log });

    expect(report).toEqual({
      listed: 10,
      foreign: 1,
      young: 1,
      referenced: 5,
      deleted: 3,
      failed: 0,
    });
    expect(await listKeys(storage)).toEqual(
      [
        inFlight,
        referenced,
        referencedThumb,
        oddThumbOwner,
        oddThumb,
        noThumbOwner,
        foreign,
      ].sort(),
    );
    expect(log.error).not.toHaveBeenCalled();

    // Later the in-flight file is old and still has no row: the next sweep takes it.
    clock.advance(2 * HOUR);
    const later = await sweepOrphanFiles({ db: database.db, storage, clock, log });
    expect(later).toMatchObject({ listed: 7, young: 0, referenced: 5, deleted: 1 });
    expect(await listKeys(storage)).not.toContain(inFlight);
  });

  it('keeps a file whose row committed while the sweep ran, and sweeps nothing of a new store', async () => {
    const base = join(root, 'racing');
    const storage = createLocalStorage(base);
    const clock = createTestClock(new Date(Date.now() + 2 * HOUR));
    expect(await sweepOrphanFiles({ db: database.db, storage, clock, log })).toMatchObject({
      listed: 0,
      deleted: 0,
    });

    const late = newStorageKey(new Date());
    await storage.put(late, jpeg, 'image/jpeg');
    // The row commits after the file was listed as old and before the database is asked.
    const racing: DocumentStorage = {
      ...storage,
      list: async function* () {
        for await (const object of storage.list()) {
          yield object;
          await insertDocumentRow(late);
        }
      },
    };
    const report = await sweepOrphanFiles({ db: database.db, storage: racing, clock, log });
    expect(report).toMatchObject({ listed: 1, referenced: 1, deleted: 0 });
    expect(readdirSync(join(base, late.slice(0, 7)))).toEqual([late.slice(8)]);
  });

  it('logs a failed deletion with its key and goes on with the others', async () => {
    const storage = createLocalStorage(join(root, 'failing'));
    const clock = createTestClock(new Date(Date.now() + 2 * HOUR));
    const stuck = newStorageKey(new Date());
    const other = newStorageKey(new Date());
    await storage.put(stuck, jpeg, 'image/jpeg');
    await storage.put(other, jpeg, 'image/jpeg');
    const failing: DocumentStorage = {
      ...storage,
      delete: async (key) => {
        if (key === stuck) throw new Error('disk busy');
        await storage.delete(key);
      },
    };
    const errors = { error: vi.fn() };
    const report = await sweepOrphanFiles({
      db: database.db,
      storage: failing,
      clock,
      log: errors,
    });
    expect(report).toMatchObject({ listed: 2, deleted: 1, failed: 1 });
    expect(errors.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'disk busy' }), key: stuck },
      'could not delete an orphan stored file',
    );
    expect(await listKeys(storage)).toEqual([stuck]);
  });
});

describe('the orphan-file sweep on an S3 bucket (aged by the clock)', () => {
  it('deletes only old objects that no row names', async () => {
    const storage = createS3Storage({
      bucket: 'orphans',
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const orphan = newStorageKey(new Date());
    const referenced = newStorageKey(new Date());
    const foreign = 'other-app/2026/11/object';
    for (const key of [orphan, `${orphan}.thumb`, referenced, `${referenced}.thumb`, foreign]) {
      await storage.put(key, jpeg, 'image/jpeg');
    }
    await insertDocumentRow(referenced, `${referenced}.thumb`);

    // Just written: everything is young, nothing goes.
    const clock = createTestClock(new Date());
    expect(await sweepOrphanFiles({ db: database.db, storage, clock, log })).toMatchObject({
      listed: 5,
      foreign: 1,
      young: 4,
      deleted: 0,
    });

    clock.advance(ORPHAN_FILES_GRACE_MS + 60_000);
    expect(await sweepOrphanFiles({ db: database.db, storage, clock, log })).toEqual({
      listed: 5,
      foreign: 1,
      young: 0,
      referenced: 2,
      deleted: 2,
      failed: 0,
    });
    expect(await listKeys(storage)).toEqual([referenced, `${referenced}.thumb`, foreign].sort());
  });
});

describe('the orphan-file sweep through the job queue', () => {
  it('runs once for two processes that start on the same database, and not again on restart', async () => {
    const sweeps: number[] = [];
    let listing = 0;
    // A store whose listing is counted: one listing is one sweep.
    const storage = {
      list: async function* () {
        listing += 1;
        sweeps.push(listing);
        yield* [];
      },
      delete: async () => {},
      get: async () => null,
      put: async () => {},
    };
    const info = vi.fn();
    const logger = {
      info,
      error: vi.fn(),
      warn: vi.fn(),
      debug: vi.fn(),
      trace: vi.fn(),
      fatal: vi.fn(),
      child: () => logger,
      level: 'info',
      silent: vi.fn(),
    } as unknown as FastifyBaseLogger;
    const start = () =>
      startJobQueue({
        database,
        webhooks: { deliverDue: async () => 0 },
        deliverer: { deliver: async () => 'skipped' },
        screening: createScreening({ db: database.db, clock: createTestClock(new Date()) }),
        extraction: {
          request: async () => null,
          run: async () => {},
          latestFor: async () => null,
          runPending: async () => 0,
        },
        medipayAccounts: { run: async () => 'done', strandedIds: async () => [] },
        storage,
        clock: createTestClock(new Date()),
        log: logger,
      });

    const jobStates = async (queue: string) =>
      (await database.executeSql('select state from pgboss.job where name = $1', [queue])).rows.map(
        (row) => (row as { state: string }).state,
      );
    const orphanJobStates = () => jobStates(ORPHAN_FILES_QUEUE);

    const first = await start();
    const second = await start();
    try {
      // Both processes asked for the sweep at start-up; the database holds one job for the
      // period, and once it is done there is none left for the other process to take.
      await vi.waitFor(async () => expect(await orphanJobStates()).toEqual(['completed']), {
        timeout: 20_000,
        interval: 200,
      });
      expect(sweeps).toHaveLength(1);
      expect(info).toHaveBeenCalledWith(
        { listed: 0, foreign: 0, young: 0, referenced: 0, deleted: 0, failed: 0 },
        'orphan stored files swept',
      );
      // The rebuild of legacy PDFs is asked for the same way: one run for both processes
      // (this database has no PDF stored as sent).
      await vi.waitFor(
        async () => expect(await jobStates(LEGACY_PDFS_QUEUE)).toEqual(['completed']),
        { timeout: 20_000, interval: 200 },
      );
      const legacyRuns = info.mock.calls.filter(
        ([, message]) => message === 'legacy stored PDFs rebuilt',
      );
      expect(legacyRuns).toEqual([
        [
          {
            rebuilt: 0,
            refused: { active: 0, encrypted: 0, unreadable: 0, 'too-many-pages': 0 },
            leftForLater: 0,
            failed: 0,
            changedMeanwhile: 0,
            unfinished: false,
          },
          'legacy stored PDFs rebuilt',
        ],
      ]);
    } finally {
      await second.stop();
      await first.stop();
    }

    // A process that starts again within the same period finds the period's sweep done.
    const restarted = await start();
    try {
      // Its start-up request added no job beside the period's completed one.
      expect(await orphanJobStates()).toEqual(['completed']);
      expect(await jobStates(LEGACY_PDFS_QUEUE)).toEqual(['completed']);
      expect(sweeps).toHaveLength(1);
    } finally {
      await restarted.stop();
    }
  }, 60_000);
});
