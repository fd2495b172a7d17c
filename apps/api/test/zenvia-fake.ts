import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ZenviaRequest = {
  path: string;
  token: string | undefined;
  body: Record<string, unknown>;
};

/**
 * A local server speaking Zenvia's API v2 messages endpoint. `failNext(n)` makes the next n
 * requests answer 503 as a provider outage would.
 */
export async function startZenviaFake() {
  const requests: ZenviaRequest[] = [];
  let failures = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const token = request.headers['x-api-token'];
      if (
        request.method !== 'POST' ||
        !/^\/v2\/channels\/(sms|whatsapp)\/messages$/.test(request.url ?? '')
      ) {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"code":"NOT_FOUND","message":"Not found"}');
        return;
      }
      if (token !== 'test-token') {
        response
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"code":"AUTHENTICATION_ERROR","message":"Invalid token"}');
        return;
      }
      if (failures > 0) {
        failures -= 1;
        response
          .writeHead(503, { 'content-type': 'application/json' })
          .end('{"code":"UNAVAILABLE","message":"Try later"}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      requests.push({ path: request.url ?? '', token: String(token), body });
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `zv-${requests.length}`, ...body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (count: number) => {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
