// The API processes of the cluster benchmark: the production bundle, started with the round's
// environment and watched for logged errors.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { serverEntry } from '../../scripts/server-build.mjs';
import { root } from '../lib.mjs';
import { call } from './http';

export type ApiProcess = {
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

export async function startApiProcess(
  port: number,
  env: Record<string, string>,
): Promise<ApiProcess> {
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
