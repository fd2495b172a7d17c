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
// below). Varied names with accents, e-mails, CPFs, protocolos, statuses (5% abandoned sessions)
// and dates, a thousand rows a day. The table's own indexes (every one but those of its
// constraints) are dropped during the load and built again from their definitions (a bulk load
// into live GIN indexes is several times slower), each build timed, then the table is vacuumed
// and analysed, as autovacuum would leave it.
//
// `--keep` keeps the PostgreSQL database (medipay_bench_search_<rows>) and reuses it on the next
// run with --keep and the same --rows: pending migrations are applied to it (and timed), the
// rows are not loaded again. Without it the database is new and dropped at the end.
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import {
  listQuerySchema,
  type ApplicationList,
  type ListQuery,
} from '@medipay/shared/admin-review';
import { systemClock } from '../apps/api/src/lib/clock';
import { createReviewLists } from '../apps/api/src/modules/admin-review/review-list.service';
import { printTable } from './lib.mjs';

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
const chunkRows = 100_000;
const rounds = 3;
const runs = 50;
const warmUpRuns = 5;
/** The budget's rows and p95: 100 ms at 1M rows, 200 ms at 10M (and above 1M, 200). */
const budgetP95Ms = postgresRows > 1_000_000 ? 200 : 100;
const postgresServer =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// Names as people write them (accents included); e-mails use the same names without accents.
const firstNames = [
  ['João', 'joao'],
  ['Maria', 'maria'],
  ['José', 'jose'],
  ['Ana', 'ana'],
  ['Antônio', 'antonio'],
  ['Francisca', 'francisca'],
  ['Carlos', 'carlos'],
  ['Márcia', 'marcia'],
  ['Paulo', 'paulo'],
  ['Adriana', 'adriana'],
  ['Pedro', 'pedro'],
  ['Juliana', 'juliana'],
  ['Lucas', 'lucas'],
  ['Fernanda', 'fernanda'],
  ['Luís', 'luis'],
  ['Patrícia', 'patricia'],
  ['Marcos', 'marcos'],
  ['Aline', 'aline'],
  ['Luiz', 'luiz'],
  ['Sandra', 'sandra'],
  ['Gabriel', 'gabriel'],
  ['Camila', 'camila'],
  ['Rafael', 'rafael'],
  ['Amanda', 'amanda'],
  ['Daniel', 'daniel'],
  ['Bruna', 'bruna'],
  ['Marcelo', 'marcelo'],
  ['Letícia', 'leticia'],
  ['Bruno', 'bruno'],
  ['Júlia', 'julia'],
  ['Eduardo', 'eduardo'],
  ['Vitória', 'vitoria'],
  ['Felipe', 'felipe'],
  ['Beatriz', 'beatriz'],
  ['Raimundo', 'raimundo'],
  ['Cecília', 'cecilia'],
  ['Rodrigo', 'rodrigo'],
  ['Sônia', 'sonia'],
  ['Thiago', 'thiago'],
  ['Inês', 'ines'],
] as const;
const surnames = [
  ['Silva', 'silva'],
  ['Santos', 'santos'],
  ['Oliveira', 'oliveira'],
  ['Souza', 'souza'],
  ['Rodrigues', 'rodrigues'],
  ['Ferreira', 'ferreira'],
  ['Alves', 'alves'],
  ['Pereira', 'pereira'],
  ['Lima', 'lima'],
  ['Gomes', 'gomes'],
  ['Costa', 'costa'],
  ['Ribeiro', 'ribeiro'],
  ['Martins', 'martins'],
  ['Carvalho', 'carvalho'],
  ['Almeida', 'almeida'],
  ['Lopes', 'lopes'],
  ['Soares', 'soares'],
  ['Fernandes', 'fernandes'],
  ['Vieira', 'vieira'],
  ['Barbosa', 'barbosa'],
  ['Rocha', 'rocha'],
  ['Dias', 'dias'],
  ['Nascimento', 'nascimento'],
  ['Andrade', 'andrade'],
  ['Moreira', 'moreira'],
  ['Nunes', 'nunes'],
  ['Marques', 'marques'],
  ['Machado', 'machado'],
  ['Mendes', 'mendes'],
  ['Freitas', 'freitas'],
  ['Cardoso', 'cardoso'],
  ['Ramos', 'ramos'],
  ['Gonçalves', 'goncalves'],
  ['Santana', 'santana'],
  ['Teixeira', 'teixeira'],
  ['Araújo', 'araujo'],
  ['Conceição', 'conceicao'],
  ['Magalhães', 'magalhaes'],
  ['Brandão', 'brandao'],
  ['Simões', 'simoes'],
  ['Assunção', 'assuncao'],
  ['Falcão', 'falcao'],
  ['Guimarães', 'guimaraes'],
  ['Loureiro', 'loureiro'],
  ['Peçanha', 'pecanha'],
  ['Sá', 'sa'],
  ['Tavares', 'tavares'],
  ['Xavier', 'xavier'],
  ['Quintão', 'quintao'],
  ['Benício', 'benicio'],
] as const;
const domains = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br'];

const sqlArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;

/** The values of row g, mirrored in TypeScript to pick terms that exist. */
const cpfOf = (g: number) => String((BigInt(g) * 2654435761n) % 100_000_000_000n).padStart(11, '0');

/**
 * Row g (1-based). h(k) is a per-row pseudo-random integer (hashint4). Status: 5% abandoned
 * sessions (INICIADO, step 1, no name), 5% INICIADO further on, then EM_ANALISE 20%,
 * EM_EXIGENCIA 10%, APROVADO 40%, NEGADO 15%, REJEITADO 5%. One row a minute and a half or so:
 * 1,000 rows a day, protocolos unique per day.
 */
function seedSql(from: number, to: number): string {
  const h = (salt: number) => `abs(hashint4(g + ${salt}))`;
  return `
    insert into applicant_sessions (id, flow, created_at, last_seen_at)
    select 'sess_bench_' || g, 'PF', at, at
    from (select g, timestamptz '2024-01-01 03:00:00+00' + (g / 1000) * interval '1 day'
                   + (g % 1000) * interval '86 seconds' as at
          from generate_series(${from}, ${to}) g) s;
    insert into onboarding_pf (session_id, nome_completo, email, cpf, telefone, protocolo, status,
                               current_step, created_at, updated_at, submitted_at, analisado_por,
                               analisado_em)
    select 'sess_bench_' || g,
           case when kind < 5 then null
                else (${sqlArray(firstNames.map(([name]) => name))})[1 + f] || ' ' ||
                     (${sqlArray(surnames.map(([name]) => name))})[1 + s1] || ' ' ||
                     (${sqlArray(surnames.map(([name]) => name))})[1 + s2] end,
           case when kind < 5 then null
                else (${sqlArray(firstNames.map(([, ascii]) => ascii))})[1 + f] || '.' ||
                     (${sqlArray(surnames.map(([, ascii]) => ascii))})[1 + s2] || (g % 997) || '@' ||
                     (${sqlArray(domains)})[1 + ${h(7)} % ${domains.length}] end,
           case when kind < 5 then null
                else lpad(((g::bigint * 2654435761) % 100000000000)::text, 11, '0') end,
           case when kind < 5 then null
                else '+55' || (11 + ${h(11)} % 89) || '9' || lpad((${h(13)} % 100000000)::text, 8, '0') end,
           case when kind < 10 then null
                else 'MEDI-' || to_char(at at time zone 'America/Sao_Paulo', 'YYYYMMDD') || '-' ||
                     lpad(((g % 1000) * 9973 % 10000)::text, 4, '0') end,
           case when kind < 10 then 'INICIADO' when kind < 30 then 'EM_ANALISE'
                when kind < 40 then 'EM_EXIGENCIA' when kind < 80 then 'APROVADO'
                when kind < 95 then 'NEGADO' else 'REJEITADO' end,
           case when kind < 5 then 1 when kind < 10 then 2 + g % 4 else 6 end,
           at, at,
           case when kind < 10 then null else at + interval '20 minutes' end,
           case when kind < 30 or kind >= 95 then null else 'revisor' || (g % 5) || '@medipay.com.br' end,
           case when kind < 30 or kind >= 95 then null else at + interval '2 days' end
    from (select g, ${h(3)} % 100 as kind, ${h(5)} % ${firstNames.length} as f,
                 ${h(17)} % ${surnames.length} as s1, ${h(19)} % ${surnames.length} as s2,
                 timestamptz '2024-01-01 03:00:00+00' + (g / 1000) * interval '1 day'
                   + (g % 1000) * interval '86 seconds' as at
          from generate_series(${from}, ${to}) g) s;`;
}

/** PostgreSQL's hashint4 (Jenkins' final mix of hash_uint32), so that COPY loads the same rows. */
function hashint4(key: number): number {
  const rot = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;
  let a = (0x9e3779b9 + 4 + 3923095) >>> 0;
  let b = a;
  let c = a;
  a = (a + (key >>> 0)) >>> 0;
  c = ((c ^ b) - rot(b, 14)) >>> 0;
  a = ((a ^ c) - rot(c, 11)) >>> 0;
  b = ((b ^ a) - rot(a, 25)) >>> 0;
  c = ((c ^ b) - rot(b, 16)) >>> 0;
  a = ((a ^ c) - rot(c, 4)) >>> 0;
  b = ((b ^ a) - rot(a, 14)) >>> 0;
  c = ((c ^ b) - rot(b, 24)) >>> 0;
  return Math.abs(c | 0);
}

