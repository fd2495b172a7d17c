// One-to-many face search (issue 25, item 5): the product's search (apps/api/src/modules/face-
// search) over a million stored selfies, on the local PostgreSQL (a fresh database, dropped at
// the end; skipped with a note when it does not answer) and on PGlite (a data folder in a
// temporary directory). Prints tables; the exit code says whether the budgets were met.
//
// The population is made from real faces (face-search/real-faces.ts: LFW people that neither
// the face check's calibration nor this search's calibration used): made-up faces mixed from
// 2,000 real ones (face-search/population.ts; the first table compares their unrelated pairs
// with real ones), and real same-person pairs planted as two applications each (photos 1 and 2
// of one person). Queries: photo 2 of the first pairs, leaving out photo 2's own application.
// The exact answer is the cosine against every row, computed here; the recall is the share of
// its best `limit` matches at or above the same-person limit that the search returned.
//
// Budgets: PostgreSQL p95 <= 200 ms at 1,000,000 faces, recall >= 99%.
//
// `npm run bench -- face-search [--rows N] [--queries N] [--pglite-rows N] [--pglite-queries N]
// [--no-pglite] [--no-postgres]`. The first run describes about 3,100 photos (some 15 minutes,
// cached in .cache/kyc-corpus/face-search/).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import {
  DESCRIPTOR_LENGTH,
  LINK_SIMILARITY,
  encodeDescriptor,
  faceCode,
} from '../apps/api/src/modules/face-search/face-code';
import {
  DEFAULT_FACE_SEARCH_LIMIT,
  createFaceSearch,
  shortlistSize,
} from '../apps/api/src/modules/face-search/face-search.service';
import { printTable } from './lib.mjs';
import { exactMatches, samePersonCosine } from './face-search/in-memory';
import {
  cosine,
  makePopulation,
  quantile,
  unrelatedCosines,
  type Population,
} from './face-search/population';
import { realFaces } from './face-search/real-faces';
import { copyFrom } from './search/seed';

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    queries: { type: 'string', default: '200' },
    'pglite-rows': { type: 'string', default: '1000000' },
    'pglite-queries': { type: 'string', default: '50' },
    'no-pglite': { type: 'boolean', default: false },
    'no-postgres': { type: 'boolean', default: false },
  },
  strict: true,
});
const rows = Number(options.rows);
const queryCount = Number(options.queries);
const pgliteRows = Number(options['pglite-rows']);
const pgliteQueries = Number(options['pglite-queries']);
const budget = { p95Ms: 200, recall: 0.99 };
const limit = DEFAULT_FACE_SEARCH_LIMIT;
const postgresServer =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const print = (text = '') => process.stdout.write(`${text}\n`);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const started = performance.now();

const faces = await realFaces({ singles: 2000, pairs: 400 }, print);
print(
  `Real faces (LFW): ${faces.singles.length} people with one photo (the population's source), ${faces.pairs.length} people with two photos (planted pairs); calibration: ${faces.calibration.length} other people.`,
);

// Made-up faces first, then the planted pairs: rows planted + 2k and planted + 2k + 1.
const populations = new Map<number, { population: Population; planted: number }>();
function population(total: number): { population: Population; planted: number } {
  const known = populations.get(total);
  if (known) return known;
  const planted = total - 2 * faces.pairs.length;
  const made = makePopulation(faces.singles, planted, { seed: 25, mixed: 3, neighbours: 200 });
  const descriptors = new Float32Array(total * DESCRIPTOR_LENGTH);
  descriptors.set(made.descriptors);
  faces.pairs.flat().forEach((descriptor, index) => {
    const length = Math.hypot(...descriptor);
    descriptors.set(
      descriptor.map((value) => value / length),
      (planted + index) * DESCRIPTOR_LENGTH,
    );
  });
  const entry = {
    planted,
    population: {
      descriptors,
      count: total,
      at: (row: number) =>
        descriptors.subarray(row * DESCRIPTOR_LENGTH, (row + 1) * DESCRIPTOR_LENGTH),
    },
  };
  populations.set(total, entry);
  return entry;
}

