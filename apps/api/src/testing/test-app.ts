import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { DatabaseHandle } from '@medipay/db/client';
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

/**
 * The real application on a fresh database (PGlite in memory, or a new PostgreSQL database
 * when TEST_DATABASE_URL is set), with its own DATA_DIR and a minimal built web app.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    logger?: FastifyServerOptions['logger'];
    clock?: Clock;
    /** Starts pg-boss; without it, tests deliver with `app.outbox.drain()`. */
    jobs?: boolean;
    /** The MediPay client's time limit and waits (default: short waits, 2 s per attempt). */
    paymentPlatform?: Parameters<typeof buildApp>[0]['paymentPlatform'];
  } = {},
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
  const database = await createTestDatabase();
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
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
