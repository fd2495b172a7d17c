/**
 * What the operator's commands share: the server's environment read as the server reads it,
 * from the folder `npm run` was called in, and its database opened and migrated.
 */
import { join } from 'node:path';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import { loadEnvOrExit, type Env } from '../config/env';

/**
 * The environment, relative paths taken from the caller's folder (npm runs workspace scripts
 * inside the workspace; INIT_CWD is where npm was run: not configuration). On a bad value it
 * says which, in Portuguese, and exits.
 */
export function commandEnvironment(): Env {
  // eslint-disable-next-line no-restricted-properties
  const callerDir = process.env.INIT_CWD;
  if (callerDir) process.chdir(callerDir);
  return loadEnvOrExit();
}

/** The server's database (DATABASE_URL, or the embedded one in DATA_DIR), migrated. */
export async function openCommandDatabase(env: Env): Promise<DatabaseHandle> {
  const database = await createDb(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'db') },
  );
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
