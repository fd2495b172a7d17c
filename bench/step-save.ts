// Step-save latency of the PF wizard under 50 concurrent applicants, on PGlite and on the local
// PostgreSQL (when it answers). The real server runs from source (`node --import tsx
// apps/api/src/server.ts`) on a temporary DATA_DIR. The 50 sessions, with their e-mail and phone
// already verified, are written straight into the database before the server starts (the
// one-time-code routes are limited to 30 sends per IP, far below 100 codes); everything else goes
// through the HTTP API: step 1, one small PDF per applicant as proof of residence, then each
// applicant saves step 2 again and again for 10 s. `npm run bench -- step-save`.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, type DatabaseOptions } from '@medipay/db/client';
import { applicantSessions } from '@medipay/db/schema';
import { generateSessionId } from '@medipay/shared/session-id';
import { cpfFrom } from '../apps/api/test/cpf';
import { pdf } from '../apps/api/test/files';
import { hashSessionToken } from '../apps/api/src/modules/applicant-session/applicant-session.service';
import { freePort, printTable, root } from './lib.mjs';

const applicants = 50;
const durationMs = 10_000;
const warmUpMs = 2_000;
const budgetP99Ms = 50;
const modes = [
  { name: 'applicants', pauseMs: 1000, budget: true },
  { name: 'saturation', pauseMs: 0, budget: false },
] as const;
const postgresServer =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Applicant = { cookie: string; body: string };
type Result = {
  requests: number;
  errors: number;
  latencies: number[];
  statuses: Map<number, number>;
};

const agent = new Agent({ keepAlive: true, maxSockets: applicants });

function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });

/** Sessions with both contacts verified, written before the server starts. */
async function seedSessions(options: DatabaseOptions) {
  const database = await createDb(options);
  await database.migrate();
  const people = Array.from({ length: applicants }, (_, index) => ({
    id: generateSessionId('PF'),
    email: `bench${index}@example.com`,
    national: `119${String(80_000_000 + index).padStart(8, '0')}`,
    cpf: cpfFrom(200_000_000 + index * 7919),
  }));
  const now = new Date();
  await database.db.insert(applicantSessions).values(
    people.map((person) => ({
      id: person.id,
      flow: 'PF' as const,
      verifiedEmail: person.email,
      verifiedPhone: `+55${person.national}`,
      // The cookie below holds the id: the session's token is the id (as for sessions made
      // before tokens were kept apart from ids).
      tokenHash: hashSessionToken(person.id),
      createdAt: now,
      lastSeenAt: now,
    })),
  );
  await database.close();
  return people;
}

