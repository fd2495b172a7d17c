import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes } from '@medipay/shared/api-error';
import { requestMessages } from '@medipay/shared/messages';
import { createTestAppInstances, type TestApp } from '../../../test/test-app';
import { prepareHandOver, type HandOver } from './hand-over';

let instances: TestApp[];
let closeAll: () => Promise<void>;
let handOver: HandOver;
let port: number;

const refusal = { code: errorCodes.unavailable, message: requestMessages.restarting };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A hand-over ends with the app closed: one app per test, all on one database (cheaper).
beforeAll(async () => {
  ({ instances, close: closeAll } = await createTestAppInstances(3));
});

afterAll(async () => {
  await closeAll();
});

beforeEach(async () => {
  const t = instances.shift()!;
  handOver = prepareHandOver(t.app);
  // A request that takes a while (an upload on a slow line, a slow partner).
  t.app.get('/api/test/slow', async (request) => {
    const { ms } = request.query as { ms?: string };
    await sleep(Number(ms ?? 1000));
    return { ok: true };
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** One HTTP/1.1 exchange over a socket of its own, written in parts (`send` more later). */
function rawRequest(firstPart: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  socket.write(firstPart);
  let data = '';
  socket.on('data', (chunk) => (data += String(chunk)));
  const response = new Promise<RawResponse>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
  return { send: (part: string) => socket.write(part), response };
}

function refusedConnection(): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('the hand-over (SIGTERM)', () => {
  it('while draining: readiness answers 503 in Portuguese, everything else is still served', async () => {
    expect(handOver.phase()).toBe('serving');
    const running = handOver.run({ drainMs: 1500, requestTimeoutMs: 5000 });
    expect(handOver.phase()).toBe('draining');

    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect(ready.headers.get('content-type')).toContain('application/json');
    expect(await ready.json()).toEqual(refusal);

    const live = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(live.status).toBe(200);
    const served = await fetch(`http://127.0.0.1:${port}/api/test/slow?ms=10`);
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');

    expect(await running).toEqual({ cut: 0 });
    expect(await refusedConnection()).toBe('ECONNREFUSED');
  });

  it('while closing: requests in flight finish, new connections are refused, late requests get 503', async () => {
    // In flight when the hand-over begins.
    const inFlight = rawRequest('GET /api/test/slow?ms=1500 HTTP/1.1\r\nHost: portal\r\n\r\n');
    // A connection whose request is still arriving (its headers are not complete yet).
    const late = rawRequest('GET /api/health/ready HTTP/1.1\r\nHost: portal\r\n');
    await sleep(300);

    const running = handOver.run({ requestTimeoutMs: 10_000 });
    await sleep(200);
    expect(handOver.phase()).toBe('closing');
    expect(await refusedConnection()).toBe('ECONNREFUSED');

    late.send('\r\n');
    const refused = await late.response;
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toEqual(refusal);

    const finished = await inFlight.response;
    expect(finished.status).toBe(200);
    expect(finished.headers.connection).toBe('close');
    expect(JSON.parse(finished.body)).toEqual({ ok: true });
    expect(await running).toEqual({ cut: 0 });
  });

  it('cuts the requests still running when the time for them is up, and closes anyway', async () => {
    const stuck = rawRequest('GET /api/test/slow?ms=20000 HTTP/1.1\r\nHost: portal\r\n\r\n');
    await sleep(300);
    const started = Date.now();
    expect(await handOver.run({ requestTimeoutMs: 1000 })).toEqual({ cut: 1 });
    expect(Date.now() - started).toBeLessThan(10_000);
    const response = await stuck.response.catch(() => null);
    expect(response?.status ?? 0).not.toBe(200);
  });
});
