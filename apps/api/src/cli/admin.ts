/**
 * `npm run admin -- <command>`: manage back-office accounts from the server's shell (create,
 * reset-password, deactivate, list). Opens the database as the server does. With the embedded
 * database (no DATABASE_URL), stop the server first: PGlite's folder serves one process at a time.
 */
import type { DatabaseHandle } from '@medipay/db/client';
import { runAdminCli } from '../modules/admin-auth/admin-cli';
import { commandEnvironment, openCommandDatabase } from './cli-environment';

const env = commandEnvironment();
let database: DatabaseHandle | undefined;
let exitCode = 1;
try {
  database = await openCommandDatabase(env);
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
  await database?.close();
}
process.exit(exitCode);
