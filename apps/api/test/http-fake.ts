import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer = { status: number; body: unknown } | 'hang';

/**
 * A local HTTP server answering like a partner service: `answer(path)` decides each response;
 * 'hang' never answers (a provider that times out). Every request path and User-Agent is kept.
 */
export async function startHttpFake(answer: (path: string) => FakeAnswer, port = 0) {
  const calls: { path: string; userAgent: string | undefined }[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    calls.push({ path, userAgent: request.headers['user-agent'] });
    const result = answer(path);
    if (result === 'hang') {
      hanging.add(response);
      return;
    }
    response
      .writeHead(result.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
