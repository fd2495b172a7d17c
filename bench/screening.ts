// PEP and sanctions screening (issue 24): matching quality on a labelled set built apart from
// the matcher (screening/labelled-set.ts), and the import, screening and re-screening times, on
// the local PostgreSQL (a fresh database, dropped at the end; skipped with a note when it does
// not answer) and on PGlite (a data folder in a temporary directory). Prints tables; the exit
// code says whether every budget was met, nothing is asserted.
//
// Budgets (issue 24): >= 98% of listed people found and <= 2% of unlisted people flagged at the
// matcher's ALERT_THRESHOLD; importing a 130,000-row PEP file <= 30 s; screening one application
// p95 <= 50 ms with every list loaded; re-screening 100,000 applications after an import that
// adds, edits and removes entries <= 5 minutes.
//
// Steps on each database: the labelled PEP and UN files imported with the service's importList
// and every query run through the service's match (and once, with no database, straight through
// createListIndex on the parsed entries, to tell matching from the database); then a 130,000-row
// fictitious PEP file (fictitious-lists.ts) and CEIS/CNEP files imported (timed); 100,000
// submitted PF applications inserted with multi-row INSERTs (one in a hundred a person of the
// PEP file, one in twenty naming a PEP relative); screenApplication timed on a sample of them;
// a new version of the PEP file (rows added, edited, removed, some of them about applicants)
// imported and rescreenAfterImports timed.
//
// `npm run bench -- screening [--quick] [--no-pglite] [--no-postgres] [--seed N]`; --quick uses
// smaller sizes (a smoke run: the budgets are for the full sizes).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import {
  fictitiousPepFile,
  fictitiousSanctionsFile,
} from '../apps/api/src/modules/screening/fictitious-lists';
import { type ListEntry, parseListFile } from '../apps/api/src/modules/screening/list-files';
import { calibrationSet, sweepThresholds } from '../apps/api/src/modules/screening/calibration-set';
import { ALERT_THRESHOLD, createListIndex } from '../apps/api/src/modules/screening/matcher';
import { createScreening } from '../apps/api/src/modules/screening/screening.service';
import { printTable } from './lib.mjs';
import { buildLabelledSet } from './screening/labelled-set';
import { changedPepFile, insertApplications, type ListedPerson } from './screening/load';
import {
  budgetRows,
  classHeaders,
  classRows,
  entryIdsByLabel,
  evaluate,
  type Outcome,
  phoneticRuleRows,
  sampleRows,
  summarise,
} from './screening/quality';

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    'no-postgres': { type: 'boolean', default: false },
    seed: { type: 'string', default: '24' },
  },
  strict: true,
});
const quick = options.quick;
const seed = Number(options.seed);
if (!Number.isInteger(seed) || seed < 0) {
  throw new Error(`--seed must be a whole number, not ${options.seed}`);
}
const sizes = quick
  ? {
      listedPeople: 1_000,
      fillerRows: 10_000,
      trueQueries: 400,
      nonListedQueries: 400,
      pepRows: 13_000,
      ceisRows: 1_500,
      cnepRows: 150,
      applications: 5_000,
      screenings: 100,
      changes: { added: 100, edited: 100, removed: 100 },
    }
  : {
      listedPeople: 5_000,
      fillerRows: 100_000,
      trueQueries: 2_000,
      nonListedQueries: 2_000,
      pepRows: 130_000,
      ceisRows: 15_000,
      cnepRows: 1_500,
      applications: 100_000,
      screenings: 300,
      changes: { added: 1_000, edited: 1_000, removed: 1_000 },
    };
const warmUps = 10;
const BUDGET = { importSeconds: 30, screenP95Ms: 50, rescreenSeconds: 300 };
const postgresServer =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const today = new Date().toISOString().slice(0, 10);
const n = (value: number) => value.toLocaleString('en-US');
const seconds = (from: number) => (performance.now() - from) / 1000;
const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;
const machine = () => {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  return `${availableParallelism()} CPUs, load average ${one} / ${five} / ${fifteen} (1 / 5 / 15 min)`;
};
const brief = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