// How real the made-up faces are: unrelated pairs, real and made-up; real same-person pairs.
{
  const sample = makePopulation(faces.singles, 200_000, { seed: 25, mixed: 3, neighbours: 200 });
  const real = unrelatedCosines((row) => faces.singles[row]!, faces.singles.length, 500_000, 1);
  const made = unrelatedCosines(sample.at, sample.count, 500_000, 2);
  const genuine = faces.pairs.map(([a, b]) => cosine(a, b)).sort((x, y) => x - y);
  const above = (values: number[]) =>
    values.filter((value) => value >= samePersonCosine).length / values.length;
  const line = (name: string, values: number[], pairs: string) => [
    name,
    pairs,
    quantile(values, 0.5).toFixed(3),
    quantile(values, 0.99).toFixed(3),
    quantile(values, 0.999).toFixed(3),
    `${(above(values) * 100).toFixed(3)}%`,
  ];
  print();
  printTable(
    [
      'pairs',
      'count',
      'median cosine',
      'p99',
      'p99.9',
      `at or above ${samePersonCosine.toFixed(3)} (similarity ${LINK_SIMILARITY})`,
    ],
    [
      line('different people, real', real, '500,000'),
      line('different people, made-up', made, '500,000'),
      line('same person, real (2 photos)', genuine, String(genuine.length)),
    ],
  );
}

/** The codes of every row, computed once for both engines (bits as '0'/'1' text, norms). */
const codeCache = new Map<Population, { bits: string[]; norms: Float64Array }>();
function codesOf(data: Population) {
  let codes = codeCache.get(data);
  if (!codes) {
    codes = { bits: new Array<string>(data.count), norms: new Float64Array(data.count) };
    for (let row = 0; row < data.count; row += 1) {
      const code = faceCode(data.at(row));
      codes.bits[row] = code.bits;
      codes.norms[row] = code.norm;
    }
    codeCache.set(data, codes);
  }
  return codes;
}

/** Rows as COPY text: face_descriptors and face_codes. */
function copyText(data: Population, from: number, to: number) {
  const { bits, norms } = codesOf(data);
  let descriptors = '';
  let codes = '';
  for (let row = from; row < to; row += 1) {
    const document = `00000000-0000-4000-8000-${(row + 1).toString(16).padStart(12, '0')}`;
    descriptors += `${row + 1}\tsess_bench_${row + 1}\t${document}\t\\\\x${encodeDescriptor(data.at(row)).toString('hex')}\n`;
    codes += `${row + 1}\t${norms[row]}\t${bits[row]}\n`;
  }
  return { descriptors, codes };
}

const chunk = 50_000;
const descriptorCopy = 'copy face_descriptors (id, session_id, document_id, descriptor)';
const codeCopy = 'copy face_codes (id, norm, code)';

/**
 * Loads the population. The foreign keys to sessions and documents are dropped (this database
 * holds no applications; the search reads neither table), the two secondary indexes of
 * face_descriptors are built after the rows are in.
 */
async function load(database: DatabaseHandle, data: Population, url?: string): Promise<number> {
  codesOf(data);
  const begun = performance.now();
  await database.executeSql(`
    alter table face_descriptors drop constraint face_descriptors_session_id_applicant_sessions_id_fk;
    alter table face_descriptors drop constraint face_descriptors_document_id_documents_id_fk;
    drop index face_descriptors_document_idx;
    drop index face_descriptors_session_idx;`);
  const client = url ? new pg.Client({ connectionString: url }) : null;
  await client?.connect();
  try {
    for (let from = 0; from < data.count; from += chunk) {
      const text = copyText(data, from, Math.min(data.count, from + chunk));
      if (client) {
        await copyFrom(client, `${descriptorCopy} from stdin`, text.descriptors);
        await copyFrom(client, `${codeCopy} from stdin`, text.codes);
      } else {
        const pglite = (database.db as unknown as { $client: PgliteCopy }).$client;
        await pglite.query(`${descriptorCopy} from '/dev/blob'`, [], {
          blob: new Blob([text.descriptors]),
        });
        await pglite.query(`${codeCopy} from '/dev/blob'`, [], { blob: new Blob([text.codes]) });
      }
    }
  } finally {
    await client?.end();
  }
  await database.executeSql(`
    create unique index face_descriptors_document_idx on face_descriptors (document_id);
    create index face_descriptors_session_idx on face_descriptors (session_id);
    select setval('face_descriptors_id_seq', ${data.count});`);
  for (const table of ['face_descriptors', 'face_codes']) {
    await database.executeSql(`vacuum analyze ${table}`);
  }
  return (performance.now() - begun) / 1000;
}
type PgliteCopy = {
  query: (text: string, values: unknown[], options: { blob: Blob }) => Promise<unknown>;
};

/** Photo 2 of the first `count` pairs; its partner is photo 1 of the same person. */
function queriesOf(planted: number, count: number) {
  return faces.pairs.slice(0, count).map((_, pair) => {
    const row = planted + 2 * pair + 1;
    return { row, partner: row - 1 };
  });
}

