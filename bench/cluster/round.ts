// One round of the cluster benchmark: its database, bucket and processes, all started at once,
// and the applicants driven against them for the warm-up and the measured time.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@medipay/db/client';
import { freePort } from '../lib.mjs';
import { startApiProcess } from './api-process';
import {
  benchApplicationName,
  sampleConnections,
  withApplicationName,
  withDatabase,
} from './database';
import { closeAgents } from './http';
import { applicantLoop, kinds, type Files, type Round, type RoundStats } from './journey';
import { bucket, startServices, type Services } from './services';

export type Options = {
  durationS: number;
  applicants: number;
  warmupS: number;
  processes: number[];
  poolSize: string | undefined;
};

export type RoundResult = {
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

export async function runRound(
  processes: number,
  options: Options,
  files: Files,
): Promise<RoundResult> {
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
        closeAgents();
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
