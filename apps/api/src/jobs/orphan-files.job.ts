import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import { documents } from '@medipay/db/schema';
import type { DocumentStorage } from '../adapters/storage/port';
import type { Clock } from '../lib/clock';

/**
 * An upload writes its file before the row that names it commits, so a young file without a row
 * may be an upload in flight: only files older than this are swept.
 */
export const ORPHAN_FILES_GRACE_MS = 60 * 60 * 1000;
/**
 * The sweep runs once per period of this length across every process (a pg-boss singleton job
 * per period), and once at start-up unless it already ran in the current period.
 */
export const ORPHAN_FILES_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Keys looked up in the database per query. */
const LOOKUP_BATCH = 500;
/** Deletions in flight at once. */
const DELETE_CONCURRENCY = 8;

/**
 * The keys the portal writes: `newStorageKey` (`YYYY/MM/<uuid>`) and its thumbnail (`.thumb`).
 * Anything else in the store (another application's objects in a shared bucket, a file an
 * operator put there) is never touched.
 */
const PORTAL_KEY =
  /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.thumb)?$/;
const THUMBNAIL_SUFFIX = '.thumb';

export function isPortalStorageKey(key: string): boolean {
  return PORTAL_KEY.test(key);
}

/** What one sweep saw and did; counts only (never a file's content). */
export type OrphanSweepReport = {
  /** Objects listed in the store. */
  listed: number;
  /** Objects whose key the portal does not write: left alone. */
  foreign: number;
  /** Objects younger than the grace period: left alone (an upload may be in flight). */
  young: number;
  /** Old objects that a database row names: kept. */
  referenced: number;
  deleted: number;
  /** Deletions that failed (logged each); the next sweep tries again. */
  failed: number;
};

/**
 * Of these keys, the ones a row of `documents` names, as the file (`storage_key`) or as its
 * thumbnail (`thumbnail_key`). Every stored file of the portal is a document version: uploads,
 * thumbnails, selfies, liveness frames, rectification uploads and the demo's files alike.
 * `thumbnail_key` has no index, but the upload names a thumbnail `<storage_key>.thumb`: a
 * thumbnail is looked up through its file's indexed key first, and only a thumbnail not found
 * that way is looked up by `thumbnail_key` itself (rare: a true orphan), so the answer holds
 * even for a row that does not follow the naming.
 */
async function findReferencedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  const bases = keys.map((key) =>
    key.endsWith(THUMBNAIL_SUFFIX) ? key.slice(0, -THUMBNAIL_SUFFIX.length) : key,
  );
  const rows = await db
    .select({ storageKey: documents.storageKey, thumbnailKey: documents.thumbnailKey })
    .from(documents)
    .where(inArray(documents.storageKey, [...new Set(bases)]));
  const referenced = new Set<string>();
  for (const row of rows) {
    referenced.add(row.storageKey);
    if (row.thumbnailKey) referenced.add(row.thumbnailKey);
  }
  const unmatchedThumbnails = keys.filter(
    (key) => key.endsWith(THUMBNAIL_SUFFIX) && !referenced.has(key),
  );
  if (unmatchedThumbnails.length > 0) {
    const named = await db
      .select({ thumbnailKey: documents.thumbnailKey })
      .from(documents)
      .where(inArray(documents.thumbnailKey, unmatchedThumbnails));
    for (const row of named) if (row.thumbnailKey) referenced.add(row.thumbnailKey);
  }
  return referenced;
}

/**
 * Deletes the stored files that no database row names and that are older than the grace period:
 * what an upload left when its process died between writing the file and committing the row,
 * or a purge whose file deletion failed. Reads the store a page at a time and the database a
 * batch at a time. A file is checked against the database after it was found old, so a row
 * committed meanwhile keeps it.
 */
export async function sweepOrphanFiles(deps: {
  db: Database;
  storage: Pick<DocumentStorage, 'list' | 'delete'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  graceMs?: number;
}): Promise<OrphanSweepReport> {
  const { db, storage, clock, log } = deps;
  const olderThan = clock.now().getTime() - (deps.graceMs ?? ORPHAN_FILES_GRACE_MS);
  const report: OrphanSweepReport = {
    listed: 0,
    foreign: 0,
    young: 0,
    referenced: 0,
    deleted: 0,
    failed: 0,
  };

  const settle = async (candidates: string[]) => {
    const referenced = await findReferencedKeys(db, candidates);
    const orphans = candidates.filter((key) => !referenced.has(key));
    report.referenced += candidates.length - orphans.length;
    for (let start = 0; start < orphans.length; start += DELETE_CONCURRENCY) {
      await Promise.all(
        orphans.slice(start, start + DELETE_CONCURRENCY).map(async (key) => {
          try {
            await storage.delete(key);
            report.deleted += 1;
          } catch (error) {
            report.failed += 1;
            log.error({ err: error, key }, 'could not delete an orphan stored file');
          }
        }),
      );
    }
  };

  let batch: string[] = [];
  for await (const object of storage.list()) {
    report.listed += 1;
    if (!isPortalStorageKey(object.key)) {
      report.foreign += 1;
    } else if (object.modifiedAt.getTime() > olderThan) {
      report.young += 1;
    } else {
      batch.push(object.key);
      if (batch.length >= LOOKUP_BATCH) {
        await settle(batch);
        batch = [];
      }
    }
  }
  if (batch.length > 0) await settle(batch);
  return report;
}
