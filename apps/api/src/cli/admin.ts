/**
 * `npm run admin -- <command>`: manage back-office accounts from the server's shell (create,
 * reset-password, deactivate, list). Opens the database as the server does. With the embedded
 * database (no DATABASE_URL), stop the server first: PGlite's folder serves one process at a time.
 */
import { join } from 'node:path';
import { createDb } from '@medipay/db/client';
import { EnvError, loadEnv, type Env } from '../config/env';
import { runAdminCli } from '../modules/admin-auth/admin-cli';

// npm runs workspace scripts inside the workspace; a relative DATA_DIR means the caller's folder,
// as it does for `npm start`. INIT_CWD is where npm was run: not configuration.
// eslint-disable-next-line no-restricted-properties
const callerDir = process.env.INIT_CWD;
if (callerDir) process.chdir(callerDir);

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\nVeja .env.example para os valores aceitos.\n`);
    process.exit(1);
  }
  throw error;
}

const database = await createDb(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'db') },
);
let exitCode = 1;
try {
  await database.migrate();
  exitCode = await runAdminCli(process.argv.slice(2), {
    db: database.db,
    output: {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    },
  });
} catch (error) {
  process.stderr.write(`Erro: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await database.close();
}
process.exit(exitCode);
