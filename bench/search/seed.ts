// Loading the search benchmark's rows: the table's own indexes dropped, the rows in (COPY on
// PostgreSQL, INSERT ... SELECT on PGlite), the indexes built again (each timed), vacuum analyze.
import pg from 'pg';
import type { DatabaseHandle } from '@medipay/db/client';
import { applicationColumns, copyLines, seedSql } from './rows';

const chunkRows = 100_000;

/**
 * `COPY ... FROM STDIN` on a node-postgres client: a query object that node-postgres submits
 * and then feeds with the protocol's messages (the way pg-copy-streams does it).
 */
export function copyFrom(client: pg.Client, statement: string, data: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const query = {
      submit: (connection: { query: (text: string) => void }) => connection.query(statement),
      handleCopyInResponse: (connection: {
        sendCopyFromChunk: (chunk: Buffer) => void;
        endCopyFrom: () => void;
      }) => {
        const buffer = Buffer.from(data, 'utf8');
        const size = 1 << 20;
        for (let offset = 0; offset < buffer.length; offset += size) {
          connection.sendCopyFromChunk(buffer.subarray(offset, offset + size));
        }
        connection.endCopyFrom();
      },
      handleCommandComplete: () => {},
      handleError: (error: unknown) => {
        failure = error;
      },
      handleReadyForQuery: () => (failure ? reject(failure) : resolve()),
    };
    void client.query(query as unknown as pg.QueryConfig);
  });
}

/** The table's indexes but those of its constraints, with their definitions. */
async function ownIndexes(database: DatabaseHandle): Promise<{ name: string; create: string }[]> {
  const { rows } = await database.executeSql(`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as create
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'onboarding_pf'::regclass
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname`);
  return rows as { name: string; create: string }[];
}

export type Seeded = { seconds: number; builds: string[] };

/**
 * Loads `rows` applications: the indexes dropped, the rows in (COPY on PostgreSQL, INSERT ...
 * SELECT on PGlite), the indexes built again (each timed), vacuum analyze.
 */
export async function seed(database: DatabaseHandle, rows: number, url?: string): Promise<Seeded> {
  const started = performance.now();
  const indexes = await ownIndexes(database);
  await database.executeSql(indexes.map(({ name }) => `drop index "${name}";`).join('\n'));
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (let from = 1; from <= rows; from += chunkRows) {
        const lines = copyLines(from, Math.min(rows, from + chunkRows - 1));
        await copyFrom(
          client,
          'copy applicant_sessions (id, flow, created_at, last_seen_at) from stdin',
          lines.sessions,
        );
        await copyFrom(
          client,
          `copy onboarding_pf (${applicationColumns}) from stdin`,
          lines.applications,
        );
      }
    } finally {
      await client.end();
    }
  } else {
    for (let from = 1; from <= rows; from += chunkRows) {
      await database.executeSql(seedSql(from, Math.min(rows, from + chunkRows - 1)));
    }
  }
  const memory = database.kind === 'postgres' ? `set maintenance_work_mem = '256MB';` : '';
  const builds: string[] = [];
  for (const { name, create } of indexes) {
    const built = performance.now();
    await database.executeSql(`${memory}\n${create};`);
    builds.push(`${name} ${((performance.now() - built) / 1000).toFixed(1)} s`);
  }
  await database.executeSql('vacuum analyze onboarding_pf;');
  await database.executeSql('vacuum analyze applicant_sessions;');
  return { seconds: (performance.now() - started) / 1000, builds };
}