const budgetTable: string[][] = [];
const infoTable: string[][] = [];
let allOk = true;
const budget = (
  database: string,
  measure: string,
  limit: string,
  measured: string,
  ok: boolean,
) => {
  budgetTable.push([database, measure, limit, measured, ok ? 'ok' : 'ACIMA DO ORÇAMENTO']);
  allOk &&= ok;
};

process.stdout.write(`Machine: ${machine()}${quick ? '; --quick: smaller sizes' : ''}\n\n`);

// ---------------------------------------------------------------- the calibration set

// Where the alert threshold was chosen (decision 022): the matcher's own calibration set, built
// by another generator, swept over thresholds on four seeds. The labelled set below only reports.
{
  const thresholds = [0.7, 0.72, 0.74, 0.76, 0.78, 0.8, 0.82];
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
  const sweeps = [1, 2, 5, 9].map((calibrationSeed) =>
    sweepThresholds(
      calibrationSet(calibrationSeed, quick ? 5000 : 20_000, quick ? 500 : 2000),
      thresholds,
      today,
    ),
  );
  process.stdout.write(
    `Calibration set (calibration-set.ts, seeds 1, 2, 5, 9): the threshold in force is ${ALERT_THRESHOLD}.\n\n`,
  );
  printTable(
    ['threshold', 'variants found (min-max)', 'unlisted alerted (min-max)'],
    thresholds.map((threshold, i) => {
      const rows = sweeps.map((sweep) => sweep[i]!);
      const found = rows.map((row) => row.found);
      const alerted = rows.map((row) => row.alerted);
      return [
        String(threshold),
        `${percent(Math.min(...found))} - ${percent(Math.max(...found))}`,
        `${percent(Math.min(...alerted))} - ${percent(Math.max(...alerted))}`,
      ];
    }),
  );
}

// ---------------------------------------------------------------- the labelled set

let started = performance.now();
const set = buildLabelledSet({
  seed,
  today,
  listedPeople: sizes.listedPeople,
  fillerRows: sizes.fillerRows,
  trueQueries: sizes.trueQueries,
  nonListedQueries: sizes.nonListedQueries,
});
const builtIn = seconds(started);
const labelledEntries: ListEntry[] = [
  ...parseListFile('pep', set.pepCsv),
  ...parseListFile('unsc', set.unXml),
];
const ids = entryIdsByLabel(labelledEntries);
process.stdout.write(
  `Labelled set (seed ${seed}) built in ${builtIn.toFixed(1)} s: PEP file ${n(set.pepCsv.length)} bytes, UN file ${n(set.unXml.length)} bytes, ${n(labelledEntries.length)} entries parsed.\n\n`,
);
printTable(
  ['labelled set', 'count'],
  Object.entries(set.stats).map(([key, value]) => [key, n(value)]),
);

// ---------------------------------------------------------------- matching with no database

started = performance.now();
const index = createListIndex(labelledEntries);
const indexSeconds = seconds(started);
const direct = await evaluate(set.queries, ids, ALERT_THRESHOLD, (query) =>
  index.match(query, { minScore: ALERT_THRESHOLD, today }),
);
const directSummary = summarise(direct);
for (const row of budgetRows('matcher (no database)', directSummary, direct)) {
  budgetTable.push(row);
}
infoTable.push([
  'matcher (no database)',
  `index of ${n(index.size)} entries built`,
  `${indexSeconds.toFixed(2)} s`,
]);

