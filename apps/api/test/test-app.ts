import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import { createTestDatabase } from '@medipay/db/testing/test-database';
import { buildApp } from '../src/app';
import { parseEnv, type Env } from '../src/config/env';
import type { Clock } from '../src/lib/clock';
import { startTestS3, type TestS3 } from './s3-server';

/** The index.html the test server serves in place of the built SPA. */
export const testIndexHtml =
  '<!doctype html><html lang="pt-BR"><head><title>MediPay</title></head><body><div id="root"></div></body></html>';

export type TestApp = {
  app: FastifyInstance;
  env: Env;
  database: DatabaseHandle;
  /** The local S3-compatible server holding the documents, with `storage: 's3'`. */
  s3?: TestS3;
  close: () => Promise<void>;
};

type TestAppOptions = {
  env?: Record<string, string>;
  logger?: FastifyServerOptions['logger'];
  clock?: Clock;
  /** Starts pg-boss; without it, tests deliver with `app.outbox.drain()`. */
  jobs?: boolean;
  /** The MediPay client's time limit and waits (default: short waits, 2 s per attempt). */
  paymentPlatform?: Parameters<typeof buildApp>[0]['paymentPlatform'];
  /** How long each CEP/CNPJ lookup provider gets before the next is asked (default: 3 s). */
  lookupTimeoutMs?: number;
  /**
   * `s3`: documents in a bucket of a local S3-compatible server started for the app (shared by
   * every instance of createTestAppInstances, as processes behind a load balancer share one),
   * stopped by `close`; `env` may still override its S3_* variables (a wrong bucket, say).
   * Default: each instance's own DATA_DIR.
   */
  storage?: 'local' | 's3';
};

/** With `storage: 's3'`, a local bucket and the options that point the app(s) at it. */
async function withStorage(
  options: TestAppOptions,
): Promise<{ options: TestAppOptions; s3: TestS3 | undefined }> {
  if (options.storage !== 's3') return { options, s3: undefined };
  const s3 = await startTestS3();
  return { options: { ...options, env: { ...s3.env, ...options.env } }, s3 };
}

/**
 * The real application on a fresh database (PGlite in memory, or a new PostgreSQL database
 * when TEST_DATABASE_URL is set), with its own DATA_DIR and a minimal built web app.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const { options: resolved, s3 } = await withStorage(options);
  let instance: TestApp;
  try {
    instance = await buildTestApp(database, resolved, s3);
  } catch (error) {
    await s3?.close();
    await database.close();
    throw error;
  }
  return {
    ...instance,
    close: async () => {
      await instance.close();
      await s3?.close();
      await database.close();
    },
  };
}

/**
 * `count` instances of the application on ONE fresh database, as processes behind a load
 * balancer run: each with its own DATA_DIR and, on PostgreSQL (TEST_DATABASE_URL), its own
 * connection pool, so that whatever must hold across processes is tested across connections.
 * PGlite has one connection, which the instances then share (their transactions run one after
 * the other there: only PostgreSQL shows real concurrency). They share one SECRET, as the
 * processes of one deployment do, and with `storage: 's3'` one bucket. `close` closes them all,
 * stops the bucket's server and drops the database.
 */
export async function createTestAppInstances(
  count: number,
  options: TestAppOptions & {
    /** Variables of one instance on top of `env` (by index): a process set up differently. */
    instanceEnv?: (Record<string, string> | undefined)[];
  } = {},
): Promise<{ instances: TestApp[]; close: () => Promise<void> }> {
  const database = await createTestDatabase();
  const { options: resolved, s3 } = await withStorage(options);
  const shared: TestAppOptions = {
    ...resolved,
    env: { SECRET: randomBytes(32).toString('base64url'), ...resolved.env },
  };
  const instances: TestApp[] = [];
  const extraHandles: DatabaseHandle[] = [];
  const close = async () => {
    for (const instance of instances) await instance.close();
    for (const handle of extraHandles) await handle.close();
    await s3?.close();
    await database.close();
  };
  try {
    for (let i = 0; i < count; i += 1) {
      let handle: DatabaseHandle = database;
      if (i > 0 && database.url !== undefined) {
        handle = await createDb({ url: database.url, poolSize: 4 });
        extraHandles.push(handle);
      }
      const own = options.instanceEnv?.[i];
      instances.push(
        await buildTestApp(
          handle,
          own ? { ...shared, env: { ...shared.env, ...own } } : shared,
          s3,
        ),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { instances, close };
}

/** The app on a given database; `close` closes the app and removes its DATA_DIR, not the database. */
async function buildTestApp(
  database: DatabaseHandle,
  options: TestAppOptions,
  s3: TestS3 | undefined,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'medipay-test-'));
  const webDist = join(dataDir, 'web-dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), testIndexHtml);
  writeFileSync(join(webDist, 'assets', 'app-123abc.js'), 'export const app = true;');

  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app = await buildApp({
    env,
    database,
    logger: options.logger ?? false,
    clock: options.clock,
    jobs: options.jobs ?? false,
    // The MediPay client against the sandbox, without the production waits between attempts.
    paymentPlatform: options.paymentPlatform ?? { backoffMs: [5, 5], timeoutMs: 2000 },
    lookupTimeoutMs: options.lookupTimeoutMs,
  });
  return {
    app,
    env,
    database,
    ...(s3 && { s3 }),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
