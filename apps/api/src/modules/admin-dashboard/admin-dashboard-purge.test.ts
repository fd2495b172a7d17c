import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminActions,
  adminUsers,
  applicantSessions,
  documents,
  onboardingPf,
  onboardingPj,
  otpChallenges,
  outbox,
  sessionHandoffs,
  verificationResults,
} from '@medipay/db/schema';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import {
  ABANDONED_SESSION_IDLE_MS,
  ABANDONED_SESSION_PURGE_AFTER_MS,
  adminAuditActions,
} from '@medipay/shared/admin';
import { createLocalStorage } from '../../adapters/storage/local';
import type { DocumentStorage } from '../../adapters/storage/port';
import { createTestClock } from '../../../test/test-clock';
import {
  createAdminDashboard,
  SYSTEM_ACTOR_EMAIL,
  type AdminDashboard,
  type StoredFileRemover,
} from './admin-dashboard.service';

const now = new Date('2026-11-22T12:00:00.000Z');
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const clock = createTestClock(now);

const root = mkdtempSync(join(tmpdir(), 'medipay-purge-'));
const storage: DocumentStorage = createLocalStorage(root);
/** Deleted keys, and whether each document row was already gone (committed) when its file went. */
const deletions: { key: string; rowGone: boolean }[] = [];
/** Keys whose deletion fails. */
const failingKeys = new Set<string>();

let database: TestDatabase;
let admin: { id: string; email: string };
let sequence = 0;

const log = {
  info: vi.fn(),
  warn: vi.fn(),
  error: vi.fn(),
  debug: vi.fn(),
  child: () => log,
} as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

/** The real local storage's delete, recording each call (and failing for chosen keys). */
const remover: StoredFileRemover = {
  delete: async (key) => {
    const rows = await database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.storageKey, key.replace(/\.thumb$/, '')));
    deletions.push({ key, rowGone: rows.length === 0 });
    if (failingKeys.has(key)) throw new Error('storage unavailable');
    await storage.delete(key);
  },
};