/** For a miss: the expected entry's score and reasons under the threshold, if a candidate. */
const belowThreshold = (outcome: Outcome) => {
  const expected = new Set(
    (outcome.query.expected ?? []).flatMap((key) => [...(ids.get(key) ?? [])]),
  );
  const all = index.match(outcome.query.query, { minScore: 0, today });
  const found = all.find((hit) => expected.has(`${hit.list}:${hit.entryId}`));
  const best = all[0];
  const other =
    best && !expected.has(`${best.list}:${best.entryId}`) && best.score >= ALERT_THRESHOLD
      ? `; alerta para outro: "${best.name}" ${best.score.toFixed(3)}`
      : '';
  return found
    ? `${found.score.toFixed(3)} [${found.reasons.join('; ')}]${other}`
    : `fora dos candidatos${other}`;
};

// ---------------------------------------------------------------- on each database

type Run = { label: string; outcomes: Outcome[] };
const runs: Run[] = [{ label: 'matcher (no database)', outcomes: direct }];

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresServer });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function onDatabase(label: string, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  const screening = createScreening({ db: database.db, clock: systemClock });

  // Quality through the service, on the labelled files.
  started = performance.now();
  await screening.importList('pep', set.pepCsv, {
    fileName: 'labelled_PEP.csv',
    importedBy: 'bench',
  });
  await screening.importList('unsc', set.unXml, {
    fileName: 'labelled_un.xml',
    importedBy: 'bench',
  });
  infoTable.push([label, 'labelled PEP and UN files imported', `${seconds(started).toFixed(1)} s`]);
  const outcomes = await evaluate(set.queries, ids, ALERT_THRESHOLD, (query) =>
    screening.match(query),
  );
  runs.push({ label, outcomes });
  for (const row of budgetRows(label, summarise(outcomes), outcomes)) {
    budgetTable.push(row);
    allOk &&= row[4] === 'ok';
  }
  const matchTimes = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  infoTable.push([
    label,
    'service match, one query',
    `p50 ${percentile(matchTimes, 0.5).toFixed(1)} ms, p95 ${percentile(matchTimes, 0.95).toFixed(1)} ms`,
  ]);

  // A PEP file of the real size, and the CEIS and CNEP files.
  const pepFile = fictitiousPepFile({ seed: seed + 1, rows: sizes.pepRows });
  started = performance.now();
  const imported = await screening.importList('pep', pepFile, {
    fileName: `${sizes.pepRows}_PEP.csv`,
    importedBy: 'bench',
  });
  const importSeconds = seconds(started);
  budget(
    label,
    `import of a ${n(sizes.pepRows)}-row PEP file`,
    `<= ${BUDGET.importSeconds} s${quick ? ' (at 130,000)' : ''}`,
    `${importSeconds.toFixed(1)} s`,
    importSeconds <= BUDGET.importSeconds,
  );
  infoTable.push([label, 'PEP import answered', brief(imported)]);
  for (const [list, rows] of [
    ['ceis', sizes.ceisRows],
    ['cnep', sizes.cnepRows],
  ] as const) {
    started = performance.now();
    await screening.importList(list, fictitiousSanctionsFile(list, { seed: seed + 2, rows }), {
      fileName: `${list}.csv`,
      importedBy: 'bench',
    });
    infoTable.push([
      label,
      `${list.toUpperCase()} import (${n(rows)} rows)`,
      `${seconds(started).toFixed(1)} s`,
    ]);
  }
  started = performance.now();
  const settled = await screening.rescreenAfterImports();
  infoTable.push([
    label,
    're-screening with no application yet',
    `${seconds(started).toFixed(1)} s: ${brief(settled)}`,
  ]);

  // Applications.
  // People of the PEP file still PEP today (in office or within the grace period).
  const pepPeople: ListedPerson[] = parseListFile('pep', pepFile).flatMap((entry) =>
    entry.list === 'pep' &&
    entry.cpfMiddleDigits &&
    (entry.graceEndDate === null || entry.graceEndDate >= today)
      ? [{ name: entry.names[0]!, cpfMiddle: entry.cpfMiddleDigits }]
      : [],
  );
  const applications = await insertApplications(database, sizes.applications, pepPeople, seed + 3);
  infoTable.push([
    label,
    `${n(sizes.applications)} PF applications inserted (${n(applications.listed.length)} of them people of the PEP file)`,
    `${applications.seconds.toFixed(1)} s`,
  ]);

  // Screening one application, every list loaded.
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < warmUps + sizes.screenings; i += 1) {
    const g =
      i % 10 === 0 && applications.listed.length > 0
        ? applications.listed[(i / 10) % applications.listed.length]!
        : (i * 7_919) % sizes.applications;
    started = performance.now();
    const result = await screening.screenApplication('PF', applications.ids[g]!);
    const ms = performance.now() - started;
    if (i >= warmUps) {
      times.push(ms);
      hits += result.hits;
    }
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  budget(
    label,
    `screening one application (${n(sizes.screenings)} runs after ${warmUps} warm-up; p50 ${percentile(times, 0.5).toFixed(1)}, max ${times[times.length - 1]!.toFixed(1)} ms)`,
    `p95 <= ${BUDGET.screenP95Ms} ms`,
    `${p95.toFixed(1)} ms`,
    p95 <= BUDGET.screenP95Ms,
  );
  infoTable.push([label, 'new hits recorded by those screenings', n(hits)]);

  // A new version of the PEP file, then the re-screening.
  const listedSample = applications.listedPeople;
  const half = Math.floor(listedSample.length / 2);
  const changed = changedPepFile(
    pepFile,
    sizes.changes,
    {
      added: applications.others,
      edited: listedSample.slice(0, Math.min(half, 50)),
      removed: listedSample.slice(half, half + Math.min(half, 50)),
    },
    seed + 4,
  );
  started = performance.now();
  await screening.importList('pep', changed, { fileName: 'changed_PEP.csv', importedBy: 'bench' });
  infoTable.push([
    label,
    `new PEP version imported (+${n(sizes.changes.added)} / ~${n(sizes.changes.edited)} / -${n(sizes.changes.removed)} rows; ${n(applications.others.length)} applicants newly listed)`,
    `${seconds(started).toFixed(1)} s`,
  ]);
  const runsBefore = await countRows(database);
  started = performance.now();
  const rescreened = await screening.rescreenAfterImports();
  const rescreenSeconds = seconds(started);
  const runsAfter = await countRows(database);
  budget(
    label,
    `re-screening ${n(sizes.applications)} applications after the import`,
    `<= ${BUDGET.rescreenSeconds} s${quick ? ' (at 100,000)' : ''}`,
    `${rescreenSeconds.toFixed(1)} s`,
    rescreenSeconds <= BUDGET.rescreenSeconds,
  );
  infoTable.push([
    label,
    're-screening answered',
    `${brief(rescreened)}; screening_runs +${n(runsAfter.runs - runsBefore.runs)}, screening_hits +${n(runsAfter.hits - runsBefore.hits)}`,
  ]);
}