const dayMs = 86_400_000;
const createdAtOf = (g: number) =>
  Date.UTC(2024, 0, 1, 3) + Math.floor(g / 1000) * dayMs + (g % 1000) * 86_000;
/** 'YYYYMMDD' of the São Paulo day (UTC-3, no daylight saving since 2019). */
const saoPauloDay = (at: number) =>
  new Date(at - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
const iso = (at: number) => new Date(at).toISOString();

/** Rows g of seedSql, as COPY text lines of applicant_sessions and onboarding_pf. */
function copyLines(from: number, to: number): { sessions: string; applications: string } {
  const sessions: string[] = [];
  const applications: string[] = [];
  const nil = '\\N';
  for (let g = from; g <= to; g += 1) {
    const at = createdAtOf(g);
    const kind = hashint4(g + 3) % 100;
    const f = hashint4(g + 5) % firstNames.length;
    const s1 = hashint4(g + 17) % surnames.length;
    const s2 = hashint4(g + 19) % surnames.length;
    const abandoned = kind < 5;
    const session = `sess_bench_${g}`;
    sessions.push(`${session}\tPF\t${iso(at)}\t${iso(at)}`);
    const status =
      kind < 10
        ? 'INICIADO'
        : kind < 30
          ? 'EM_ANALISE'
          : kind < 40
            ? 'EM_EXIGENCIA'
            : kind < 80
              ? 'APROVADO'
              : kind < 95
                ? 'NEGADO'
                : 'REJEITADO';
    const analysed = !(kind < 30 || kind >= 95);
    applications.push(
      [
        session,
        abandoned ? nil : `${firstNames[f]![0]} ${surnames[s1]![0]} ${surnames[s2]![0]}`,
        abandoned
          ? nil
          : `${firstNames[f]![1]}.${surnames[s2]![1]}${g % 997}@${domains[hashint4(g + 7) % domains.length]}`,
        abandoned ? nil : cpfOf(g),
        abandoned
          ? nil
          : `+55${11 + (hashint4(g + 11) % 89)}9${String(hashint4(g + 13) % 100_000_000).padStart(8, '0')}`,
        kind < 10
          ? nil
          : `MEDI-${saoPauloDay(at)}-${String(((g % 1000) * 9973) % 10000).padStart(4, '0')}`,
        status,
        String(kind < 5 ? 1 : kind < 10 ? 2 + (g % 4) : 6),
        iso(at),
        iso(at),
        kind < 10 ? nil : iso(at + 20 * 60_000),
        analysed ? `revisor${g % 5}@medipay.com.br` : nil,
        analysed ? iso(at + 2 * dayMs) : nil,
      ].join('\t'),
    );
  }
  return { sessions: `${sessions.join('\n')}\n`, applications: `${applications.join('\n')}\n` };
}

const applicationColumns =
  'session_id, nome_completo, email, cpf, telefone, protocolo, status, current_step, created_at, updated_at, submitted_at, analisado_por, analisado_em';

/**
 * `COPY ... FROM STDIN` on a node-postgres client: a query object that node-postgres submits
 * and then feeds with the protocol's messages (the way pg-copy-streams does it).
 */
function copyFrom(client: pg.Client, statement: string, data: string): Promise<void> {
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

type Seeded = { seconds: number; builds: string[] };

/**
 * Loads `rows` applications: the indexes dropped, the rows in (COPY on PostgreSQL, INSERT ...
 * SELECT on PGlite), the indexes built again (each timed), vacuum analyze.
 */
async function seed(database: DatabaseHandle, rows: number, url?: string): Promise<Seeded> {
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

type Case = {
  name: string;
  example: string;
  /** The query of run `run`; `prepare` may walk to a deep page first (not timed). */
  query: (run: number) => Record<string, unknown>;
};

/** A pseudo-random row number for run `run` of a case (the same on every database). */
const rowFor = (rows: number, run: number, salt: number) =>
  1 + ((run * 7_919 + salt * 104_729) % rows);

function cases(rows: number, deepCursor: string | null): Case[] {
  const name = (run: number) => {
    const [first] = firstNames[(run * 7) % firstNames.length]!;
    const [surname] = surnames[(run * 11) % surnames.length]!;
    return `${first} ${surname}`;
  };
  const masked = (cpf: string) =>
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  const longSurnames = surnames.filter(([surname]) => surname.length >= 3);
  const statuses = ['EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO', 'NEGADO', 'REJEITADO', 'INICIADO'];
  const protocolOf = (g: number) =>
    `MEDI-${saoPauloDay(createdAtOf(g))}-${String(((g % 1000) * 9973) % 10000).padStart(4, '0')}`;
  return [
    {
      name: 'name, first + last',
      example: name(1),
      query: (run) => ({ search: name(run) }),
    },
    {
      name: 'name, one surname',
      example: surnames[3]![0],
      query: (run) => ({ search: longSurnames[(run * 3) % longSurnames.length]![0] }),
    },
    {
      name: 'name, first + start of last',
      example: `${name(1).slice(0, -3)}`,
      query: (run) => ({ search: name(run).slice(0, -3) }),
    },
    {
      name: 'CPF, masked, whole',
      example: masked(cpfOf(rowFor(rows, 1, 1))),
      query: (run) => ({ search: masked(cpfOf(rowFor(rows, run, 1))) }),
    },
    {
      name: 'CPF prefix (2 digits)',
      example: '47',
      query: (run) => ({ search: String((run * 37) % 100).padStart(2, '0') }),
    },
    {
      name: 'e-mail (part)',
      example: 'maria.souza12',
      query: (run) => {
        const [, first] = firstNames[(run * 13) % firstNames.length]!;
        const [, surname] = surnames[(run * 17) % surnames.length]!;
        return { search: `${first}.${surname}${10 + (run % 90)}` };
      },
    },
    {
      name: 'protocolo, whole',
      example: protocolOf(rowFor(rows, 1, 2)),
      query: (run) => ({ search: protocolOf(rowFor(rows, run, 2)) }),
    },
    {
      name: 'no term, status filter',
      example: 'status=APROVADO',
      query: (run) => ({ status: statuses[run % statuses.length] }),
    },
    { name: 'no term, first page', example: 'page=1', query: () => ({}) },
    {
      name: 'no term, page 50 (Próxima x 49)',
      example: 'page=50&after=…',
      query: () => ({ page: 50, after: deepCursor ?? undefined }),
    },
  ];
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const countLabel = (list: ApplicationList) =>
  `${list.filteredCapped ? '> ' : ''}${list.filtered.toLocaleString('en-US')}`;

/** The `after` cursor of page `page` of the unfiltered list, walked with Próxima. */
async function cursorOfPage(lists: ReturnType<typeof createReviewLists>, page: number) {
  let after: string | undefined;
  for (let current = 1; current < page; current += 1) {
    const result = await lists.list('pf', listQuerySchema.parse({ page: current, after }));
    if (!result.next) return null;
    after = result.next;
  }
  return after ?? null;
}

async function measure(database: DatabaseHandle, label: string, rows: number, budget: boolean) {
  const lists = createReviewLists({ db: database.db, clock: systemClock });
  const kinds = cases(rows, await cursorOfPage(lists, 50));
  const samples = kinds.map(() => ({
    p50: [] as number[],
    p95: [] as number[],
    max: 0,
    matches: '',
  }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, kind] of kinds.entries()) {
      const times: number[] = [];
      const matches: ApplicationList[] = [];
      for (let run = 0; run < warmUpRuns + runs; run += 1) {
        const query: ListQuery = listQuerySchema.parse(kind.query(run));
        const started = performance.now();
        const result = await lists.list('pf', query);
        const elapsed = performance.now() - started;
        if (run >= warmUpRuns) {
          times.push(elapsed);
          matches.push(result);
        }
      }
      const sorted = [...times].sort((a, b) => a - b);
      const sample = samples[index]!;
      sample.p50.push(percentile(sorted, 0.5));
      sample.p95.push(percentile(sorted, 0.95));
      sample.max = Math.max(sample.max, sorted[sorted.length - 1]!);
      matches.sort((a, b) => a.filtered - b.filtered);
      sample.matches = countLabel(matches[Math.floor(matches.length / 2)]!);
    }
  }
  const table: string[][] = [];
  let ok = true;
  for (const [index, kind] of kinds.entries()) {
    const sample = samples[index]!;
    const p95 = median(sample.p95);
    const within = p95 <= budgetP95Ms;
    if (budget) ok &&= within;
    table.push([
      label,
      rows.toLocaleString('en-US'),
      kind.name,
      kind.example,
      sample.matches,
      median(sample.p50).toFixed(1),
      sample.p95.map((value) => value.toFixed(1)).join(' / '),
      p95.toFixed(1),
      sample.max.toFixed(1),
      budget ? `<= ${budgetP95Ms}` : '-',
      budget ? (within ? 'ok' : 'OVER') : 'info',
    ]);
  }
  return { table, ok };
}

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
    const result = await measure(database, 'PostgreSQL', postgresRows, true);
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
    const result = await measure(database, 'PGlite', pgliteRows, false);
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
