import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, openPglite } from '../client';

/**
 * Where the global set-up tells the test workers (they inherit its environment) which migrated
 * template to copy: a PGlite dump file, or a PostgreSQL database on TEST_DATABASE_URL's server.
 */
export const migratedTemplateEnv = {
  pgliteDump: 'MEDIPAY_TEST_PGLITE_DUMP',
  postgresTemplate: 'MEDIPAY_TEST_PG_TEMPLATE',
} as const;

/**
 * Vitest global set-up: migrates one database for the whole run, so that every test file's
 * database is a copy of it (createTestDatabase) rather than a new migration run. Returns the
 * teardown, which removes the template.
 */
export async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPglite({});
    let folder: string | undefined;
    try {
      await handle.migrate();
      folder = mkdtempSync(join(tmpdir(), 'medipay-template-'));
      const file = join(folder, 'migrated.tar');
      writeFileSync(file, Buffer.from(await (await handle.dump()).arrayBuffer()));
      process.env[migratedTemplateEnv.pgliteDump] = file;
    } finally {
      await handle.close();
    }
    return async () => {
      delete process.env[migratedTemplateEnv.pgliteDump];
      if (folder) rmSync(folder, { recursive: true, force: true });
    };
  }

  const name = `medipay_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), poolSize: 1 });
  try {
    await handle.migrate();
  } finally {
    // No session may stay connected to a template that databases are created from.
    await handle.close();
  }
  process.env[migratedTemplateEnv.postgresTemplate] = name;
  return async () => {
    delete process.env[migratedTemplateEnv.postgresTemplate];
    await admin(`drop database if exists "${name}" with (force)`);
  };
}
