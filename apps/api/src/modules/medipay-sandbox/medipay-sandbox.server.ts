import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { Database } from '@medipay/db/client';
import {
  createAccountRequestSchema,
  describeIssues,
  emailVerificationRequestSchema,
  idempotencyKeyHeader,
  idempotencyKeySchema,
  onboardingLinkRequestSchema,
  platformErrorCodes,
  uploadDocumentsRequestSchema,
  type CreateAccountRequest,
} from '@medipay/shared/payment-platform';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import type { z } from 'zod';
import {
  createSandboxRepository,
  type SandboxAccount,
  type SandboxRepository,
  type StoredResponse,
} from './medipay-sandbox.repository';

/** Large enough for a record's documents (10 MB each, base64) in one request. */
const bodyLimitBytes = 100 * 1024 * 1024;

export type MedipaySandbox = {
  /** The base URL (http://127.0.0.1:<port>); the same across stop()/start() unless the port was taken. */
  readonly url: string;
  /** The bearer key generated at start; every /v1 request must carry it. */
  readonly apiKey: string;
  /** Answers `status` (503 by default) to the next `count` API requests, before acting. */
  failNext: (count: number, status?: number) => void;
  /** Holds the next `count` API requests for `ms` before handling them (a slow platform). */
  delayNext: (count: number, ms: number) => void;
  /** Stops listening (connections dropped), as a platform outage; start() resumes. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
  /** Every account the sandbox has opened, oldest first (for assertions and the back office). */
  accounts: () => Promise<SandboxAccount[]>;
};

class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new SandboxError(400, platformErrorCodes.invalidRequest, describeIssues(result.error));
  }
  return result.data;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The built-in MediPay sandbox (ARCHITECTURE departure 14), the default until MEDIPAY_API_URL is
 * set: a Fastify server of its own on 127.0.0.1 (an ephemeral port) implementing the platform API
 * v1 with its accounts in the portal's database, so the HTTP client is exercised exactly as
 * against production. A repeated POST with the same Idempotency-Key (and method and path) answers
 * the stored response without acting again; only successful answers are stored, so a request
 * refused for bad input may be corrected and sent again with the same key.
 */
