import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfFrom } from '../../../test/cpf';
import { startMedipaySandbox, type MedipaySandbox } from './medipay-sandbox.server';

const log = {
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => log,
} as unknown as FastifyBaseLogger;

let database: TestDatabase;
let sandbox: MedipaySandbox;

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await startMedipaySandbox({ db: database.db, log });
});

afterAll(async () => {
  await sandbox.close();
  await database.close();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${sandbox.apiKey}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const account = (externalId: string, base: number) => ({
  kind: 'PF',
  document: cpfFrom(base).replace(/\D/g, ''),
  name: 'João Souza',
  email: 'joao@example.com',
  phone: '+5521912345678',
  externalId,
});

describe('MediPay sandbox API', () => {
  it('listens on 127.0.0.1 with a generated bearer key', () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.apiKey).toMatch(/^mp_sandbox_.{32}$/);
  });

  it('requires the bearer key and an Idempotency-Key', async () => {
    const noAuth = await post('/v1/accounts', account('r1', 111_222_333), {
      authorization: `Basic ${sandbox.apiKey}`,
      'idempotency-key': 'k1',
    });
    expect(noAuth.status).toBe(401);
    expect(await noAuth.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const noKey = await post('/v1/accounts', account('r1', 111_222_333));
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringContaining('Idempotency-Key'),
    });
    expect(await sandbox.accounts()).toHaveLength(0);
  });

  it('refuses bad input with a message, and does not keep the refusal for the key', async () => {
    const bad = await post(
      '/v1/accounts',
      { ...account('r2', 222_333_444), phone: '11 91234-5678' },
      { 'idempotency-key': 'account:r2' },
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringContaining('phone'),
    });

    const corrected = await post('/v1/accounts', account('r2', 222_333_444), {
      'idempotency-key': 'account:r2',
    });
    expect(corrected.status).toBe(201);

    const malformed = await post('/v1/accounts', '{"kind":', { 'idempotency-key': 'k-json' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('replays a stored answer for the same key, method and path only', async () => {
    const created = await post('/v1/accounts', account('r3', 333_444_555), {
      'idempotency-key': 'same-key',
    });
    const { userId } = (await created.json()) as { userId: string };
    const documents = {
      documents: [
        {
          type: 'CNH',
          fileName: 'cnh.pdf',
          contentType: 'application/pdf',
          contentBase64: 'JVBERi0=',
        },
      ],
    };
    // The same key on another path is another request.
    const upload = await post(`/v1/accounts/${userId}/documents`, documents, {
      'idempotency-key': 'same-key',
    });
    expect(upload.status).toBe(201);
    expect(await upload.json()).toEqual({ received: 1 });
    const repeat = await post(`/v1/accounts/${userId}/documents`, documents, {
      'idempotency-key': 'same-key',
    });
    expect(await repeat.json()).toEqual({ received: 1 });
    const row = (await sandbox.accounts()).find((item) => item.userId === userId);
    expect(row?.documentsReceived).toBe(1);

    const emptyUpload = await post(
      `/v1/accounts/${userId}/documents`,
      { documents: [] },
      {
        'idempotency-key': 'empty',
      },
    );
    expect(emptyUpload.status).toBe(400);
    const verification = await post(
      `/v1/accounts/${userId}/email-verification`,
      {},
      {
        'idempotency-key': 'verify',
      },
    );
    expect(verification.status).toBe(400);
    const link = await post(
      `/v1/accounts/${userId}/onboarding-link`,
      { extra: 1 },
      {
        'idempotency-key': 'link',
      },
    );
    expect(link.status).toBe(400);
  });

  it('answers 404 ACCOUNT_NOT_FOUND and a not-found onboarding page', async () => {
    const response = await post(
      '/v1/accounts/mpu_nobody/onboarding-link',
      {},
      {
        'idempotency-key': 'x',
      },
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    const page = await fetch(`${sandbox.url}/onboarding/mpu_nobody`);
    expect(page.status).toBe(404);
  });

  it('injects failures with a chosen status, and restarts on the same port', async () => {
    sandbox.failNext(1, 500);
    const failed = await post('/v1/accounts', account('r4', 444_555_666), {
      'idempotency-key': 'account:r4',
    });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    const url = sandbox.url;
    await sandbox.stop();
    await expect(fetch(`${url}/onboarding/x`)).rejects.toThrow();
    await sandbox.start();
    await sandbox.start();
    expect(sandbox.url).toBe(url);
    const ok = await post('/v1/accounts', account('r4', 444_555_666), {
      'idempotency-key': 'account:r4',
    });
    expect(ok.status).toBe(201);
  });
});
