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
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import { latestCodeFor } from '../apps/api/test/applicant';
import { cpfFrom } from '../apps/api/test/cpf';
import { image, multipart, pdf } from '../apps/api/test/files';
import { serverBuild, serverEntry } from '../scripts/server-build.mjs';
import { freePort, printTable, root } from './lib.mjs';

const bucket = 'medipay-bench';
const postgresServer =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The bench's own connections carry this name and are left out of the connection counts. */
const benchApplicationName = 'medipay-bench';
const sampleEveryMs = 250;
const requestTimeoutMs = 60_000;
const minCpusForThroughput = 4;

// --- The S3 server and SMTP sink, in a child process --------------------------------------------

async function runServices(directory: string) {
  const { default: S3rver } = await import('s3rver');
  const { startSmtpSink } = await import('../apps/api/test/smtp-sink');
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  // Takes the e-mails of production mode (SMTP_URL is required there). One-time codes are read
  // from the outbox and used at once, so most code e-mails are closed unsent (already used).
  const smtp = await startSmtpSink();
  process.stdout.write(`${JSON.stringify({ s3: port, smtp: smtp.url })}\n`);
  process.once('SIGTERM', () => {
    void Promise.all([s3.close(), smtp.close()]).then(() => process.exit(0));
  });
}

type Services = { s3Endpoint: string; smtpUrl: string; stop: () => Promise<void> };

async function startServices(directory: string): Promise<Services> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/cluster.ts', '--services', directory],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', () => reject(new Error('the S3 and SMTP services exited')));
  });
  const started = JSON.parse(firstLine) as { s3: number; smtp: string };
  return {
    s3Endpoint: `http://127.0.0.1:${started.s3}`,
    smtpUrl: started.smtp,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

// --- The API processes ---------------------------------------------------------------------------

type ApiProcess = {
  port: number;
  readyMs: number;
  /** Log lines at level error or above (pino: 50+). */
  errors: string[];
  /** SIGTERM, then its exit code once it exited (0: a clean hand-over). */
  stop: () => Promise<number | string | null>;
};

/** Variables of the shell that would change what the processes do; the bench sets its own. */
const clearedVariables = [
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'STORAGE',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'AWS_PROFILE',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'SECRET',
  'SMTP_URL',
  'SMS_PROVIDER',
  'SMS_API_TOKEN',
  'WHATSAPP_FROM',
  'MEDIPAY_API_URL',
  'MEDIPAY_API_KEY',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'KYC_CHECKS',
  'TRUST_PROXY',
  'PUBLIC_URL',
  'WEB_DIST_DIR',
];

async function startApiProcess(port: number, env: Record<string, string>): Promise<ApiProcess> {
  const processEnv: Record<string, string | undefined> = { ...process.env };
  for (const key of clearedVariables) delete processEnv[key];
  const startedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    cwd: root,
    env: { ...processEnv, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const errors: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        err?: { message?: string };
      };
      if ((entry.level ?? 0) >= 50)
        errors.push(`${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
    } catch {
      // not a log line
    }
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the API process on ${port} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the API process on ${port} did not start in 180 s`);
    try {
      if ((await call(port, 'GET', '/api/health/ready', {})).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    readyMs: performance.now() - startedAt,
    errors,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 45_000);
        await exited;
        clearTimeout(killer);
      }
      return child.exitCode ?? child.signalCode;
    },
  };
}

// --- HTTP ----------------------------------------------------------------------------------------

const agents = new Map<number, Agent>();

function agentFor(port: number): Agent {
  let agent = agents.get(port);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 1000 });
    agents.set(port, agent);
  }
  return agent;
}

type Answer = { status: number; body: Buffer; setCookie: string[] };