async function measure(
  engine: string,
  database: DatabaseHandle,
  data: Population,
  planted: number,
  count: number,
  url?: string,
) {
  const loadSeconds = await load(database, data, url);
  const { rows: sizes } = await database.executeSql(
    `select pg_size_pretty(pg_total_relation_size('face_codes')) as codes, pg_size_pretty(pg_total_relation_size('face_descriptors')) as descriptors`,
  );
  const size = sizes[0] as { codes: string; descriptors: string };
  print(
    `${engine}: ${data.count.toLocaleString('en-US')} faces loaded with COPY in ${loadSeconds.toFixed(1)} s (face_codes ${size.codes}, face_descriptors ${size.descriptors})`,
  );
  const search = createFaceSearch({ db: database.db });
  const queries = queriesOf(planted, count);
  const session = (row: number) => `sess_bench_${row + 1}`;
  const document = (row: number) =>
    `00000000-0000-4000-8000-${(row + 1).toString(16).padStart(12, '0')}`;
  for (const query of queries.slice(0, 5)) {
    await search.search(data.at(query.row), { excludeSessionId: session(query.row), limit });
  }
  const times: number[] = [];
  let expected = 0;
  let found = 0;
  let genuineExact = 0;
  let genuineFound = 0;
  let matchesAbove = 0;
  for (const query of queries) {
    const descriptor = data.at(query.row);
    const begun = performance.now();
    const matches = await search.search(descriptor, {
      excludeSessionId: session(query.row),
      limit,
    });
    times.push(performance.now() - begun);
    const exact = exactMatches(data, descriptor, (row) => row === query.row);
    matchesAbove += exact.length;
    const best = exact.slice(0, limit).map((match) => document(match.row));
    const returned = new Set(matches.map((match) => match.documentId));
    expected += best.length;
    found += best.filter((id) => returned.has(id)).length;
    if (best.includes(document(query.partner))) genuineExact += 1;
    if (returned.has(document(query.partner))) genuineFound += 1;
  }
  times.sort((a, b) => a - b);
  const recall = expected === 0 ? 1 : found / expected;
  const p95 = quantile(times, 0.95);
  return {
    ok: p95 <= budget.p95Ms && recall >= budget.recall,
    row: [
      engine,
      data.count.toLocaleString('en-US'),
      String(queries.length),
      quantile(times, 0.5).toFixed(1),
      p95.toFixed(1),
      percent(recall),
      (matchesAbove / queries.length).toFixed(2),
      `${percent(genuineFound / queries.length)} (exact: ${percent(genuineExact / queries.length)})`,
    ],
  };
}

function postgresReachable(): boolean {
  const result = spawnSync(
    process.execPath,
    [
      '-e',
      `const c=new (require('pg').Client)(${JSON.stringify(postgresServer)});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`,
    ],
    { cwd: join(import.meta.dirname, '..', 'packages', 'db') },
  );
  return result.status === 0;
}

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

const table: string[][] = [];
let allOk = true;
print(
  `\nShortlist: ${shortlistSize(limit)} faces by their codes, then the exact cosine; limit ${limit}.`,
);

if (!options['no-postgres']) {
  if (postgresReachable()) {
    const name = `medipay_bench_face_search_${process.pid}`;
    await adminQuery(`drop database if exists "${name}" with (force)`);
    await adminQuery(`create database "${name}"`);
    const url = new URL(postgresServer);
    url.pathname = `/${name}`;
    const database = await createDb({ url: url.toString() });
    try {
      await database.migrate();
      const { population: data, planted } = population(rows);
      const result = await measure(
        'PostgreSQL',
        database,
        data,
        planted,
        queryCount,
        url.toString(),
      );
      table.push(result.row);
      allOk &&= result.ok;
    } finally {
      await database.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    }
  } else {
    print(`PostgreSQL: not reachable at ${postgresServer}, skipped.`);
    allOk = false;
  }
}

if (!options['no-pglite']) {
  const dataDir = mkdtempSync(join(tmpdir(), 'medipay-face-search-'));
  const database = await createDb({ dataDir });
  try {
    await database.migrate();
    const { population: data, planted } = population(pgliteRows);
    const result = await measure('PGlite', database, data, planted, pgliteQueries);
    table.push(result.row);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

print();
printTable(
  [
    'engine',
    'faces',
    'queries',
    'p50 ms',
    'p95 ms',
    `recall of the exact best ${limit}`,
    'exact matches per query',
    'same person found (in the best 20)',
  ],
  table,
);
print(
  `Budgets (PostgreSQL): p95 <= ${budget.p95Ms} ms, recall >= ${percent(budget.recall)}. ${availableParallelism()} CPUs, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}; total ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
process.exitCode = allOk ? 0 : 1;
