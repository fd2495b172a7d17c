import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs `npm start` and resolves once /api/health/ready answers. */
export async function startServer({ port, dataDir, env = {} }) {
  const startedAt = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so that stopping it also stops the server npm runs.
    detached: true,
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (response.ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const readyMs = performance.now() - startedAt;
  return {
    readyMs,
    stop: async () => {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/** Prints a Markdown table. */
export function printTable(headers, rows) {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) =>
    `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write(`${line(headers)}\n`);
  process.stdout.write(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.stdout.write('\n');
}
