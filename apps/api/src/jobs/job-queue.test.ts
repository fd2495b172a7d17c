import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import { createTestClock } from '../../test/test-clock';
import { createScreening } from '../modules/screening/screening.service';
import {
  EXTRACTION_QUEUE,
  LEGACY_PDFS_QUEUE,
  MEDIPAY_ACCOUNT_QUEUE,
  ORPHAN_FILES_QUEUE,
  OUTBOX_QUEUE,
  SCREENING_QUEUE,
  startJobQueue,
  type JobQueue,
} from './job-queue';

/**
 * Two "processes" on one database: each a job queue of its own (on PostgreSQL over the same
 * pool, on PGlite over the one connection; pg-boss treats them as two instances either way).
 */
let database: TestDatabase;
const started: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  for (const queue of started.splice(0)) await queue.stop({ timeoutMs: 1000 });
});

afterAll(async () => {
  await database.close();
});

const silentLog = {
  info: vi.fn(),
  error: vi.fn(),
  warn: vi.fn(),
  debug: vi.fn(),
  trace: vi.fn(),
  fatal: vi.fn(),
  child: () => silentLog,
  level: 'info',
  silent: vi.fn(),
} as unknown as FastifyBaseLogger;

/** A process whose outbox deliveries run `deliver`. */
async function startProcess(
  deliver: (id: string) => Promise<void>,
  on: DatabaseHandle = database,
): Promise<JobQueue> {
  const queue = await startJobQueue({
    database: on,
    webhooks: { deliverDue: async () => 0 },
    deliverer: {
      deliver: async (id) => {
        await deliver(id);
        return 'sent';
      },
    },
    screening: createScreening({ db: on.db, clock: createTestClock(new Date()) }),
    extraction: {
      request: async () => null,
      run: async () => {},
      latestFor: async () => null,
      runPending: async () => 0,
    },
    medipayAccounts: { run: async () => 'done', strandedIds: async () => [] },
    storage: {
      list: async function* () {},
      delete: async () => {},
      get: async () => null,
      put: async () => {},
    },
    clock: createTestClock(new Date()),
    log: silentLog,
  });
  started.push(queue);
  return queue;
}

async function outboxJob(id: string): Promise<{ state: string; retry_count: number }> {
  const { rows } = await database.executeSql(
    `select state, retry_count from pgboss.job where name = $1 and data->>'id' = $2`,
    [OUTBOX_QUEUE, id],
  );
  expect(rows).toHaveLength(1);
  return rows[0] as { state: string; retry_count: number };
}

/** The wait between two tries (10 s and more) is not what these tests are about. */
async function skipRetryWait() {
  await database.executeSql(
    `update pgboss.job set start_after = now() where name = $1 and state = 'retry'`,
    [OUTBOX_QUEUE],
  );
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('the job queue across processes', () => {
  it('stops after the job in progress: the job completes and is not run again', async () => {
    const runs: string[] = [];
    const first = await startProcess(async (id) => {
      runs.push(`first:${id}`);
      await new Promise((resolve) => setTimeout(resolve, 1500));
    });
    await first.enqueueDelivery('msg-graceful');
    await vi.waitFor(() => expect(runs).toEqual(['first:msg-graceful']), {
      timeout: 20_000,
      interval: 100,
    });

    const stopping = Date.now();
    await first.stop();
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(500);
    expect(await outboxJob('msg-graceful')).toMatchObject({ state: 'completed', retry_count: 0 });

    await startProcess(async (id) => void runs.push(`second:${id}`));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(runs).toEqual(['first:msg-graceful']);
  }, 60_000);

  it('hands a job still running when the stop gives up to another process', async () => {
    const hang = deferred();
    const runs: string[] = [];
    const first = await startProcess(async (id) => {
      runs.push(`first:${id}`);
      await hang.promise;
    });
    await first.enqueueDelivery('msg-slow');
    await vi.waitFor(() => expect(runs).toEqual(['first:msg-slow']), {
      timeout: 20_000,
      interval: 100,
    });

    await first.stop({ timeoutMs: 1000 });
    expect(await outboxJob('msg-slow')).toMatchObject({ state: 'retry' });
    hang.resolve();

    await skipRetryWait();
    await startProcess(async (id) => void runs.push(`second:${id}`));
    await vi.waitFor(() => expect(runs).toEqual(['first:msg-slow', 'second:msg-slow']), {
      timeout: 20_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect((await outboxJob('msg-slow')).state).toBe('completed'), {
      timeout: 10_000,
      interval: 100,
    });
  }, 60_000);

  it('runs again, in another process, a job whose process was killed (kill -9)', async () => {
    const runs: string[] = [];
    // The first process takes the job and never reports on it, as a killed process would not.
    const first = await startProcess(async (id) => {
      runs.push(`first:${id}`);
      await new Promise(() => {});
    });
    await first.enqueueDelivery('msg-killed');
    await vi.waitFor(() => expect(runs).toEqual(['first:msg-killed']), {
      timeout: 20_000,
      interval: 100,
    });
    await startProcess(async (id) => void runs.push(`second:${id}`));
    expect(await outboxJob('msg-killed')).toMatchObject({ state: 'active' });

    // Time passes beyond the queue's expiry, and pg-boss's maintenance (which every process
    // runs every two minutes) fails the job for another try.
    await database.executeSql(
      `update pgboss.job set started_on = now() - interval '1 hour'
        where name = $1 and data->>'id' = $2`,
      [OUTBOX_QUEUE, 'msg-killed'],
    );
    await new PgBoss({ db: { executeSql: database.executeSql } }).expire();
    expect(await outboxJob('msg-killed')).toMatchObject({ state: 'retry' });

    await skipRetryWait();
    await vi.waitFor(() => expect(runs).toEqual(['first:msg-killed', 'second:msg-killed']), {
      timeout: 20_000,
      interval: 100,
    });
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('on a new PostgreSQL database', () => {
  it('starts in four processes at once: pg-boss and its queues are created once', async () => {
    const fresh = await createTestDatabase();
    // Four processes, each with a pool of its own.
    const handles = await Promise.all(
      [1, 2, 3, 4].map(() => createDb({ url: String(fresh.url), poolSize: 3 })),
    );
    try {
      const results = await Promise.allSettled(
        handles.map((handle) => startProcess(async () => {}, handle)),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const { rows } = await fresh.executeSql('select name from pgboss.queue order by name');
      expect(rows).toEqual(
        [
          EXTRACTION_QUEUE,
          LEGACY_PDFS_QUEUE,
          MEDIPAY_ACCOUNT_QUEUE,
          ORPHAN_FILES_QUEUE,
          OUTBOX_QUEUE,
          SCREENING_QUEUE,
        ]
          .sort()
          .map((name) => ({ name })),
      );
    } finally {
      for (const queue of started.splice(0)) await queue.stop({ timeoutMs: 1000 });
      for (const handle of handles) await handle.close();
      await fresh.close();
    }
  }, 120_000);
});