async function countRows(database: DatabaseHandle) {
  const { rows } = await database.executeSql(
    'select (select count(*) from screening_runs)::int as runs, (select count(*) from screening_hits)::int as hits',
  );
  return rows[0] as { runs: number; hits: number };
}

if (options['no-postgres']) {
  process.stdout.write('PostgreSQL: skipped (--no-postgres).\n');
} else if (spawnSync('pg_isready', ['-d', postgresServer], { stdio: 'ignore' }).status !== 0) {
  process.stdout.write(`PostgreSQL: not reachable at ${postgresServer}, skipped.\n`);
  budgetTable.push(['PostgreSQL', 'every budget', '-', '-', 'not reachable']);
} else {
  const name = `medipay_bench_screening_${process.pid}`;
  await adminQuery(`drop database if exists "${name}" with (force)`);
  await adminQuery(`create database "${name}"`);
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  const database = await createDb({ url: url.toString() });
  try {
    await onDatabase('PostgreSQL', database);
  } finally {
    await database.close();
    await adminQuery(`drop database if exists "${name}" with (force)`);
  }
}

if (!options['no-pglite']) {
  const dataDir = mkdtempSync(join(tmpdir(), 'medipay-bench-screening-'));
  const database = await createDb({ dataDir: join(dataDir, 'pglite') });
  try {
    await onDatabase('PGlite', database);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- tables

process.stdout.write(
  `\nQuality at ALERT_THRESHOLD = ${ALERT_THRESHOLD}, per variant class. "share": listed people whose entry is among the alerts; unlisted people with any alert. "com CPF/nasc.": listed PEP queries with the person's CPF, UN queries with the birth date; unlisted queries with a CPF or a birth date.\n\n`,
);
for (const run of runs) {
  process.stdout.write(`${run.label}:\n\n`);
  printTable(classHeaders, classRows(run.outcomes));
}

const differences = (run: Run) =>
  run.outcomes.filter((o, i) => o.flagged !== direct[i]!.flagged).length;
for (const run of runs.slice(1)) {
  process.stdout.write(
    `${run.label}: ${n(differences(run))} queries answered differently from the matcher with no database.\n`,
  );
  const differing = run.outcomes.filter((o, i) => o.flagged !== direct[i]!.flagged).slice(0, 5);
  if (differing.length > 0) {
    printTable(
      ['consulta', 'listado', 'sem banco', run.label],
      differing.map((o) => {
        const alone = direct[o.query.id]!;
        const said = (outcome: Outcome) =>
          outcome.hits[0]
            ? `${outcome.flagged ? 'alerta' : 'sem alerta'}: ${outcome.hits[0].score.toFixed(3)} [${outcome.hits[0].reasons.join('; ')}]`
            : outcome.flagged
              ? 'alerta'
              : 'sem alerta';
        return [
          JSON.stringify(o.query.query.name),
          o.query.listedName ?? '-',
          said(alone),
          said(o),
        ];
      }),
    );
  }
}

process.stdout.write('\nPhonetic spellings by rule (matcher with no database):\n\n');
printTable(['regra', 'consultas', 'encontradas', 'share'], phoneticRuleRows(direct));

const { misses, falsePositives } = sampleRows(direct, 10, belowThreshold);
process.stdout.write(
  `\nMisses (matcher with no database; ${n(direct.filter((o) => o.query.label === 'listed' && !o.flagged).length)} in all), the expected entry's score and reasons:\n\n`,
);
printTable(['classe', 'consulta', 'listado', 'variante', 'pontuação do esperado'], misses);
process.stdout.write(
  `False positives (${n(direct.filter((o) => o.query.label === 'unlisted' && o.flagged).length)} in all):\n\n`,
);
printTable(
  ['classe', 'consulta', 'partilha nomes com', 'primeiro alerta', 'alertas'],
  falsePositives,
);

// The unlisted people nearest an alert: hard cases for the matcher, whatever the threshold.
const nearest = direct
  .filter((o) => o.query.label === 'unlisted')
  .map((o) => ({ o, best: index.match(o.query.query, { minScore: 0.5, today })[0] }))
  .filter((x) => x.best !== undefined)
  .sort((a, b) => b.best!.score - a.best!.score)
  .slice(0, 10);
process.stdout.write('Unlisted people nearest an alert (best score of any entry, top 10):\n\n');
printTable(
  ['classe', 'consulta', 'melhor entrada', 'pontuação', 'razões'],
  nearest.map(({ o, best }) => [
    o.query.variantClass,
    `${JSON.stringify(o.query.query.name)}${o.query.query.cpf ? ', com CPF' : ''}`,
    `${best!.list} "${best!.name}"`,
    best!.score.toFixed(3),
    best!.reasons.join('; '),
  ]),
);

process.stdout.write('Other figures:\n\n');
printTable(['database', 'what', 'value'], infoTable);
process.stdout.write(`Budgets (machine: ${machine()}):\n\n`);
printTable(['database', 'measure', 'budget', 'measured', 'result'], budgetTable);
process.exit(allOk && directSummary.ok ? 0 : 1);