async function startServer(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not start in 120 s');
    try {
      if ((await call(port, 'GET', '/api/health/ready', {})).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}

/** Step 1 and the proof of residence of each applicant, through the API. */
async function prepare(port: number, people: Awaited<ReturnType<typeof seedSessions>>) {
  const file = await pdf();
  const prepared: Applicant[] = [];
  for (const person of people) {
    const cookie = `medipay_pf=${person.id}`;
    const step1 = await call(
      port,
      'PUT',
      '/api/applicant/PF/application/steps/1',
      json(cookie),
      JSON.stringify({
        nomeCompleto: 'Profissional de Saúde',
        nacionalidade: 'brasileira',
        cpf: person.cpf,
        estadoCivil: 'solteiro',
        email: person.email,
        telefone: person.national,
      }),
    );
    if (step1.status !== 200) throw new Error(`step 1: ${step1.status} ${step1.text}`);
    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="comprovante.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await call(
      port,
      'POST',
      '/api/applicant/PF/documents/comprovanteResidencia',
      { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      multipart,
    );
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${upload.text}`);
    prepared.push({
      cookie,
      body: JSON.stringify({
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        complemento: 'Sala 12',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        uf: 'SP',
        comprovanteResidencia: JSON.parse(upload.text),
      }),
    });
  }
  return prepared;
}

/**
 * Every applicant saves step 2 again and again until `until`: after a pause of about `pauseMs`
 * (0.5 to 1.5 times it, as people do not click in step), or at once when `pauseMs` is 0.
 */
async function load(
  port: number,
  people: Applicant[],
  until: number,
  pauseMs: number,
  result?: Result,
) {
  await Promise.all(
    people.map(async (person) => {
      while (performance.now() < until) {
        if (pauseMs > 0)
          await new Promise((resolve) => setTimeout(resolve, pauseMs * (0.5 + Math.random())));
        if (performance.now() >= until) break;
        const started = performance.now();
        let status = 0;
        try {
          status = (
            await call(
              port,
              'PUT',
              '/api/applicant/PF/application/steps/2',
              json(person.cookie),
              person.body,
            )
          ).status;
        } catch {
          status = -1;
        }
        if (!result) continue;
        result.requests += 1;
        result.latencies.push(performance.now() - started);
        result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
        if (status !== 200) result.errors += 1;
      }
    }),
  );
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;

/** One run on PGlite in a temporary DATA_DIR, or on the PostgreSQL database of `databaseUrl`. */
async function run(name: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'medipay-bench-step-save-'));
  try {
    const database: DatabaseOptions = databaseUrl
      ? { url: databaseUrl }
      : { dataDir: join(dataDir, 'db') };
    const people = await seedSessions(database);
    const port = await freePort();
    const stop = await startServer(port, {
      DATA_DIR: dataDir,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    });
    try {
      const prepared = await prepare(port, people);
      await load(port, prepared, performance.now() + warmUpMs, 0);
      const rowsOfRun: string[][] = [];
      let ok = true;
      for (const mode of modes) {
        const result: Result = { requests: 0, errors: 0, latencies: [], statuses: new Map() };
        const started = performance.now();
        await load(port, prepared, started + durationMs, mode.pauseMs, result);
        const seconds = (performance.now() - started) / 1000;
        const sorted = [...result.latencies].sort((a, b) => a - b);
        const p50 = percentile(sorted, 0.5);
        const p99 = percentile(sorted, 0.99);
        const withinBudget = result.errors === 0 && p99 <= budgetP99Ms;
        if (mode.budget) ok &&= withinBudget;
        const others = [...result.statuses].filter(([status]) => status !== 200);
        if (others.length > 0)
          process.stdout.write(
            `${name}, ${mode.name}: answers other than 200: ${JSON.stringify(others)}\n`,
          );
        rowsOfRun.push([
          name,
          mode.name,
          String(result.requests),
          String(result.errors),
          (result.requests / seconds).toFixed(0),
          p50.toFixed(1),
          p99.toFixed(1),
          mode.budget ? `<= ${budgetP99Ms}` : '-',
          mode.budget ? (withinBudget ? 'ok' : 'OVER') : 'capacity',
        ]);
      }
      return { rows: rowsOfRun, ok };
    } finally {
      await stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function postgresReachable(): boolean {
  const probe = spawnSync('pg_isready', ['-d', postgresServer], { stdio: 'ignore' });
  return probe.status === 0;
}

async function withPostgresDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  const name = `medipay_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: postgresServer });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
  }
}

const rows: string[][] = [];
let allOk = true;
const pglite = await run('PGlite');
rows.push(...pglite.rows);
allOk &&= pglite.ok;
if (postgresReachable()) {
  const postgres = await withPostgresDatabase((url) => run('PostgreSQL', url));
  rows.push(...postgres.rows);
  allOk &&= postgres.ok;
} else {
  rows.push(['PostgreSQL', '-', '-', '-', '-', '-', '-', `<= ${budgetP99Ms}`, 'not reachable']);
}

process.stdout.write(
  `PUT /api/applicant/PF/application/steps/2: ${applicants} applicants at once, ${durationMs / 1000} s per mode after ${warmUpMs / 1000} s of warm-up. "applicants": each saves, then pauses about 1 s (budget). "saturation": each saves again as soon as answered, ${applicants} saves always in flight (capacity, no budget: PGlite answers one query at a time).\n\n`,
);
printTable(
  [
    'database',
    'mode',
    'requests',
    'errors',
    'req/s',
    'p50 ms',
    'p99 ms',
    'budget p99 ms',
    'result',
  ],
  rows,
);
agent.destroy();
process.exit(allOk ? 0 : 1);
