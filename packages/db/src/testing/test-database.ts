import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DatabaseHandle } from '../client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new,
 * uniquely named database on the PostgreSQL server of TEST_DATABASE_URL (dropped on close).
 */
export type TestDatabase = DatabaseHandle & {
  /** The connection URL of the new PostgreSQL database; undefined on PGlite. */
  url: string | undefined;
};

export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await createDb({ dataDir: undefined });
    if (migrate) await handle.migrate();
    return { ...handle, url: undefined };
  }

  const name = `medipay_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), poolSize: 4 });
  if (migrate) await handle.migrate();
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
