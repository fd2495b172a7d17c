// The S3-compatible server (s3rver) and the SMTP sink of the cluster benchmark, run in a child
// process of their own (bench/cluster.ts with `--services`), so that they do not share the event
// loop of the load.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { root } from '../lib.mjs';

export const bucket = 'medipay-bench';

export async function runServices(directory: string) {
  const { default: S3rver } = await import('s3rver');
  const { startSmtpSink } = await import('../../apps/api/test/smtp-sink');
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

export type Services = { s3Endpoint: string; smtpUrl: string; stop: () => Promise<void> };

export async function startServices(directory: string): Promise<Services> {
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
