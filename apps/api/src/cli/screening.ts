/**
 * `npm run screening -- <command>`: import the official PEP and sanctions lists, and match names
 * against them (modules/screening/screening-cli.ts). Opens the database as the server does (the
 * embedded one migrated if it is new). With the embedded database (no DATABASE_URL), stop the
 * server first: PGlite's folder serves one process at a time.
 */
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@medipay/db/client';
import { EnvError, loadEnv, type Env } from '../config/env';
import { systemClock } from '../lib/clock';
import { runScreeningCli } from '../modules/screening/screening-cli';
import { createScreening } from '../modules/screening/screening.service';

// npm runs workspace scripts inside the workspace; a relative DATA_DIR or file name means the
// caller's folder, as it does for `npm start`. INIT_CWD is where npm was run: not configuration.
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
  exitCode = await runScreeningCli(process.argv.slice(2), {
    screening: createScreening({ db: database.db, clock: systemClock }),
    output: {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    },
    cwd: process.cwd(),
    input: process.stdin,
    operator: `terminal:${userInfo().username}`,
  });
} catch (error) {
  process.stderr.write(`Erro: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await database.close();
}
process.exit(exitCode);
