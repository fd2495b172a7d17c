import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@medipay/db/testing/test-database';
import { afterAll, describe, expect, it } from 'vitest';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'medipay-server-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    // Only what the server needs: the test must not depend on the developer's environment.
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUntilReady(port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

describe('the server process', () => {
  it('refuses to start with a bad PORT and SECRET, naming them but not their values', async () => {
    const server = startServer({ PORT: 'porta-abc', SECRET: 'segredo-curto-9f3k' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: deve ser um número de porta entre 0 e 65535');
    expect(server.output()).toContain('SECRET: deve ter pelo menos 32 caracteres');
    expect(server.output()).not.toContain('porta-abc');
    expect(server.output()).not.toContain('segredo-curto-9f3k');
  });

  it('starts on PGlite in DATA_DIR, answers, and shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    const ready = await waitUntilReady(port);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"signal":"SIGTERM"');

    // The data folder is reused on the next start (SIGINT this time).
    const again = startServer({ PORT: String(port) });
    await waitUntilReady(port);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('runs on PostgreSQL with DATABASE_URL', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const port = await freePort();
      const server = startServer({ PORT: String(port), DATABASE_URL: String(database.url) });
      await waitUntilReady(port);
      const { rows } = await database.db.execute<{ extname: string }>(
        sql`select extname from pg_extension where extname = 'pg_trgm'`,
      );
      expect(rows).toHaveLength(1);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"database":"postgres"');
    } finally {
      await database.close();
    }
  });
});
