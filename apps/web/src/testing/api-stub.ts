/* A stub of `fetch` for component tests: realistic JSON answers keyed by 'METHOD /api/path'. A
   test file stubs the global with it: `vi.stubGlobal('fetch', fetchMock)` in its beforeEach. */
import { vi } from 'vitest';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';

export const fetchMock = vi.fn();

export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function noContent() {
  return new Response(null, { status: 204 });
}

/** An error in the API's one wire format. */
export function apiError(status: number, message: string, code: string = errorCodes.badRequest) {
  return json({ code, message }, status);
}

/**
 * A request as the stub saw it: a JSON body parsed, any other body (a multipart FormData) as
 * sent; `file` is the multipart `file` part, if any.
 */
export type StubRequest = { method: string; url: string; body: unknown; file: File | null };
export type Handler = (request: StubRequest) => Response | Promise<Response>;

/**
 * Answers `fetch` from `handlers` (keyed 'METHOD /api/path'); the object may be changed between
 * steps. An exact key ('GET /api/x?page=2') wins over the path alone ('GET /api/x'). An
 * unexpected request gets a 404 and is listed in `unexpected`.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const requests: StubRequest[] = [];
  const unexpected: string[] = [];
  fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const file = init.body instanceof FormData ? (init.body.get('file') as File | null) : null;
    const request: StubRequest = { method, url, body, file };
    requests.push(request);
    const handler = handlers[`${method} ${url}`] ?? handlers[`${method} ${url.split('?')[0]}`];
    if (!handler) {
      unexpected.push(`${method} ${url}`);
      return apiError(404, genericMessages.notFound, errorCodes.notFound);
    }
    return handler(request);
  });
  return {
    requests,
    unexpected,
    /** The requests to one endpoint (its exact key), e.g. `calls('POST /api/admin/login')`. */
    calls: (key: string) => requests.filter((entry) => `${entry.method} ${entry.url}` === key),
  };
}

/** A response the test releases when it wants (to see the pending state). */
export function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
