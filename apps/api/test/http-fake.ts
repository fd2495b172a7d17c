import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer = { status: number; body: unknown } | 'hang';

export type HttpFake = Awaited<ReturnType<typeof startHttpFake>>;

/**
 * A local HTTP server answering like a partner service: `answer(path)` decides each response;
 * 'hang' never answers (a provider that times out). Every request path and User-Agent is kept.
 * A file that starts its fakes once can `answerWith` another function per test and `reset` them
 * between tests.
 */
export async function startHttpFake(answer: (path: string) => FakeAnswer, port = 0) {
  const calls: { path: string; userAgent: string | undefined }[] = [];
  const hanging = new Set<ServerResponse>();
  let current = answer;
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    calls.push({ path, userAgent: request.headers['user-agent'] });
    const result = current(path);
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
  const dropHanging = () => {
    for (const response of hanging) response.destroy();
    hanging.clear();
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    /** Answers the next requests with `next` instead. */
    answerWith: (next: (path: string) => FakeAnswer) => {
      current = next;
    },
    /** Back to the first answer, with no calls kept and no request left hanging. */
    reset: () => {
      current = answer;
      calls.length = 0;
      dropHanging();
    },
    close: async () => {
      dropHanging();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