function service(batchSize: number): AdminDashboard {
  return createAdminDashboard({ db: database.db, storage: remover, clock, log, batchSize });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [row] = await database.db
    .insert(adminUsers)
    .values({
      email: 'ana@medipay.example',
      username: 'ana',
      name: 'Ana Admin',
      passwordHash: 'not-a-real-hash',
      role: 'admin_master',
    })
    .returning();
  admin = { id: row!.id, email: row!.email };
});
afterAll(async () => {
  await database.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  const db = database.db;
  await db.delete(verificationResults);
  await db.delete(otpChallenges);
  await db.delete(sessionHandoffs);
  await db.delete(documents);
  await db.delete(onboardingPf);
  await db.delete(onboardingPj);
  await db.delete(applicantSessions);
  await db.delete(adminActions);
  await db.delete(outbox);
  deletions.length = 0;
  failingKeys.clear();
  log.error.mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Fixture = { id: string; keys: string[] };

/** A session seen `idleMs` ago, with two stored documents (one with a thumbnail), checks, a code and a hand-off. */
async function sessionWithData(
  idleMs: number,
  application?: 'PF' | 'PJ',
  flow: 'PF' | 'PJ' = application ?? 'PF',
): Promise<Fixture> {
  const db = database.db;
  sequence += 1;
  const id = `${flow === 'PF' ? 'sess' : 'pj'}_purge_${sequence}`;
  const seenAt = new Date(now.getTime() - idleMs);
  await db.insert(applicantSessions).values({ id, flow, createdAt: seenAt, lastSeenAt: seenAt });
  if (application === 'PF') await db.insert(onboardingPf).values({ sessionId: id });
  if (application === 'PJ') await db.insert(onboardingPj).values({ sessionId: id });

  const keys: string[] = [];
  const documentIds: string[] = [];
  for (const [field, thumbnail] of [
    ['docIdentidadeFrente', true],
    ['comprovanteResidencia', false],
  ] as const) {
    const storageKey = `2026/11/${randomUUID()}`;
    const thumbnailKey = thumbnail ? `${storageKey}.thumb` : null;
    await storage.put(storageKey, Buffer.from(`file of ${id}`), 'image/jpeg');
    keys.push(storageKey);
    if (thumbnailKey) {
      await storage.put(thumbnailKey, Buffer.from(`thumbnail of ${id}`), 'image/webp');
      keys.push(thumbnailKey);
    }
    const [document] = await db
      .insert(documents)
      .values({
        flow,
        sessionId: id,
        field,
        storageKey,
        thumbnailKey,
        sha256: 'ab'.repeat(32),
        size: 10,
        mimeType: 'image/jpeg',
        originalName: 'foto.jpg',
        uploadedBy: 'applicant',
        createdAt: seenAt,
      })
      .returning();
    documentIds.push(document!.id);
  }
  await db.insert(verificationResults).values([
    { sessionId: id, documentId: documentIds[0], check: 'extraction', status: 'done' },
    { sessionId: id, check: 'liveness', status: 'done' },
  ]);
  await db.insert(otpChallenges).values({
    sessionId: id,
    channel: 'email',
    destination: `${id}@example.com`,
    codeHash: 'hash',
    expiresAt: new Date(seenAt.getTime() + 5 * 60_000),
  });
  await db.insert(sessionHandoffs).values({
    sessionId: id,
    tokenHash: `token-${id}`,
    expiresAt: new Date(seenAt.getTime() + hour),
  });
  return { id, keys };
}

async function many(count: number, make: () => Promise<Fixture>): Promise<Fixture[]> {
  const made: Fixture[] = [];
  for (let index = 0; index < count; index += 1) made.push(await make());
  return made;
}

/** Rows referring to the sessions, per table. */
async function rowsOf(ids: string[]) {
  const db = database.db;
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    sessions: await count(
      db.select().from(applicantSessions).where(inArray(applicantSessions.id, ids)),
    ),
    documents: await count(db.select().from(documents).where(inArray(documents.sessionId, ids))),
    verificationResults: await count(
      db.select().from(verificationResults).where(inArray(verificationResults.sessionId, ids)),
    ),
    otpChallenges: await count(
      db.select().from(otpChallenges).where(inArray(otpChallenges.sessionId, ids)),
    ),
    sessionHandoffs: await count(
      db.select().from(sessionHandoffs).where(inArray(sessionHandoffs.sessionId, ids)),
    ),
  };
}

const none = {
  sessions: 0,
  documents: 0,
  verificationResults: 0,
  otpChallenges: 0,
  sessionHandoffs: 0,
};
const full = (sessions: number) => ({
  sessions,
  documents: 2 * sessions,
  verificationResults: 2 * sessions,
  otpChallenges: sessions,
  sessionHandoffs: sessions,
});
const idsOf = (fixtures: Fixture[]) => fixtures.map((fixture) => fixture.id);
const keysOf = (fixtures: Fixture[]) => fixtures.flatMap((fixture) => fixture.keys);
const onDisk = (keys: string[]) => keys.filter((key) => existsSync(join(root, key)));

async function auditRows() {
  return database.db
    .select()
    .from(adminActions)
    .where(eq(adminActions.action, adminAuditActions.abandonedPurged));
}

describe("the administrator's purge of abandoned sessions", () => {
  it('removes the abandoned sessions with their rows and files, in batches, and audits once', async () => {
    const abandoned = await many(5, () => sessionWithData(10 * day));
    abandoned.push(await sessionWithData(ABANDONED_SESSION_IDLE_MS + 1, undefined, 'PJ'));
    const kept = [
      await sessionWithData(10 * day, 'PF'),
      await sessionWithData(10 * day, 'PJ'),
      await sessionWithData(ABANDONED_SESSION_IDLE_MS),
      await sessionWithData(hour),
    ];
    await database.db.insert(outbox).values({
      channel: 'email',
      template: 'otp-code',
      recipient: 'someone@example.com',
      data: {},
      idempotencyKey: 'otp:kept',
    });
    const transaction = vi.spyOn(database.db, 'transaction');

    const result = await service(4).purgeAbandonedSessions({ ...admin, ip: '10.0.0.7' });

    expect(result).toEqual({ removed: 6 });
    // 4 + 2 sessions: the second batch is short, so it is the last.
    expect(transaction).toHaveBeenCalledTimes(2);
    expect(await rowsOf(idsOf(abandoned))).toEqual(none);
    expect(onDisk(keysOf(abandoned))).toEqual([]);
    expect(deletions.map((deletion) => deletion.key).sort()).toEqual(keysOf(abandoned).sort());
    expect(deletions.every((deletion) => deletion.rowGone)).toBe(true);

    expect(await rowsOf(idsOf(kept))).toEqual(full(4));
    expect(onDisk(keysOf(kept))).toEqual(keysOf(kept));
    expect(await database.db.select().from(onboardingPf)).toHaveLength(1);
    expect(await database.db.select().from(onboardingPj)).toHaveLength(1);
    expect(await database.db.select().from(outbox)).toHaveLength(1);

    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminUserId: admin.id,
      adminEmail: admin.email,
      observacoes: '6 sessões abandonadas removidas',
      ip: '10.0.0.7',
      onboardingId: null,
    });
    expect(log.error).not.toHaveBeenCalled();

    const again = await service(4).purgeAbandonedSessions(admin);
    expect(again).toEqual({ removed: 0 });
    expect((await auditRows()).map((row) => row.observacoes)).toContain(
      '0 sessões abandonadas removidas',
    );
  });

  it('ends with an empty batch when the sessions fill the batches exactly', async () => {
    const abandoned = await many(4, () => sessionWithData(2 * day));
    const transaction = vi.spyOn(database.db, 'transaction');

    expect(await service(2).purgeAbandonedSessions(admin)).toEqual({ removed: 4 });

    expect(transaction).toHaveBeenCalledTimes(3);
    expect(await rowsOf(idsOf(abandoned))).toEqual(none);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.observacoes).toBe('4 sessões abandonadas removidas');
  });

  it('logs a file that cannot be deleted and goes on', async () => {
    const abandoned = await many(2, () => sessionWithData(2 * day));
    const stuck = abandoned[0]!.keys[0]!;
    failingKeys.add(stuck);

    expect(await service(500).purgeAbandonedSessions(admin)).toEqual({ removed: 2 });

    expect(await rowsOf(idsOf(abandoned))).toEqual(none);
    expect(onDisk(keysOf(abandoned))).toEqual([stuck]);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ key: stuck, err: expect.any(Error) }),
      'could not delete a stored file of a purged session',
    );
    expect(await auditRows()).toHaveLength(1);
  });

  it('audits what earlier batches removed when a later batch fails, and fails', async () => {
    const abandoned = await many(3, () => sessionWithData(2 * day));
    const db = database.db;
    const original = db.transaction.bind(db);
    let calls = 0;
    vi.spyOn(db, 'transaction').mockImplementation(((...args: Parameters<typeof original>) => {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error('connection lost'));
      return original(...args);
    }) as typeof original);

    await expect(service(2).purgeAbandonedSessions(admin)).rejects.toThrow('connection lost');

    expect((await rowsOf(idsOf(abandoned))).sessions).toBe(1);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.observacoes).toBe(
      '2 sessões abandonadas removidas (limpeza interrompida por erro)',
    );
  });
});

