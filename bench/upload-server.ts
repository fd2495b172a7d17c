// What the upload benchmarks share (uploads.ts, pdf-uploads.ts): the real server started from
// source (`node --import tsx apps/api/src/server.ts`) on PGlite in a given DATA_DIR, HTTP calls to
// it over kept-alive connections, applicant sessions made through the API, and a multipart upload
// of one file to a document field.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { root } from './lib.mjs';

export type Reply = { status: number; text: string; cookies: string[] };
/** An upload's status (-1 when the connection failed), time and body. */
export type Answer = { status: number; ms: number; text: string };
export type UploadFile = { field: string; fileName: string; mimeType: string; file: Buffer };
export type SourceServer = { pid: number; alive: () => boolean; stop: () => Promise<void> };

/** Kept-alive connections, as many as there are requests in flight. */
const agent = new Agent({ keepAlive: true });

export function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          cookies: res.headers['set-cookie'] ?? [],
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Closes the kept-alive connections, so that the benchmark's process can end. */
export function closeConnections(): void {
  agent.destroy();
}

/**
 * Starts the server from source and resolves once /api/health/ready answers 200. PGlite in
 * DATA_DIR, local file storage and the KYC checks' default, whatever the shell says; the rest of
 * the shell's environment goes to the server.
 */
export async function startSourceServer(port: number, dataDir: string): Promise<SourceServer> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
  };
  for (const key of ['DATABASE_URL', 'S3_BUCKET', 'KYC_CHECKS']) delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env,
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
  return {
    pid: child.pid!,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `count` PF applicant sessions, one after another: their cookies (`medipay_pf=…`). */
export async function createSessions(port: number, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await call(
      port,
      'POST',
      '/api/applicant/sessions',
      { 'content-type': 'application/json' },
      JSON.stringify({ flow: 'PF' }),
    );
    const cookie = response.cookies.find((value) => value.startsWith('medipay_pf='));
    if (response.status !== 201 || !cookie)
      throw new Error(`session: ${response.status} ${response.text}`);
    cookies.push(cookie.split(';')[0]!);
  }
  return cookies;
}

/** One file as multipart/form-data to POST /api/applicant/PF/documents/<field>, timed. */
export async function upload(port: number, cookie: string, sent: UploadFile): Promise<Answer> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${sent.fileName}"\r\nContent-Type: ${sent.mimeType}\r\n\r\n`,
    ),
    sent.file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  let status = -1;
  let text = '';
  try {
    ({ status, text } = await call(
      port,
      'POST',
      `/api/applicant/PF/documents/${sent.field}`,
      { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    ));
  } catch {
    // the connection failed: -1
  }
  return { status, ms: performance.now() - started, text };
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;

/** The statuses answered and how often, such as `201 ×9, 503 ×1`. */
export function statusCounts(answers: { status: number }[]): string {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} ×${count}`)
    .join(', ');
}
