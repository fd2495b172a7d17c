import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import { createTestDatabase } from '@medipay/db/testing/test-database';
import { buildApp } from '../app';
import { parseEnv, type Env } from '../config/env';
import type { Clock } from '../lib/clock';

/** The index.html the test server serves in place of the built SPA. */
export const testIndexHtml =
  '<!doctype html><html lang="pt-BR"><head><title>MediPay</title></head><body><div id="root"></div></body></html>';

export type TestApp = {
  app: FastifyInstance;
  env: Env;
  database: DatabaseHandle;
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
};

/**
 * The real application on a fresh database (PGlite in memory, or a new PostgreSQL database
 * when TEST_DATABASE_URL is set), with its own DATA_DIR and a minimal built web app.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const instance = await buildTestApp(database, options);
  return {
    ...instance,
    close: async () => {
      await instance.close();
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
 * processes of one deployment do. `close` closes them all and drops the database.
 */
export async function createTestAppInstances(
  count: number,
  options: TestAppOptions = {},
): Promise<{ instances: TestApp[]; close: () => Promise<void> }> {
  const database = await createTestDatabase();
  const shared: TestAppOptions = {
    ...options,
    env: { SECRET: randomBytes(32).toString('base64url'), ...options.env },
  };
  const instances: TestApp[] = [];
  const extraHandles: DatabaseHandle[] = [];
  const close = async () => {
    for (const instance of instances) await instance.close();
    for (const handle of extraHandles) await handle.close();
    await database.close();
  };
  try {
    for (let i = 0; i < count; i += 1) {
      let handle: DatabaseHandle = database;
      if (i > 0 && database.url !== undefined) {
        handle = await createDb({ url: database.url, poolSize: 4 });
        extraHandles.push(handle);
      }
      instances.push(await buildTestApp(handle, shared));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { instances, close };
}

/** The app on a given database; `close` closes the app and removes its DATA_DIR, not the database. */
async function buildTestApp(database: DatabaseHandle, options: TestAppOptions): Promise<TestApp> {
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
  });
  return {
    app,
    env,
    database,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