describe('a purge next to applicants at work', () => {
  // Needs a second connection: PostgreSQL only (PGlite has one).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps a session whose first step is being saved, and does not wait for it',
    async () => {
      const saving = await sessionWithData(2 * day);
      const gone = await sessionWithData(2 * day);
      const applicant = new pg.Client({ connectionString: database.url });
      await applicant.connect();
      try {
        await applicant.query('begin');
        await applicant.query('insert into onboarding_pf (session_id) values ($1)', [saving.id]);

        expect(await service(500).purgeAbandonedSessions(admin)).toEqual({ removed: 1 });

        await applicant.query('commit');
      } finally {
        await applicant.end();
      }
      expect(await rowsOf([saving.id])).toEqual(full(1));
      expect(onDisk(saving.keys)).toEqual(saving.keys);
      expect(await rowsOf([gone.id])).toEqual(none);
    },
  );
});

describe("the daily job's purge", () => {
  it('removes only sessions idle for longer than the purge delay, audited as the system', async () => {
    const expired = await many(3, () => sessionWithData(ABANDONED_SESSION_PURGE_AFTER_MS + 1));
    const idle = await many(2, () => sessionWithData(2 * day));
    const withApplication = await sessionWithData(30 * day, 'PF');

    expect(await service(2).purgeExpiredSessions()).toBe(3);

    expect(await rowsOf(idsOf(expired))).toEqual(none);
    expect(onDisk(keysOf(expired))).toEqual([]);
    expect(await rowsOf([...idsOf(idle), withApplication.id])).toEqual(full(3));
    expect(onDisk(keysOf([...idle, withApplication]))).toHaveLength(9);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminUserId: null,
      adminEmail: SYSTEM_ACTOR_EMAIL,
      observacoes: '3 sessões abandonadas removidas',
      ip: null,
    });
  });
});