export async function startMedipaySandbox(deps: {
  db: Database;
  log: FastifyBaseLogger;
  /** The port to listen on; 0 (default) picks a free one. */
  port?: number;
}): Promise<MedipaySandbox> {
  const repository = createSandboxRepository(deps.db);
  const apiKey = `mp_sandbox_${randomBytes(24).toString('base64url')}`;
  const controls = { failCount: 0, failStatus: 503, delayCount: 0, delayMs: 0 };
  let port = deps.port ?? 0;
  let server: FastifyInstance | undefined;

  const baseUrl = () => `http://127.0.0.1:${port}`;

  async function listen(): Promise<FastifyInstance> {
    const app = buildSandboxApp({ repository, apiKey, controls, baseUrl, log: deps.log });
    try {
      await app.listen({ host: '127.0.0.1', port });
    } catch (error) {
      if (port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      deps.log.warn({ port }, 'Sandbox MediPay: porta ocupada; escutando em outra porta');
      await app.close();
      const retry = buildSandboxApp({ repository, apiKey, controls, baseUrl, log: deps.log });
      await retry.listen({ host: '127.0.0.1', port: 0 });
      port = (retry.server.address() as AddressInfo).port;
      return retry;
    }
    port = (app.server.address() as AddressInfo).port;
    return app;
  }

  server = await listen();

  const stop = async () => {
    const running = server;
    server = undefined;
    await running?.close();
  };

  return {
    get url() {
      return baseUrl();
    },
    apiKey,
    failNext: (count, status = 503) => {
      controls.failCount = count;
      controls.failStatus = status;
    },
    delayNext: (count, ms) => {
      controls.delayCount = count;
      controls.delayMs = ms;
    },
    stop,
    start: async () => {
      server ??= await listen();
    },
    close: stop,
    accounts: () => repository.list(),
  };
}

function buildSandboxApp(options: {
  repository: SandboxRepository;
  apiKey: string;
  controls: { failCount: number; failStatus: number; delayCount: number; delayMs: number };
  baseUrl: () => string;
  log: FastifyBaseLogger;
}): FastifyInstance {
  const { repository, controls, log } = options;
  // Drops open connections on close, so stop() looks like an outage to the client.
  const app = Fastify({ logger: false, bodyLimit: bodyLimitBytes, forceCloseConnections: true });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    if (controls.failCount > 0) {
      controls.failCount -= 1;
      return reply
        .code(controls.failStatus)
        .send({ code: platformErrorCodes.unavailable, message: 'sandbox: injected failure' });
    }
    if (controls.delayCount > 0) {
      controls.delayCount -= 1;
      await delay(controls.delayMs);
    }
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(token, options.apiKey)) {
      return reply
        .code(401)
        .send({ code: platformErrorCodes.unauthorized, message: 'missing or wrong API key' });
    }
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof SandboxError) {
      return reply.code(error.status).send({ code: error.code, message: error.message });
    }
    if (error.statusCode !== undefined && error.statusCode < 500) {
      return reply
        .code(400)
        .send({ code: platformErrorCodes.invalidRequest, message: error.message });
    }
    log.error({ err: error }, 'Sandbox MediPay: erro interno');
    return reply.code(500).send({ code: 'INTERNAL_ERROR', message: 'sandbox internal error' });
  });

  /** Runs `act` once per Idempotency-Key, method and path; repeats answer the stored response. */
  async function idempotent(
    request: FastifyRequest,
    act: () => Promise<StoredResponse>,
  ): Promise<StoredResponse> {
    const header = request.headers[idempotencyKeyHeader];
    const parsed = idempotencyKeySchema.safeParse(header);
    if (!parsed.success) {
      throw new SandboxError(
        400,
        platformErrorCodes.invalidRequest,
        'Idempotency-Key header is required (1-255 printable ASCII characters)',
      );
    }
    const key = {
      idempotencyKey: parsed.data,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
    };
    const stored = await repository.findResponse(key);
    if (stored) return stored;
    const response = await act();
    return response.status < 300 ? repository.storeResponse(key, response) : response;
  }

  async function requireAccount(userId: string): Promise<SandboxAccount> {
    const account = await repository.findByUserId(userId);
    if (!account) {
      throw new SandboxError(404, platformErrorCodes.accountNotFound, `no account ${userId}`);
    }
    return account;
  }

  async function openAccount(input: CreateAccountRequest): Promise<StoredResponse> {
    for (let tries = 0; tries < 2; tries += 1) {
      const existing = await repository.findByDocument(input.document);
      if (existing) {
        if (existing.externalId !== input.externalId) {
          throw new SandboxError(
            409,
            platformErrorCodes.documentAlreadyRegistered,
            'document already registered for another externalId',
          );
        }
        return { status: 200, body: { userId: existing.userId, existingAccount: true } };
      }
      const created = await repository.insertAccount({
        userId: `mpu_${randomBytes(12).toString('hex')}`,
        ...input,
      });
      // Undefined: a concurrent request opened it first; the next pass answers that account.
      if (created) return { status: 201, body: { userId: created.userId, existingAccount: false } };
    }
    throw new Error('account neither created nor found');
  }

  app.post('/v1/accounts', async (request, reply) => {
    const answer = await idempotent(request, () =>
      openAccount(parseBody(createAccountRequestSchema, request.body)),
    );
    return reply.code(answer.status).send(answer.body);
  });

  app.post<{ Params: { userId: string } }>(
    '/v1/accounts/:userId/documents',
    async (request, reply) => {
      const answer = await idempotent(request, async () => {
        const account = await requireAccount(request.params.userId);
        const { documents } = parseBody(uploadDocumentsRequestSchema, request.body);
        await repository.addDocuments(account.userId, documents.length);
        return { status: 201, body: { received: documents.length } };
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.post<{ Params: { userId: string } }>(
    '/v1/accounts/:userId/onboarding-link',
    async (request, reply) => {
      const answer = await idempotent(request, async () => {
        const account = await requireAccount(request.params.userId);
        parseBody(onboardingLinkRequestSchema, request.body ?? {});
        const url =
          account.onboardingUrl ??
          `${options.baseUrl()}/onboarding/${encodeURIComponent(account.userId)}?t=${randomBytes(12).toString('hex')}`;
        if (!account.onboardingUrl) await repository.setOnboardingUrl(account.userId, url);
        return { status: 200, body: { url } };
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.post<{ Params: { userId: string } }>(
    '/v1/accounts/:userId/email-verification',
    async (request, reply) => {
      const answer = await idempotent(request, async () => {
        const account = await requireAccount(request.params.userId);
        const { email } = parseBody(emailVerificationRequestSchema, request.body);
        await repository.markVerificationSent(account.userId, email);
        log.info(
          { userId: account.userId, email },
          'Sandbox MediPay: e-mail de verificação (simulado)',
        );
        return { status: 202, body: {} };
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  /** Where the onboarding link leads in the sandbox: a plain page saying so. */
  app.get<{ Params: { userId: string } }>('/onboarding/:userId', async (request, reply) => {
    const account = await repository.findByUserId(request.params.userId);
    const title = 'MediPay — Sandbox';
    const text = account
      ? `Onboarding de ${escapeHtml(account.name)} na plataforma de pagamentos (ambiente de testes: nenhuma conta real foi criada).`
      : 'Conta não encontrada no sandbox.';
    return reply
      .code(account ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p></html>`,
      );
  });

  return app;
}
