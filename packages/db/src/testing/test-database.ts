import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createDb, openPglite, type DatabaseHandle } from '../client';
import { migratedTemplateEnv } from './migrated-template';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new,
 * uniquely named database on the PostgreSQL server of TEST_DATABASE_URL (dropped on close).
 *
 * Migrated databases are copies of one template that the test run migrated once
 * (./migrated-template.ts, the suites' global set-up): a PGlite data folder loaded from its
 * dump, or `CREATE DATABASE … TEMPLATE` on PostgreSQL. Without the global set-up (a file run
 * by some other runner) each database is migrated on its own, as before.
 */
export type TestDatabase = DatabaseHandle & {
  /** The connection URL of the new PostgreSQL database; undefined on PGlite. */
  url: string | undefined;
};

/** The migrated PGlite dump, read once per worker process. */
let pgliteTemplate: Blob | undefined;

function migratedPgliteDump(): Blob | undefined {
  const path = process.env[migratedTemplateEnv.pgliteDump];
  if (!path) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(path)]);
  return pgliteTemplate;
}

/** `create database … template …` fails while another session is connected to the template. */
async function createDatabase(serverUrl: string, name: string, template: string | undefined) {
  for (let attempt = 1; ; attempt += 1) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006'; // object_in_use
      if (!busy || attempt >= 20) throw error;
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = migrate ? migratedPgliteDump() : undefined;
    if (dump) return { ...(await openPglite({ loadDataDir: dump })), url: undefined };
    const handle = await createDb({ dataDir: undefined });
    if (migrate) await handle.migrate();
    return { ...handle, url: undefined };
  }

  const name = `medipay_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = migrate ? process.env[migratedTemplateEnv.postgresTemplate] : undefined;
  await createDatabase(serverUrl, name, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), poolSize: 4 });
  if (migrate && !template) await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
