import { join } from 'node:path';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import { loadEnvOrExit, type Env } from './config/env';
import { publicUrlWarning } from './lib/public-url';
import { startBanner } from './lib/start-banner';

async function openDatabase(env: Env): Promise<DatabaseHandle> {
  const database = await createDb(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { dataDir: join(env.DATA_DIR, 'db') },
  );
  await database.migrate();
  return database;
}

/** After SIGTERM, requests in flight get this long to finish; then their connections are cut. */
const REQUEST_GRACE_MS = 15_000;
/**
 * Past this the process exits anyway, with code 1: the requests' grace, then up to 3 s for the
 * status codes still being sent after their answer (application-status/after-answer.ts), up to
 * 10 s for the job workers' current jobs (job-queue.ts), then the adapters. Orchestrators should
 * wait longer before SIGKILL (docs/deploy.md).
 */
const SHUTDOWN_LIMIT_MS = 30_000;

const env = loadEnvOrExit();
// The database opens (and migrates, under a lock shared with the other processes) while the
// application modules load.
const [database, { buildApp }, { boxed, ensureFirstAdmin }, { prepareHandOver }] =
  await Promise.all([
    openDatabase(env),
    import('./app'),
    import('./modules/admin-auth/first-admin'),
    import('./modules/health/hand-over'),
  ]);
const app = await buildApp({ env, database });
for (const warning of env.warnings) app.log.warn(warning);
const handOver = prepareHandOver(app);

let closing = false;
/**
 * SIGTERM (the orchestrator) or SIGINT (Ctrl+C): the listener closes (what still arrives on an
 * open connection, readiness included, answers 503), requests in flight finish, the status codes
 * asked for are sent, job workers finish their current job, and the process exits 0
 * (health/hand-over.ts, docs/deploy.md).
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS);
  force.unref();
  try {
    const { cut } = await handOver.run({ requestTimeoutMs: REQUEST_GRACE_MS });
    if (cut > 0) app.log.warn({ connections: cut }, 'requests still running were cut');
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  // On an empty database: the first master admin (a random password is printed once).
  let printed = false;
  const { created } = await ensureFirstAdmin({
    db: database.db,
    env,
    print: (message) => {
      printed = true;
      process.stdout.write(`\n${boxed(message)}\n`);
    },
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info({ database: database.kind, url: env.PUBLIC_URL }, 'MediPay portal ready');
  if (env.NODE_ENV !== 'production') {
    const firstAdmin = printed ? 'printed' : created ? 'environment' : 'existing';
    process.stdout.write(`${startBanner({ publicUrl: env.PUBLIC_URL, firstAdmin })}\n`);
  }
  // Links that leave this computer (the QR code of 'Continuar no celular') need a public address.
  const unreachable = publicUrlWarning(env.PUBLIC_URL, env.NODE_ENV === 'production');
  if (unreachable) app.log.warn(unreachable);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await database.close();
  process.exit(1);
}
