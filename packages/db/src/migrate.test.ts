import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, MIGRATION_LOCK_KEY, migrationsFolder, type DatabaseHandle } from './client';
import * as schema from './schema';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

const journal = JSON.parse(
  readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as {
  entries: { tag: string }[];
};
const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

/** Every migration of the folder applied exactly once, and every table of the schema there. */
async function expectFullyMigrated(database: DatabaseHandle) {
  const applied = await database.db.execute<{ hash: string }>(
    sql`select hash from drizzle.__drizzle_migrations`,
  );
  expect(applied.rows).toHaveLength(journal.entries.length);
  expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
  const tables = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(schemaTables));
}

describe('migrations under a lock', () => {
  const opened: DatabaseHandle[] = [];
  let fresh: TestDatabase | undefined;

  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close();
    await fresh?.close();
    fresh = undefined;
  });

  it('applies each migration once when one handle is asked several times at once', async () => {
    fresh = await createTestDatabase({ migrate: false });
    await Promise.all([fresh.migrate(), fresh.migrate(), fresh.migrate()]);
    await expectFullyMigrated(fresh);
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    it('lets five processes start at once on a new database: one migrates, all go on', async () => {
      fresh = await createTestDatabase({ migrate: false });
      const url = String(fresh.url);
      // Five separate pools, as five processes behind a load balancer have.
      const handles = await Promise.all(
        Array.from({ length: 5 }, () => createDb({ url, poolSize: 2 })),
      );
      opened.push(...handles);
      const results = await Promise.allSettled(handles.map((handle) => handle.migrate()));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      await expectFullyMigrated(fresh);
      // Nothing is left holding the lock.
      const locks = await fresh.db.execute<{ count: number }>(
        sql`select count(*)::int as count from pg_locks
            where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(locks.rows[0]?.count).toBe(0);
    });

    it('waits while another connection holds the lock, then finds the migrations applied', async () => {
      fresh = await createTestDatabase({ migrate: true });
      const holder = new pg.Client({ connectionString: String(fresh.url) });
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const other = await createDb({ url: String(fresh.url), poolSize: 2 });
        opened.push(other);
        let finished = false;
        const migrating = other.migrate().then(() => {
          finished = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(finished).toBe(false);
        await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        await migrating;
        await expectFullyMigrated(other);
      } finally {
        await holder.end();
      }
    });

    it('gives the lock back when the run fails, so the next process can migrate', async () => {
      fresh = await createTestDatabase({ migrate: false });
      // A table in the way of the first migration makes its run fail.
      await fresh.db.execute(sql`create table app_meta (key text)`);
      const first = await createDb({ url: String(fresh.url), poolSize: 2 });
      opened.push(first);
      await expect(first.migrate()).rejects.toThrow();
      await fresh.db.execute(sql`drop table app_meta`);
      const second = await createDb({ url: String(fresh.url), poolSize: 2 });
      opened.push(second);
      await second.migrate();
      await expectFullyMigrated(second);
    });
  });
});

describe('executeSql', () => {
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('leaves no failed transaction behind when a statement inside the text’s own BEGIN fails', async () => {
    // poolSize 1 on PostgreSQL: the next query gets the very connection that failed.
    database = await createTestDatabase();
    const handle = process.env.TEST_DATABASE_URL
      ? await createDb({ url: String(database.url), poolSize: 1 })
      : database;
    try {
      await expect(
        handle.executeSql('begin; create table t_once (id int); select 1 / 0; commit;'),
      ).rejects.toThrow();
      await expect(handle.executeSql('select 1 as one')).resolves.toEqual({ rows: [{ one: 1 }] });
      const table = await handle.executeSql(`select to_regclass('t_once') as name`);
      expect(table.rows).toEqual([{ name: null }]);
    } finally {
      if (handle !== database) await handle.close();
    }
  });
});
