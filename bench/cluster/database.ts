// The cluster benchmark's PostgreSQL: a fresh database per round on BENCH_POSTGRES_URL's server,
// and the samples of its connections.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const postgresServer =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The bench's own connections carry this name and are left out of the connection counts. */
export const benchApplicationName = 'medipay-bench';
const sampleEveryMs = 250;

export function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

export async function adminQuery(text: string) {
  const client = new pg.Client({
    connectionString: withApplicationName(postgresServer, benchApplicationName),
  });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Samples pg_stat_activity for the round's database: open connections and those not idle. */
export async function sampleConnections(url: string) {
  const client = new pg.Client({
    connectionString: withApplicationName(url, `${benchApplicationName}-monitor`),
  });
  await client.connect();
  const open: number[] = [];
  const busy: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ open: number; busy: number }>(
        `select count(*)::int as open, count(*) filter (where state <> 'idle')::int as busy
         from pg_stat_activity
         where datname = current_database() and application_name not like $1`,
        [`${benchApplicationName}%`],
      );
      open.push(rows[0]!.open);
      busy.push(rows[0]!.busy);
      await new Promise((resolve) => setTimeout(resolve, sampleEveryMs));
    }
  })();
  return async () => {
    running = false;
    await loop;
    await client.end();
    return { open, busy };
  };
}

/** Creates the round's database and folder, runs `use`, and drops and removes them. */
export async function withDatabase<T>(
  use: (url: string, folder: string) => Promise<T>,
): Promise<T> {
  const name = `medipay_bench_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  const folder = mkdtempSync(join(tmpdir(), 'medipay-bench-cluster-'));
  await adminQuery(`create database "${name}"`);
  try {
    return await use(url.toString(), folder);
  } finally {
    await adminQuery(`drop database if exists "${name}" with (force)`);
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await adminQuery('select 1');
    return true;
  } catch {
    return false;
  }
}
