// Many processes, one database (issue [15], item 6): 1, then 2, then 3 API processes on one local
// PostgreSQL database with the documents in an S3 bucket of a local S3-compatible server
// (s3rver), driven by N concurrent applicants spread over the processes round-robin, as a load
// balancer without sticky sessions spreads them. `npm run bench -- cluster [options]`:
//
//   --duration <s>      measured seconds per round (default 120)
//   --applicants <n>    concurrent applicants (default 200)
//   --warmup <s>        seconds before measuring, per round (default: a quarter of the duration,
//                       at most 10)
//   --processes <list>  the rounds, e.g. 1,2 (default 1,2,3)
//   --pool <n>          passed to every process as DATABASE_POOL_SIZE (default: unset, the app's)
//
// Each round runs on a fresh database (created on BENCH_POSTGRES_URL's server, by default
// postgres://postgres@127.0.0.1:5432/postgres, and dropped at its end) and a fresh bucket, so
// that the rounds start alike and none inherits the rows of another; all the round's processes
// start at the same moment on the empty database (the migrations run under their lock).
//
// The processes are the production server: the bundle `npm start` runs (apps/api/dist/server.mjs,
// rebuilt here when its sources changed) with NODE_ENV=production, DATABASE_URL, STORAGE=s3 and
// the S3 variables, one SECRET for all, e-mail to an SMTP sink, SMS to the log, the built-in
// MediPay sandbox, the real (offline) KYC checks and MALLOC_ARENA_MAX=2 (docs/deploy.md). The S3
// server and the SMTP sink run in a child process of their own (this file with `--services`), so
// that they do not share the event loop of the load.
//
// The applicants come through a proxy as far as the processes know: TRUST_PROXY=127.0.0.1 and
// every applicant its own X-Forwarded-For address, as a load balancer in front sends them. The
// per-IP limits stay on and count those addresses; one address per applicant keeps 200
// applicants far from them, as 200 people on their own connections would be.
//
// Each applicant, again and again until the time is up (a new person, session and address each
// time, no pause between requests: the processes are kept saturated, so the rounds compare
// capacity at the same offered load):
//   session        POST /api/applicant/sessions
//   code send      POST /api/applicant/PF/verification/send (e-mail, then phone)
//   code check     POST /api/applicant/PF/verification/verify (the code read from the outbox)
//   step 1         PUT  /api/applicant/PF/application/steps/1
//   upload         POST /api/applicant/PF/documents/<field> (a PDF proof of residence; the
//                  identity document's front and back, small JPEGs that the OCR job reads)
//   step 2, step 3 PUT  /api/applicant/PF/application/steps/2 and 3
//   read back      GET  /api/applicant/PF/application, and GET /api/documents/<id> of the proof
//                  of residence, from the bucket through the process after the one that stored
//                  it (with 2 or more processes never the same one)
//
// Printed per process count: requests per second, p50/p95/p99 per request kind, errors, the
// database's connections (pg_stat_activity every 250 ms: open, and in use, i.e. not idle), the
// CPU count and load average. Budgets (issue [15]), printed, never asserted in tests: 0 errors in
// every round; with 2 processes the p99 of a step save <= 2x the one-process p99; throughput with
// 2 processes >= 1.5x one process where the CPU allows it (at least 4 CPUs: one per API process
// and the rest for PostgreSQL, the S3 server and the load; on fewer the figure is printed, not
// judged).
//
// The parts are in bench/cluster/: services.ts (S3 and SMTP), database.ts, api-process.ts,
// http.ts, journey.ts (the applicants), round.ts and report.ts (tables and budgets).
import { availableParallelism } from 'node:os';
import { image, pdf } from '../apps/api/test/files';
import { serverBuild } from '../scripts/server-build.mjs';
import { postgresReachable, postgresServer } from './cluster/database';
import type { Files } from './cluster/journey';
import { checkBudgets, printResults } from './cluster/report';
import { runRound, type Options, type RoundResult } from './cluster/round';
import { runServices } from './cluster/services';

function parseOptions(args: string[]): Options {
  const value = (flag: string) => {
    const index = args.indexOf(flag);
    return index === -1 ? undefined : args[index + 1];
  };
  const number = (flag: string, fallback: number, min: number) => {
    const text = value(flag);
    if (text === undefined) return fallback;
    const parsed = Number(text);
    if (!Number.isFinite(parsed) || parsed < min) throw new Error(`${flag}: a number >= ${min}`);
    return parsed;
  };
  const known = ['--duration', '--applicants', '--warmup', '--processes', '--pool'];
  for (let i = 0; i < args.length; i += 2)
    if (!known.includes(args[i]!))
      throw new Error(`Unknown option ${args[i]}; known: ${known.join(', ')}`);
  const durationS = number('--duration', 120, 1);
  const processes = (value('--processes') ?? '1,2,3').split(',').map(Number);
  if (processes.some((count) => !Number.isInteger(count) || count < 1 || count > 8))
    throw new Error('--processes: a list of process counts from 1 to 8, e.g. 1,2,3');
  return {
    durationS,
    applicants: Math.floor(number('--applicants', 200, 1)),
    warmupS: number('--warmup', Math.min(10, durationS / 4), 0),
    processes,
    poolSize: value('--pool'),
  };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const cpus = availableParallelism();
  if (!(await postgresReachable())) {
    process.stdout.write(
      `PostgreSQL does not answer at ${postgresServer} (BENCH_POSTGRES_URL): the cluster benchmark needs it.\n`,
    );
    return false;
  }
  await serverBuild.ensure();
  const files: Files = { pdf: await pdf(), jpeg: await image('jpeg', 64, 64) };

  const results: RoundResult[] = [];
  for (const processes of options.processes) {
    process.stderr.write(`cluster: ${processes} process(es)...\n`);
    results.push(await runRound(processes, options, files));
  }

  printResults(results, options, cpus);
  return checkBudgets(results, cpus);
}

if (process.argv[2] === '--services') {
  await runServices(process.argv[3]!);
} else {
  const ok = await main();
  process.exit(ok ? 0 : 1);
}
