import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { drizzle as drizzlePgliteType } from 'drizzle-orm/pglite';
import type { Client as PgClient } from 'pg';
import * as schema from './schema';

/** Resolved through the package, so it holds whether this module runs from source or a bundle. */
export const migrationsFolder = join(
  dirname(createRequire(import.meta.url).resolve('@medipay/db/package.json')),
  'migrations',
);

export type Database = ReturnType<typeof drizzlePgliteType<typeof schema>>;

/**
 * The key of the session advisory lock held while migrations run ("medipay" in ASCII, then 1):
 * processes that start together on one database apply them one at a time, so exactly one
 * migrates and the others find nothing left to do.
 */
export const MIGRATION_LOCK_KEY = '7882817126801701121';

/** One connection, held for the whole migration run (the advisory lock belongs to it). */
type LockConnection = { query: (text: string, values?: unknown[]) => Promise<unknown> };

/**
 * Runs `run` (the whole migration run, the creation of drizzle's bookkeeping table included)
 * while `connection` holds the migration lock; waits for it while another process holds it.
 * The lock is released afterwards, or by the server when the connection dies.
 */
async function underMigrationLock(connection: LockConnection, run: () => Promise<void>) {
  await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await run();
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies every pending migration, under a PostgreSQL advisory lock: any number of processes
   * may call it at once on one database; one applies the migrations, the others wait and then
   * find none pending.
   */
  migrate: () => Promise<void>;
  /**
   * Runs `run` while holding the same lock, for schema changes that a library makes itself
   * (pg-boss creates and upgrades its own schema when it starts). `run` uses the handle's
   * ordinary connections; the lock is held on a connection of its own.
   */
  withMigrationLock: (run: () => Promise<void>) => Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  /**
   * Runs raw SQL on the same connection(s) as `db`, for libraries that bring their own SQL
   * (pg-boss). Without values, the text may hold several statements.
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  close: () => Promise<void>;
};

/** Connections per handle when no pool size is given: node-postgres's own default. */
export const DEFAULT_POOL_SIZE = 10;

export type DatabaseOptions =
  /**
   * PostgreSQL server; `poolSize`: the most connections the handle keeps open at once (default
   * 10, DATABASE_POOL_SIZE in the server), plus one while migrations run.
   */
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
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
    });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    /**
     * The migration lock on a connection of its own, outside the pool (so that `run` may use the
     * whole pool), closed afterwards: closing it releases the lock whatever happened.
     */
    const underLockOnOwnConnection = async (run: (client: PgClient) => Promise<void>) => {
      const client = new pg.Client({ connectionString: options.url });
      client.on('error', () => {});
      await client.connect();
      try {
        await underMigrationLock(client, () => run(client));
      } finally {
        await client.end();
      }
    };
    return {
      db,
      kind: 'postgres',
      // The lock, drizzle's bookkeeping table and every migration on that one connection.
      migrate: () =>
        underLockOnOwnConnection((client) => migratePg(drizzlePg(client), { migrationsFolder })),
      withMigrationLock: (run) => underLockOnOwnConnection(() => run()),
      ping: async () => {
        await pool.query('select 1');
      },
      executeSql: async (text, values) => {
        // A failed query's connection is closed, not pooled (pg-pool releases it with the error),
        // so a text that fails inside its own BEGIN (pg-boss) leaves no failed transaction behind.
        const result = await pool.query(text, values);
        // A multi-statement text answers one result per statement; the last one is wanted.
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        return { rows: last?.rows ?? [] };
      },
      close: () => pool.end(),
    };
  }

  return openPglite({ dataDir: options.dataDir });
}

/**
 * Embedded PGlite: a data folder, or in memory when `dataDir` is undefined; `loadDataDir` starts
 * it from a dump of another data folder (tests copy a migrated one instead of migrating again).
 */
export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<DatabaseHandle & { dump: () => Promise<Blob> }> {
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
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzlePglite(client, { schema });
  // PGlite is one session in one process (its data folder cannot be opened twice), and a
  // session's advisory lock does not exclude the same session: calls on this handle queue here.
  let migrations: Promise<void> = Promise.resolve();
  const withMigrationLock = (run: () => Promise<void>) => {
    const done = migrations.then(() => underMigrationLock(client, run));
    migrations = done.catch(() => {});
    return done;
  };
  return {
    db,
    kind: 'pglite',
    migrate: () => withMigrationLock(() => migratePglite(db, { migrationsFolder })),
    withMigrationLock,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      try {
        const results = await client.exec(text);
        return { rows: results[results.length - 1]?.rows ?? [] };
      } catch (error) {
        // A text that fails inside its own BEGIN (pg-boss, e.g. two queues creating its schema
        // at once) would leave the one session in a failed transaction, refusing every query.
        await client.exec('rollback');
        throw error;
      }
    },
    /** The whole data folder as a tar archive (a migrated template for tests). */
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
