// Admin search at scale: the PF list service (review-list.service.ts, not HTTP) on 1,000,000
// applications (`--rows N` for another size) in a PostgreSQL database on the local server (when
// it answers) and on 100,000 in PGlite. Three rounds; in each, every kind of term runs 50 times
// (after 5 warm-up runs) with a different term each time. The table shows, per kind, the p95 of
// each round and their median (the figure held against the budget), with the p50 and the max
// of the whole list call (the page and its capped counts). CPU count and load average print
// beside it: the figures mean little on a busy machine. Budget: p95 <= 100 ms on PostgreSQL at
// 1M rows (200 ms at 10M). `npm run bench -- search [--rows N] [--keep] [--no-pglite]`.
//
// PostgreSQL is seeded with COPY (applicant_sessions, then onboarding_pf), rows made here in
// batches; PGlite with INSERT ... SELECT generate_series, the same rows (hashint4 is mirrored
// in search/rows.ts). Varied names with accents, e-mails, CPFs, protocolos, statuses (5% abandoned sessions)
// and dates, a thousand rows a day. The table's own indexes (every one but those of its
// constraints) are dropped during the load and built again from their definitions (a bulk load
// into live GIN indexes is several times slower), each build timed, then the table is vacuumed
// and analysed, as autovacuum would leave it.
//
// `--keep` keeps the PostgreSQL database (medipay_bench_search_<rows>) and reuses it on the next
// run with --keep and the same --rows: pending migrations are applied to it (and timed), the
// rows are not loaded again. Without it the database is new and dropped at the end.
//
// The rows are in search/rows.ts, their loading in search/seed.ts, the kinds of term and their
// figures in search/measure.ts.
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '@medipay/db/client';
import { printTable } from './lib.mjs';
import { measure, rounds, runs, warmUpRuns } from './search/measure';
import { seed } from './search/seed';

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    keep: { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
  },
  strict: true,
});
const postgresRows = Number(options.rows);
if (!Number.isInteger(postgresRows) || postgresRows < 1000) {
  throw new Error(`--rows must be a whole number of at least 1000, not ${options.rows}`);
}
const pgliteRows = 100_000;
/** The budget's rows and p95: 100 ms at 1M rows, 200 ms at 10M (and above 1M, 200). */
const budgetP95Ms = postgresRows > 1_000_000 ? 200 : 100;
const postgresServer =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function postgresReachable(): boolean {
  return spawnSync('pg_isready', ['-d', postgresServer], { stdio: 'ignore' }).status === 0;
}

const machine = () => {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  return `${availableParallelism()} CPUs, load average ${one} / ${five} / ${fifteen} (1 / 5 / 15 min)`;
};

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

const table: string[][] = [];
let allOk = true;
const machineBefore = machine();

if (postgresReachable()) {
  const name = options.keep
    ? `medipay_bench_search_${postgresRows}`
    : `medipay_bench_search_${process.pid}`;
  const exists =
    options.keep &&
    (await adminQuery(`select 1 from pg_database where datname = '${name}'`)).rowCount === 1;
  if (!exists) {
    await adminQuery(`drop database if exists "${name}" with (force)`);
    await adminQuery(`create database "${name}"`);
  }
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  const database = await createDb({ url: url.toString() });
  try {
    const migrating = performance.now();
    await database.migrate();
    const migrated = (performance.now() - migrating) / 1000;
    const loaded = exists
      ? ((await database.executeSql('select count(*)::int as n from onboarding_pf')).rows[0] as {
          n: number;
        })
      : null;
    if (loaded && loaded.n === postgresRows) {
      process.stdout.write(
        `PostgreSQL: reusing ${name} (${postgresRows.toLocaleString('en-US')} rows); pending migrations applied in ${migrated.toFixed(1)} s\n`,
      );
      await database.executeSql('analyze onboarding_pf;');
    } else {
      if (loaded) await database.executeSql('truncate onboarding_pf, applicant_sessions cascade;');
      const { seconds, builds } = await seed(database, postgresRows, url.toString());
      process.stdout.write(
        `PostgreSQL: seeded ${postgresRows.toLocaleString('en-US')} PF applications with COPY (with sessions, indexes, vacuum analyze) in ${seconds.toFixed(1)} s; index builds: ${builds.join(', ')}\n`,
      );
    }
    const result = await measure(database, 'PostgreSQL', postgresRows, true, budgetP95Ms);
    table.push(...result.table);
    allOk &&= result.ok;
  } finally {
    await database.close();
    if (!options.keep) await adminQuery(`drop database if exists "${name}" with (force)`);
  }
} else {
  process.stdout.write(`PostgreSQL: not reachable at ${postgresServer}, skipped.\n`);
  table.push([
    'PostgreSQL',
    '-',
    '-',
    '-',
    '-',
    '-',
    '-',
    '-',
    '-',
    `<= ${budgetP95Ms}`,
    'not reachable',
  ]);
}

if (!options['no-pglite']) {
  const database = await createDb({ dataDir: undefined });
  try {
    await database.migrate();
    const { seconds } = await seed(database, pgliteRows);
    process.stdout.write(
      `PGlite (in memory): seeded ${pgliteRows.toLocaleString('en-US')} PF applications in ${seconds.toFixed(1)} s\n`,
    );
    const result = await measure(database, 'PGlite', pgliteRows, false, budgetP95Ms);
    table.push(...result.table);
  } finally {
    await database.close();
  }
}

process.stdout.write(
  `\nPF list service (page and capped counts), ${rounds} rounds of ${runs} runs per kind of term after ${warmUpRuns} warm-up runs, a different term each run; "matches" is the median filtered count ("> 10,000": more than the cap); p95 per round, and their median against the budget.\n`,
);
process.stdout.write(`Machine: ${machineBefore} before; ${machine()} after.\n\n`);
printTable(
  [
    'database',
    'rows',
    'term',
    'example',
    'matches',
    'p50 ms',
    'p95 ms per round',
    'median p95 ms',
    'max ms',
    'budget p95 ms',
    'result',
  ],
  table,
);
process.exit(allOk ? 0 : 1);
