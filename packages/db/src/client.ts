import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { drizzle as drizzlePgliteType } from 'drizzle-orm/pglite';
import * as schema from './schema';

/** Resolved through the package, so it holds whether this module runs from source or a bundle. */
export const migrationsFolder = join(
  dirname(createRequire(import.meta.url).resolve('@medipay/db/package.json')),
  'migrations',
);

export type Database = ReturnType<typeof drizzlePgliteType<typeof schema>>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration. */
  migrate: () => Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  /**
   * Runs raw SQL on the same connection(s) as `db`, for libraries that bring their own SQL
   * (pg-boss). Without values, the text may hold several statements.
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  /** PostgreSQL server. */
  | { url: string; poolSize?: number }
  /** Embedded PGlite: a data folder, or in memory when dataDir is undefined. */
  | { dataDir: string | undefined };

/**
 * Opens the database: node-postgres when a URL is given, PGlite otherwise.
 * Both expose the same drizzle API (the PostgreSQL dialect), so callers do not care which.
 * Only the chosen driver is loaded (start-up time).
 */
export async function createDb(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      executeSql: async (text, values) => {
        const result = await pool.query(text, values);
        // A multi-statement text answers one result per statement; the last one is wanted.
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        return { rows: last?.rows ?? [] };
      },
      close: () => pool.end(),
    };
  }

  const [
    { PGlite },
    { pg_trgm },
    { unaccent },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
  ] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
    close: () => client.close(),
  };
}
