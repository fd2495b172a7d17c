import { join } from 'node:path';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import { EnvError, loadEnv, type Env } from './config/env';

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\nVeja .env.example para os valores aceitos.\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function openDatabase(env: Env): Promise<DatabaseHandle> {
  const database = await createDb(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'db') },
  );
  await database.migrate();
  return database;
}

const env = readEnv();
// The database opens while the application modules load.
const [database, { buildApp }, { boxed, ensureFirstAdmin }] = await Promise.all([
  openDatabase(env),
  import('./app'),
  import('./modules/admin-auth/first-admin'),
]);
const app = await buildApp({ env, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
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
  await ensureFirstAdmin({
    db: database.db,
    env,
    print: (message) => process.stdout.write(`\n${boxed(message)}\n`),
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info({ database: database.kind, url: env.PUBLIC_URL }, 'MediPay portal ready');
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await database.close();
  process.exit(1);
}
