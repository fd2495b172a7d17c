// Admin search at scale: the PF list service (review-list.service.ts, not HTTP) on 1,000,000
// applications in a fresh PostgreSQL database on the local server (when it answers) and on
// 100,000 in PGlite. Each kind of term runs 50 times (after 5 warm-up runs) with a different
// term each time; the table shows p50/p95/max of the whole list call (the page and its 1-2
// counts). Budget: p95 <= 100 ms on PostgreSQL at 1M rows. `npm run bench -- search`.
//
// Seeding is one INSERT ... SELECT generate_series per 100,000 rows (no per-row round trips):
// varied names with accents, e-mails, CPFs, protocolos, statuses (5% abandoned sessions) and
// dates over ~2.7 years. The search indexes of migration 0011 are dropped during the load and
// built again from that migration's own statements (a bulk load into live GIN indexes is several
// times slower), then the table is vacuumed and analysed, as autovacuum would leave it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, migrationsFolder, type DatabaseHandle } from '@medipay/db/client';
import { listQuerySchema, type ListQuery } from '@medipay/shared/admin-review';
import { systemClock } from '../apps/api/src/lib/clock';
import { createReviewLists } from '../apps/api/src/modules/admin-review/review-list.service';
import { printTable } from './lib.mjs';

const postgresRows = 1_000_000;
const pgliteRows = 100_000;
const chunkRows = 100_000;
const runs = 50;
const warmUpRuns = 5;
const budgetP95Ms = 100;
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

/** The CREATE INDEX statements of migration 0011 for onboarding_pf, with their index names. */
function searchIndexes(): { name: string; create: string }[] {
  const text = readFileSync(join(migrationsFolder, '0011_review-search.sql'), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => /^CREATE INDEX "onboarding_pf_/.test(statement))
    .map((create) => ({ name: /^CREATE INDEX "([^"]+)"/.exec(create)![1]!, create }));
}

async function seed(database: DatabaseHandle, rows: number): Promise<number> {
  const started = performance.now();
  await database.migrate();
  const indexes = searchIndexes();
  await database.executeSql(indexes.map(({ name }) => `drop index "${name}";`).join('\n'));
  for (let from = 1; from <= rows; from += chunkRows) {
    await database.executeSql(seedSql(from, Math.min(rows, from + chunkRows - 1)));
  }
  const memory = database.kind === 'postgres' ? `set maintenance_work_mem = '256MB';` : '';
  for (const { create } of indexes) await database.executeSql(`${memory}\n${create};`);
  await database.executeSql('vacuum analyze onboarding_pf;');
  await database.executeSql('vacuum analyze applicant_sessions;');
  return (performance.now() - started) / 1000;
}

type Case = { name: string; example: string; query: (run: number) => Record<string, unknown> };

/** A pseudo-random row number for run `run` of a case (the same on every database). */
const rowFor = (rows: number, run: number, salt: number) =>
  1 + ((run * 7_919 + salt * 104_729) % rows);

function cases(rows: number): Case[] {
  const name = (run: number) => {
    const [first] = firstNames[(run * 7) % firstNames.length]!;
    const [surname] = surnames[(run * 11) % surnames.length]!;
    return `${first} ${surname}`;
  };
  const masked = (cpf: string) =>
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  const longSurnames = surnames.filter(([surname]) => surname.length >= 3);
  const statuses = ['EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO', 'NEGADO', 'REJEITADO', 'INICIADO'];
  const protocolOf = (g: number) => {
    // The São Paulo day of row g's creation (03:00 UTC is midnight there; 86 s per row).
    const at = Date.UTC(2024, 0, 1, 3) + Math.floor(g / 1000) * 86_400_000 + (g % 1000) * 86_000;
    const day = new Date(at - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
    return `MEDI-${day}-${String(((g % 1000) * 9973) % 10000).padStart(4, '0')}`;
  };
  return [
    {
      name: 'name, first + last (substring)',
      example: name(1),
      query: (run) => ({ search: name(run) }),
    },
    {
      name: 'name, one surname (substring)',
      example: surnames[3]![0],
      query: (run) => ({ search: longSurnames[(run * 3) % longSurnames.length]![0] }),
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
    { name: 'no term, page 50', example: 'page=50', query: () => ({ page: 50 }) },
  ];
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;

async function measure(database: DatabaseHandle, label: string, rows: number, budget: boolean) {
  const lists = createReviewLists({ db: database.db, clock: systemClock });
  const table: string[][] = [];
  let ok = true;
  for (const kind of cases(rows)) {
    const times: number[] = [];
    const matches: number[] = [];
    for (let run = 0; run < warmUpRuns + runs; run += 1) {
      const query: ListQuery = listQuerySchema.parse(kind.query(run));
      const started = performance.now();
      const result = await lists.list('pf', query);
      const elapsed = performance.now() - started;
      if (run >= warmUpRuns) {
        times.push(elapsed);
        matches.push(result.filtered);
      }
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = percentile(sorted, 0.95);
    const within = p95 <= budgetP95Ms;
    if (budget) ok &&= within;
    const medianMatches = [...matches].sort((a, b) => a - b)[Math.floor(matches.length / 2)];
    table.push([
      label,
      rows.toLocaleString('en-US'),
      kind.name,
      kind.example,
      String(medianMatches),
      percentile(sorted, 0.5).toFixed(1),
      p95.toFixed(1),
      sorted[sorted.length - 1]!.toFixed(1),
      budget ? `<= ${budgetP95Ms}` : '-',
      budget ? (within ? 'ok' : 'OVER') : 'info',
    ]);
  }
  return { table, ok };
}

function postgresReachable(): boolean {
  return spawnSync('pg_isready', ['-d', postgresServer], { stdio: 'ignore' }).status === 0;
}

const table: string[][] = [];
let allOk = true;

if (postgresReachable()) {
  const name = `medipay_bench_search_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  const database = await createDb({ url: url.toString() });
  try {
    const seconds = await seed(database, postgresRows);
    process.stdout.write(
      `PostgreSQL: seeded ${postgresRows.toLocaleString('en-US')} PF applications (with sessions, indexes, vacuum analyze) in ${seconds.toFixed(1)} s\n`,
    );
    const result = await measure(database, 'PostgreSQL', postgresRows, true);
    table.push(...result.table);
    allOk &&= result.ok;
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: postgresServer });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
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
    `<= ${budgetP95Ms}`,
    'not reachable',
  ]);
}

{
  const database = await createDb({ dataDir: undefined });
  try {
    const seconds = await seed(database, pgliteRows);
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
  `\nPF list service (page, total and filtered count), ${runs} runs per kind of term after ${warmUpRuns} warm-up runs, a different term each run; "matches" is the median filtered count.\n\n`,
);
printTable(
  [
    'database',
    'rows',
    'term',
    'example',
    'matches',
    'p50 ms',
    'p95 ms',
    'max ms',
    'budget p95 ms',
    'result',
  ],
  table,
);
process.exit(allOk ? 0 : 1);