function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent: agentFor(port), headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(requestTimeoutMs, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

// --- The applicants ------------------------------------------------------------------------------

const kinds = [
  'session',
  'code send',
  'code check',
  'step 1',
  'upload',
  'step 2',
  'step 3',
  'read application',
  'read document',
] as const;
type Kind = (typeof kinds)[number];
const stepKinds: Kind[] = ['step 1', 'step 2', 'step 3'];

type KindStats = { latencies: number[]; errors: number };
type RoundStats = {
  byKind: Map<Kind, KindStats>;
  /** The first few failures, to say what went wrong. */
  failures: string[];
  journeys: number;
};

class TimeIsUp extends Error {}

type Files = { pdf: Buffer; jpeg: Buffer };

type Round = {
  ports: number[];
  database: DatabaseHandle;
  files: Files;
  stats: RoundStats;
  /** Latencies count from here; requests stop starting at `until`. */
  measureFrom: number;
  until: number;
};

let nextPerson = 0;
let nextProcess = 0;

/** One person's way through the start of the PF wizard; throws on the first failure. */
async function journey(round: Round) {
  nextPerson += 1;
  const n = nextPerson;
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const email = `cluster${n}@example.com`;
  const national = `119${String(70_000_000 + n).padStart(8, '0')}`;
  const telefone = `+55 (11) ${national.slice(2, 7)}-${national.slice(7)}`;
  const phoneE164 = `+55${national}`;
  const cpf = cpfFrom(100_000_000 + n * 7919);
  let cookie = '';

  const send = async (
    kind: Kind,
    method: string,
    path: string,
    expected: number,
    payload?: object | { multipart: ReturnType<typeof multipart> },
    /** What is wrong with a right status's answer, if anything. */
    check?: (answer: Answer) => string | undefined,
    /** The process to ask; by default the next in turn. */
    onPort?: number,
  ): Promise<Answer & { port: number }> => {
    if (performance.now() >= round.until) throw new TimeIsUp();
    const port = onPort ?? round.ports[nextProcess++ % round.ports.length]!;
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (cookie) headers.cookie = cookie;
    let body: Buffer | string | undefined;
    if (payload && 'multipart' in payload) {
      Object.assign(headers, payload.multipart.headers);
      body = payload.multipart.payload;
    } else if (payload) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(payload);
    }
    const started = performance.now();
    let answer: Answer | undefined;
    let failure: string | undefined;
    try {
      answer = await call(port, method, path, headers, body);
      failure =
        answer.status === expected
          ? check?.(answer)
          : `${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`;
    } catch (error) {
      failure = (error as Error).message;
    }
    const stats = round.stats.byKind.get(kind)!;
    if (started >= round.measureFrom) stats.latencies.push(performance.now() - started);
    if (failure !== undefined || !answer) {
      stats.errors += 1;
      if (round.stats.failures.length < 8)
        round.stats.failures.push(`${kind} (${method} ${path} on :${port}): ${failure}`);
      throw new Error(failure);
    }
    return { ...answer, port };
  };
  const json = (answer: Answer) =>
    JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;

  const session = await send('session', 'POST', '/api/applicant/sessions', 201, { flow: 'PF' });
  cookie = session.setCookie.map((header) => header.split(';')[0]).join('; ');

  const verify = async (channel: 'email' | 'phone', destination: string, recipient: string) => {
    await send('code send', 'POST', '/api/applicant/PF/verification/send', 202, {
      channel,
      destination,
    });
    const code = await latestCodeFor(round.database.db, recipient);
    await send('code check', 'POST', '/api/applicant/PF/verification/verify', 200, {
      channel,
      code,
    });
  };
  await verify('email', email, email);
  await verify('phone', telefone, phoneE164);

  const steps = '/api/applicant/PF/application/steps';
  await send('step 1', 'PUT', `${steps}/1`, 200, {
    nomeCompleto: 'Ana Beatriz Souza',
    nacionalidade: 'brasileira',
    cpf,
    estadoCivil: 'casado',
    email: email.toUpperCase(),
    telefone,
  });

  const upload = async (field: string, fileName: string, data: Buffer, contentType: string) => {
    const answer = await send('upload', 'POST', `/api/applicant/PF/documents/${field}`, 201, {
      multipart: multipart('file', fileName, data, contentType),
    });
    return { document: json(answer), port: answer.port };
  };
  const { document: proof, port: proofPort } = await upload(
    'comprovanteResidencia',
    'comprovante.pdf',
    round.files.pdf,
    'application/pdf',
  );
  await send('step 2', 'PUT', `${steps}/2`, 200, {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Apto 12',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'sp',
    comprovanteResidencia: proof,
  });

  const { document: front } = await upload(
    'docIdentidadeFrente',
    'frente.jpg',
    round.files.jpeg,
    'image/jpeg',
  );
  const { document: back } = await upload(
    'docIdentidadeVerso',
    'verso.jpg',
    round.files.jpeg,
    'image/jpeg',
  );
  await send('step 3', 'PUT', `${steps}/3`, 200, {
    docProfissionalTipo: 'CRM',
    docProfissionalNumero: '123456',
    docProfissionalUf: 'SP',
    docProfissionalOrgaoEmissor: 'CRM-SP',
    docIdentidadeFrente: front,
    docIdentidadeVerso: back,
    docIdentidadeNome: 'ANA BEATRIZ SOUZA',
    docIdentidadeNumero: '12.345.678-9',
    docIdentidadeOrgao: 'SSP',
    docIdentidadeUf: 'SP',
    docIdentidadeValidade: '',
  });

  await send(
    'read application',
    'GET',
    '/api/applicant/PF/application',
    200,
    undefined,
    (answer) => {
      const state = json(answer);
      return state.currentStep === 4 && answer.body.toString('utf8').includes(String(proof.id))
        ? undefined
        : `the application read back is not at step 4 with its proof of residence: ${answer.body.toString('utf8').slice(0, 200)}`;
    },
  );
  await send(
    'read document',
    'GET',
    `/api/documents/${String(proof.id)}`,
    200,
    undefined,
    // A PDF is stored as sent (images are re-encoded): the same bytes must come back.
    (answer) =>
      answer.body.equals(round.files.pdf)
        ? undefined
        : `the document read back differs from the one sent (${answer.body.length} bytes)`,
    // Through the process after the one that stored it: the bucket is what they share.
    round.ports[(round.ports.indexOf(proofPort) + 1) % round.ports.length],
  );
  if (performance.now() < round.until) round.stats.journeys += 1;
}

