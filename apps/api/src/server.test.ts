import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '@medipay/db/client';
import { createTestDatabase } from '@medipay/db/testing/test-database';
import { afterAll, describe, expect, it } from 'vitest';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'medipay-server-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Each test spawns real server processes, which load the whole app through tsx: on a loaded
 * machine a start takes tens of seconds, so the waits are generous (they end as soon as the
 * server answers, or as soon as its process exits).
 */
const START_TIMEOUT_MS = 150_000;
const TEST_TIMEOUT_MS = 240_000;

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
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  return { child, exited, output: () => output, hasExited: () => exitCode !== undefined };
}

type Server = ReturnType<typeof startServer>;

async function waitUntilReady(server: Server, port: number) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && !server.hasExited()) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}

/** Resolves with the connection error code ('ECONNREFUSED') or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('the server process', () => {
  it(
    'refuses to start with a bad PORT and SECRET, naming them but not their values',
    async () => {
      const server = startServer({ PORT: 'porta-abc', SECRET: 'segredo-curto-9f3k' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('PORT: deve ser um número de porta entre 0 e 65535');
      expect(server.output()).toContain('SECRET: deve ter pelo menos 32 caracteres');
      expect(server.output()).not.toContain('porta-abc');
      expect(server.output()).not.toContain('segredo-curto-9f3k');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'starts on PGlite in DATA_DIR, answers, and shuts down gracefully on SIGTERM',
    async () => {
      const port = await freePort();
      const server = startServer({ PORT: String(port) });
      const ready = await waitUntilReady(server, port);
      expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' });

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // Development logs are lines for people, with the banner of the addresses to open.
      expect(server.output()).toMatch(/INFO\s+shutting down\s+signal=SIGTERM/);
      expect(server.output()).toContain(
        `Back office     http://localhost:${port}/onboarding/admin/login`,
      );
      expect(server.output()).toContain('Primeiro admin  senha no quadro acima');
      expect(server.output()).not.toContain('"msg"');

      // The data folder is reused on the next start (SIGINT this time).
      const again = startServer({ PORT: String(port) });
      await waitUntilReady(again, port);
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'on SIGTERM finishes the request in flight, refuses new connections and exits 0',
    async () => {
      const port = await freePort();
      const server = startServer({ PORT: String(port) });
      await waitUntilReady(server, port);

      // A request whose body is still arriving (a slow line) when the signal comes.
      const body = JSON.stringify({ flow: 'PF' });
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += String(chunk)));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        [
          'POST /api/applicant/sessions HTTP/1.1',
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          `Content-Length: ${body.length}`,
          '',
          body.slice(0, 5),
        ].join('\r\n'),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));

      server.child.kill('SIGTERM');
      // The listener closes: new connections are refused while the request is still open.
      const deadline = Date.now() + 30_000;
      while ((await tryConnect(port)) !== 'ECONNREFUSED' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await tryConnect(port)).toBe('ECONNREFUSED');
      expect(server.hasExited()).toBe(false);

      socket.write(body.slice(5));
      await closed;
      const [head = '', responseBody = ''] = received.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 201 /);
      expect(head.toLowerCase()).toContain('connection: close');
      expect(JSON.parse(responseBody)).toMatchObject({ flow: 'PF' });

      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('signal=SIGTERM');
      expect(server.output()).toMatch(/INFO\s+stopped/);
    },
    TEST_TIMEOUT_MS,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs on PostgreSQL with DATABASE_URL',
    async () => {
      const database = await createTestDatabase({ migrate: false });
      try {
        const port = await freePort();
        const server = startServer({ PORT: String(port), DATABASE_URL: String(database.url) });
        await waitUntilReady(server, port);
        const { rows } = await database.db.execute<{ extname: string }>(
          sql`select extname from pg_extension where extname = 'pg_trgm'`,
        );
        expect(rows).toHaveLength(1);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain('database=postgres');
      } finally {
        await database.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'starts three processes at once on a new PostgreSQL database: one migrates, one first admin',
    async () => {
      const database = await createTestDatabase({ migrate: false });
      const servers: Server[] = [];
      try {
        const ports = await Promise.all([freePort(), freePort(), freePort()]);
        // One deployment: the same settings, a SECRET shared by every process.
        const shared = {
          DATABASE_URL: String(database.url),
          SECRET: randomBytes(32).toString('base64url'),
          ADMIN_EMAIL: 'operacao@clinica.com.br',
          ADMIN_PASSWORD: 'senha-do-operador-123',
        };
        for (const port of ports) {
          servers.push(
            startServer({
              ...shared,
              PORT: String(port),
              DATA_DIR: mkdtempSync(join(dataDir, 'process-')),
            }),
          );
        }
        await Promise.all(servers.map((server, i) => waitUntilReady(server, ports[i]!)));

        const journal = JSON.parse(
          readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        const applied = await database.db.execute<{ count: number }>(
          sql`select count(*)::int as count, count(distinct hash)::int as hashes
                from drizzle.__drizzle_migrations`,
        );
        expect(applied.rows[0]).toEqual({
          count: journal.entries.length,
          hashes: journal.entries.length,
        });
        const admins = await database.db.execute<{ email: string; role: string }>(
          sql`select email, role from admin_users`,
        );
        expect(admins.rows).toEqual([{ email: 'operacao@clinica.com.br', role: 'admin_master' }]);

        for (const server of servers) server.child.kill('SIGTERM');
        expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0, 0]);
      } finally {
        for (const server of servers) if (!server.hasExited()) server.child.kill('SIGKILL');
        await database.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
