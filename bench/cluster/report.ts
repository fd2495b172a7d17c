// The figures of the cluster benchmark: the tables per request kind and per round, the failures
// and logged errors, and the budgets.
import { loadavg } from 'node:os';
import { printTable } from '../lib.mjs';
import { postgresServer } from './database';
import { kinds, stepKinds } from './journey';
import type { Options, RoundResult } from './round';

const minCpusForThroughput = 4;

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;

function figures(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  };
}

/** A latency in ms for the tables; '-' where nothing was measured. */
const ms = (count: number, value: number) => (count === 0 ? '-' : value.toFixed(1));

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((total, value) => total + value, 0) / values.length;

function totals(result: RoundResult) {
  const all = [...result.stats.byKind.values()];
  const requests = all.reduce((total, stats) => total + stats.latencies.length, 0);
  const errors = all.reduce((total, stats) => total + stats.errors, 0);
  const stepSaves = figures(stepKinds.flatMap((kind) => result.stats.byKind.get(kind)!.latencies));
  return { requests, errors, rps: requests / result.seconds, stepSaves };
}

/** Prints what the rounds measured: per request kind, per round, then what failed. */
export function printResults(results: RoundResult[], options: Options, cpus: number) {
  process.stdout.write(
    `${options.applicants} applicants at once, round-robin over the processes, no pause between requests; ` +
      `${options.durationS} s measured per round after ${options.warmupS} s of warm-up; a fresh database and bucket per round. ` +
      `Production bundle, NODE_ENV=production, STORAGE=s3 (s3rver), TRUST_PROXY=127.0.0.1 with one X-Forwarded-For address per applicant.\n` +
      `CPUs: ${cpus}; load average (1, 5, 15 min) at the end: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}. PostgreSQL: ${postgresServer}.\n\n`,
  );

  printTable(
    ['processes', 'request', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'],
    results.flatMap((result) => [
      ...kinds.map((kind) => {
        const stats = result.stats.byKind.get(kind)!;
        const f = figures(stats.latencies);
        return [
          String(result.processes),
          kind,
          String(f.count),
          (f.count / result.seconds).toFixed(1),
          ms(f.count, f.p50),
          ms(f.count, f.p95),
          ms(f.count, f.p99),
          String(stats.errors),
        ];
      }),
      (() => {
        const t = totals(result);
        return [
          String(result.processes),
          'step save (1-3)',
          String(t.stepSaves.count),
          (t.stepSaves.count / result.seconds).toFixed(1),
          ms(t.stepSaves.count, t.stepSaves.p50),
          ms(t.stepSaves.count, t.stepSaves.p95),
          ms(t.stepSaves.count, t.stepSaves.p99),
          String(
            stepKinds.reduce((total, kind) => total + result.stats.byKind.get(kind)!.errors, 0),
          ),
        ];
      })(),
    ]),
  );

  printTable(
    [
      'processes',
      'ready ms',
      'journeys',
      'requests',
      'req/s',
      'errors',
      'db conns open max/mean',
      'db conns in use max/mean',
      'exit codes',
      'load 1 min',
    ],
    results.map((result) => {
      const t = totals(result);
      const { open, busy } = result.connections;
      return [
        String(result.processes),
        result.readyMs.toFixed(0),
        String(result.stats.journeys),
        String(t.requests),
        t.rps.toFixed(1),
        String(t.errors),
        `${Math.max(0, ...open)} / ${mean(open).toFixed(1)}`,
        `${Math.max(0, ...busy)} / ${mean(busy).toFixed(1)}`,
        result.exits.map(String).join(' '),
        result.load.toFixed(2),
      ];
    }),
  );

  for (const result of results) {
    for (const failure of result.stats.failures)
      process.stdout.write(`${result.processes} process(es), failed: ${failure}\n`);
    for (const line of result.processErrors.slice(0, 8))
      process.stdout.write(`${result.processes} process(es), logged error: ${line}\n`);
  }
}

/** Prints the budgets' table; answers whether every judged budget is met. */
export function checkBudgets(results: RoundResult[], cpus: number): boolean {
  const budgetRows: string[][] = [];
  let ok = true;
  for (const result of results) {
    const { errors } = totals(result);
    const within = errors === 0;
    ok &&= within;
    budgetRows.push([
      `${result.processes} process(es): errors`,
      String(errors),
      '0',
      within ? 'ok' : 'OVER',
    ]);
  }
  for (const result of results) {
    const clean = result.exits.every((code) => code === 0);
    ok &&= clean;
    budgetRows.push([
      `${result.processes} process(es): exit after SIGTERM (hand-over)`,
      result.exits.map(String).join(' '),
      '0 each',
      clean ? 'ok' : 'FAILED',
    ]);
  }
  const one = results.find((result) => result.processes === 1);
  const two = results.find((result) => result.processes === 2);
  if (one && two) {
    const saves = [totals(one).stepSaves, totals(two).stepSaves] as const;
    const [p99One, p99Two] = [saves[0].p99, saves[1].p99];
    const measured = saves.every((each) => each.count > 0);
    const p99Within = measured && p99Two <= 2 * p99One;
    ok &&= p99Within;
    budgetRows.push([
      '2 processes: p99 of a step save',
      measured ? `${p99Two.toFixed(1)} ms` : '-',
      measured ? `<= 2 x ${p99One.toFixed(1)} = ${(2 * p99One).toFixed(1)} ms` : '<= 2 x 1 process',
      measured ? (p99Within ? 'ok' : 'OVER') : 'NOT MEASURED (no step saved: run longer)',
    ]);
    const ratio = totals(two).rps / totals(one).rps;
    const judged = cpus >= minCpusForThroughput;
    if (judged) ok &&= ratio >= 1.5;
    budgetRows.push([
      '2 processes: throughput vs 1',
      `${ratio.toFixed(2)} x`,
      '>= 1.5 x',
      judged
        ? ratio >= 1.5
          ? 'ok'
          : 'UNDER'
        : `not judged: ${cpus} CPUs (< ${minCpusForThroughput})`,
    ]);
  } else {
    budgetRows.push([
      '2 processes vs 1',
      '-',
      'p99 <= 2x, throughput >= 1.5x',
      'not run (needs rounds 1 and 2)',
    ]);
  }
  const three = results.find((result) => result.processes === 3);
  if (one && three)
    budgetRows.push([
      '3 processes: throughput vs 1',
      `${(totals(three).rps / totals(one).rps).toFixed(2)} x`,
      '(no budget)',
      '-',
    ]);
  printTable(['budget', 'measured', 'limit', 'result'], budgetRows);
  return ok;
}