async function applicantLoop(round: Round) {
  while (performance.now() < round.until) {
    try {
      await journey(round);
    } catch (error) {
      if (error instanceof TimeIsUp) return;
      // Counted where it failed; a new person starts.
    }
  }
}

// --- The database --------------------------------------------------------------------------------

function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

async function adminQuery(text: string) {
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
async function sampleConnections(url: string) {
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

// --- A round -------------------------------------------------------------------------------------

type Options = {
  durationS: number;
  applicants: number;
  warmupS: number;
  processes: number[];
  poolSize: string | undefined;
};

type RoundResult = {
  processes: number;
  stats: RoundStats;
  seconds: number;
  /** From the spawn of the processes, all at once, to the last one's readiness. */
  readyMs: number;
  connections: { open: number[]; busy: number[] };
  load: number;
  /** Each process's exit after SIGTERM: 0 is a clean hand-over. */
  exits: (number | string | null)[];
  processErrors: string[];
};

/** Creates the round's database and folder, runs `use`, and drops and removes them. */
async function withDatabase<T>(use: (url: string, folder: string) => Promise<T>): Promise<T> {
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

function processEnv(
  options: Options,
  databaseUrl: string,
  services: Services,
  secret: string,
  publicPort: number,
  dataDir: string,
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${publicPort}`,
    SECRET: secret,
    DATABASE_URL: databaseUrl,
    ...(options.poolSize !== undefined && { DATABASE_POOL_SIZE: options.poolSize }),
    STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: services.s3Endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    SMTP_URL: services.smtpUrl,
    SMS_PROVIDER: 'log',
    MEDIPAY_API_URL: 'sandbox',
    KYC_CHECKS: 'real',
    TRUST_PROXY: '127.0.0.1',
    MALLOC_ARENA_MAX: '2',
  };
}

async function runRound(processes: number, options: Options, files: Files): Promise<RoundResult> {
  return withDatabase(async (databaseUrl, folder) => {
    mkdirSync(join(folder, 's3'));
    const services = await startServices(join(folder, 's3'));
    try {
      const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
      const secret = randomBytes(48).toString('base64url');
      // All at once, on the empty database.
      const started = await Promise.allSettled(
        ports.map((port, index) =>
          startApiProcess(
            port,
            processEnv(
              options,
              databaseUrl,
              services,
              secret,
              ports[0]!,
              join(folder, `p${index}`),
            ),
          ),
        ),
      );
      const api = started.flatMap((each) => (each.status === 'fulfilled' ? [each.value] : []));
      let measured: Omit<RoundResult, 'exits' | 'processErrors'>;
      let exits: RoundResult['exits'];
      try {
        const failedStart = started.find((each) => each.status === 'rejected');
        if (failedStart) throw failedStart.reason;
        measured = await drive(processes, ports, databaseUrl, options, files);
        measured.readyMs = Math.max(...api.map((each) => each.readyMs));
      } finally {
        exits = await Promise.all(api.map((each) => each.stop()));
        for (const agent of agents.values()) agent.destroy();
        agents.clear();
      }
      return {
        ...measured,
        exits,
        processErrors: api.flatMap((each) => each.errors.map((line) => `:${each.port} ${line}`)),
      };
    } finally {
      await services.stop();
    }
  });
}

/** The applicants against the running processes, for the warm-up and the measured time. */
async function drive(
  processes: number,
  ports: number[],
  databaseUrl: string,
  options: Options,
  files: Files,
): Promise<Omit<RoundResult, 'exits' | 'processErrors'>> {
  const database = await createDb({
    url: withApplicationName(databaseUrl, benchApplicationName),
    poolSize: 4,
  });
  try {
    const stats: RoundStats = {
      byKind: new Map(kinds.map((kind) => [kind, { latencies: [], errors: 0 }])),
      failures: [],
      journeys: 0,
    };
    const now = performance.now();
    const round: Round = {
      ports,
      database,
      files,
      stats,
      measureFrom: now + options.warmupS * 1000,
      until: now + (options.warmupS + options.durationS) * 1000,
    };
    const applicants = Array.from({ length: options.applicants }, () => applicantLoop(round));
    await new Promise((resolve) => setTimeout(resolve, options.warmupS * 1000));
    const stopSampling = await sampleConnections(databaseUrl);
    await Promise.all(applicants);
    const connections = await stopSampling();
    return {
      processes,
      stats,
      seconds: options.durationS,
      readyMs: 0,
      connections,
      load: loadavg()[0]!,
    };
  } finally {
    await database.close();
  }
}

// --- Figures -------------------------------------------------------------------------------------

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

async function postgresReachable(): Promise<boolean> {
  try {
    await adminQuery('select 1');
    return true;
  } catch {
    return false;
  }
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

  // Budgets.
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

if (process.argv[2] === '--services') {
  await runServices(process.argv[3]!);
} else {
  const ok = await main();
  process.exit(ok ? 0 : 1);
}
