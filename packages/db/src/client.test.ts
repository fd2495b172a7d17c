import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { appMeta } from './schema';
import { createTestDatabase } from './testing/test-database';

describe('createDb', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('answers a ping once migrated', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('has the search extensions the back office relies on', async () => {
    const result = await database.db.execute<{ extname: string }>(
      sql`select extname from pg_extension where extname in ('pg_trgm', 'unaccent') order by extname`,
    );
    expect(result.rows.map((row) => row.extname)).toEqual(['pg_trgm', 'unaccent']);
    const similarity = await database.db.execute<{ s: number }>(
      sql`select similarity(unaccent('São João'), 'Sao Joao') as s`,
    );
    expect(Number(similarity.rows[0]?.s)).toBe(1);
  });

  it('writes and reads through drizzle, and re-running migrations changes nothing', async () => {
    await database.db.insert(appMeta).values({ key: 'installed', value: 'yes' });
    await database.migrate();
    const rows = await database.db.select().from(appMeta);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: 'installed', value: 'yes' });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a duplicate key and stays usable after the error', async () => {
    await expect(
      database.db.insert(appMeta).values({ key: 'installed', value: 'again' }),
    ).rejects.toThrow();
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
