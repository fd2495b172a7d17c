/**
 * `npm run screening -- <command>`: import the official PEP and sanctions lists, and match names
 * against them (modules/screening/screening-cli.ts). Opens the database as the server does (the
 * embedded one migrated if it is new). With the embedded database (no DATABASE_URL), stop the
 * server first: PGlite's folder serves one process at a time.
 */
import { userInfo } from 'node:os';
import type { DatabaseHandle } from '@medipay/db/client';
import { systemClock } from '../lib/clock';
import { runScreeningCli } from '../modules/screening/screening-cli';
import { createScreening } from '../modules/screening/screening.service';
import { commandEnvironment, openCommandDatabase } from './cli-environment';

const env = commandEnvironment();
let database: DatabaseHandle | undefined;
let exitCode = 1;
try {
  database = await openCommandDatabase(env);
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
  await database?.close();
}
process.exit(exitCode);
