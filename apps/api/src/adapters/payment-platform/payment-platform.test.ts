import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import { paymentPlatformMessages } from '@medipay/shared/payment-platform';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startMedipaySandbox,
  type MedipaySandbox,
} from '../../modules/medipay-sandbox/medipay-sandbox.server';
import { cnpjFrom } from '../../../test/cnpj';
import { cpfFrom } from '../../../test/cpf';
import { startHttpFake } from '../../../test/http-fake';
import { createHttpPaymentPlatform } from './http';
import { createPaymentPlatform } from './index';
import { PaymentPlatformError, type PaymentPlatform } from './port';

const warnings: unknown[] = [];
const log = {
  info: () => {},
  warn: (...args: unknown[]) => warnings.push(args),
  error: () => {},
  debug: () => {},
  child: () => log,
} as unknown as FastifyBaseLogger;

const cpf = (base: number) => cpfFrom(base).replace(/\D/g, '');
let nextBase = 100_000_000;
const pfInput = (externalId: string, document = cpf((nextBase += 7))) => ({
  kind: 'PF' as const,
  document,
  name: 'Maria da Silva',
  email: 'maria@example.com',
  phone: '+5511987654321',
  externalId,
});

const document = {
  type: 'RG_FRENTE',
  fileName: 'rg.jpg',
  contentType: 'image/jpeg',
  contentBase64: Buffer.from('imagem').toString('base64'),
};

async function failure(promise: Promise<unknown>): Promise<PaymentPlatformError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentPlatformError);
  return error as PaymentPlatformError;
}

let database: TestDatabase;
let sandbox: MedipaySandbox;
let client: PaymentPlatform;
const sleeps: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await startMedipaySandbox({ db: database.db, log });
  client = createHttpPaymentPlatform({
    baseUrl: () => sandbox.url,
    apiKey: sandbox.apiKey,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
});

afterAll(async () => {
  await sandbox.close();
  await database.close();
});

beforeEach(() => {
  sleeps.length = 0;
  sandbox.failNext(0);
});

describe('accounts', () => {
  it('creates a PF account, replays the same key, and reports an existing account', async () => {
    const input = pfInput('rec-pf-1');
    const created = await client.createAccount(input, { idempotencyKey: 'account:rec-pf-1' });
    expect(created).toEqual({ userId: expect.stringMatching(/^mpu_/), existingAccount: false });

    const replay = await client.createAccount(input, { idempotencyKey: 'account:rec-pf-1' });
    expect(replay).toEqual(created);

    const again = await client.createAccount(input, { idempotencyKey: 'account:rec-pf-1:2' });
    expect(again).toEqual({ userId: created.userId, existingAccount: true });

    const accounts = await sandbox.accounts();
    expect(accounts.filter((account) => account.document === input.document)).toHaveLength(1);
  });

  it('creates a PJ account with a CNPJ (alphanumeric too)', async () => {
    for (const [index, base] of ['112223330001', '12ABC34501DE'].entries()) {
      const input = {
        ...pfInput(`rec-pj-${index}`, cnpjFrom(base)),
        kind: 'PJ' as const,
        name: 'Clínica Exemplo Ltda',
      };
      const created = await client.createAccount(input, { idempotencyKey: `account:pj-${index}` });
      expect(created.existingAccount).toBe(false);
      const again = await client.createAccount(input, { idempotencyKey: `account:pj-${index}:b` });
      expect(again).toEqual({ userId: created.userId, existingAccount: true });
    }
    const accounts = await sandbox.accounts();
    expect(accounts.filter((account) => account.kind === 'PJ')).toHaveLength(2);
  });

  it('refuses a document that belongs to another record', async () => {
    const input = pfInput('rec-owner');
    await client.createAccount(input, { idempotencyKey: 'account:rec-owner' });
    const error = await failure(
      client.createAccount(
        { ...input, externalId: 'rec-other' },
        { idempotencyKey: 'account:rec-other' },
      ),
    );
    expect(error.code).toBe('ALREADY_REGISTERED');
    expect(error.message).toBe(paymentPlatformMessages.alreadyRegistered);
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(409);
  });

  it('answers UNAUTHORIZED to a wrong key, without retrying', async () => {
    const wrong = createHttpPaymentPlatform({
      baseUrl: sandbox.url,
      apiKey: 'wrong-key',
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const error = await failure(
      wrong.createAccount(pfInput('rec-unauth'), { idempotencyKey: 'account:rec-unauth' }),
    );
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toBe(paymentPlatformMessages.notConfigured);
    expect(sleeps).toEqual([]);
  });

  it('refuses invalid input before calling the platform', async () => {
    const error = await failure(
      client.createAccount(
        { ...pfInput('rec-bad'), document: '12345678900' },
        { idempotencyKey: 'account:rec-bad' },
      ),
    );
    expect(error.code).toBe('INVALID');
    expect(error.detail).toContain('document');
    const badKey = await failure(
      client.getOnboardingUrl('mpu_x', { idempotencyKey: 'chave com espaço' }),
    );
    expect(badKey.code).toBe('INVALID');
  });
});

describe('account operations', () => {
  it('uploads documents, gets the onboarding link and sends the e-mail verification', async () => {
    const { userId } = await client.createAccount(pfInput('rec-ops'), {
      idempotencyKey: 'account:rec-ops',
    });
    await expect(
      client.uploadDocuments(userId, [document, { ...document, type: 'SELFIE' }], {
        idempotencyKey: 'documents:rec-ops',
      }),
    ).resolves.toEqual({ received: 2 });
    // The same key again: the stored answer, nothing counted twice.
    await client.uploadDocuments(userId, [document, document], {
      idempotencyKey: 'documents:rec-ops',
    });

    const url = await client.getOnboardingUrl(userId, { idempotencyKey: 'onboarding:rec-ops' });
    expect(url).toMatch(new RegExp(`^${sandbox.url}/onboarding/${userId}\\?t=`));
    await expect(
      client.getOnboardingUrl(userId, { idempotencyKey: 'onboarding:rec-ops:2' }),
    ).resolves.toBe(url);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sandbox');

    await client.sendEmailVerification(userId, 'maria@example.com', {
      idempotencyKey: 'verification:rec-ops',
    });

    const account = (await sandbox.accounts()).find((row) => row.userId === userId);
    expect(account).toMatchObject({
      documentsReceived: 2,
      onboardingUrl: url,
      verificationEmail: 'maria@example.com',
    });
    expect(account?.verificationSentAt).toBeInstanceOf(Date);
  });

  it('answers NOT_FOUND for an unknown user id', async () => {
    for (const call of [
      () => client.uploadDocuments('mpu_unknown', [document], { idempotencyKey: 'd:unknown' }),
      () => client.getOnboardingUrl('mpu_unknown', { idempotencyKey: 'o:unknown' }),
      () => client.sendEmailVerification('mpu_unknown', 'a@example.com', { idempotencyKey: 'v:u' }),
      () => client.getOnboardingUrl('  ', { idempotencyKey: 'o:blank' }),
    ]) {
      const error = await failure(call());
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe(paymentPlatformMessages.userIdMissing);
      expect(error.retryable).toBe(false);
    }
  });
});

describe('retries and idempotency', () => {
  it('retries 503s with backoff and the same key, creating one account', async () => {
    const input = pfInput('rec-retry');
    sandbox.failNext(2);
    const created = await client.createAccount(input, { idempotencyKey: 'account:rec-retry' });
    expect(created.existingAccount).toBe(false);
    expect(sleeps).toEqual([200, 800]);
    const accounts = (await sandbox.accounts()).filter((row) => row.externalId === 'rec-retry');
    expect(accounts).toHaveLength(1);
  });

  it('retries 429 too, and gives up with a retryable UNAVAILABLE after 3 attempts', async () => {
    sandbox.failNext(1, 429);
    await client.createAccount(pfInput('rec-429'), { idempotencyKey: 'account:rec-429' });
    expect(sleeps).toEqual([200]);

    sleeps.length = 0;
    sandbox.failNext(5);
    const error = await failure(
      client.createAccount(pfInput('rec-down'), { idempotencyKey: 'account:rec-down' }),
    );
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(paymentPlatformMessages.unavailable);
    expect(error.detail).toContain('3 attempts');
    expect(sleeps).toEqual([200, 800]);
    expect((await sandbox.accounts()).some((row) => row.externalId === 'rec-down')).toBe(false);
    sandbox.failNext(0);
  });

  it('reports a stopped platform, then creates the account once after start()', async () => {
    const input = pfInput('rec-outage');
    await sandbox.stop();
    const error = await failure(
      client.createAccount(input, { idempotencyKey: 'account:rec-outage' }),
    );
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.retryable).toBe(true);
    expect(sleeps).toEqual([200, 800]);

    await sandbox.start();
    const first = await client.createAccount(input, { idempotencyKey: 'account:rec-outage' });
    const second = await client.createAccount(input, { idempotencyKey: 'account:rec-outage' });
    expect(second).toEqual(first);
    expect(first.existingAccount).toBe(false);
    expect(
      (await sandbox.accounts()).filter((row) => row.externalId === 'rec-outage'),
    ).toHaveLength(1);
  });

  it('retries after a time-out; the late first attempt does not act twice', async () => {
    const input = pfInput('rec-slow');
    const quick = createHttpPaymentPlatform({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      timeoutMs: 150,
      backoffMs: [0],
    });
    sandbox.delayNext(1, 400);
    const created = await quick.createAccount(input, { idempotencyKey: 'account:rec-slow' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const replay = await quick.createAccount(input, { idempotencyKey: 'account:rec-slow' });
    expect(replay).toEqual(created);
    expect((await sandbox.accounts()).filter((row) => row.externalId === 'rec-slow')).toHaveLength(
      1,
    );
  });

  it('answers UNAVAILABLE when the platform never answers', async () => {
    const fake = await startHttpFake(() => 'hang');
    try {
      const hanging = createHttpPaymentPlatform({
        baseUrl: fake.url,
        apiKey: 'key',
        timeoutMs: 100,
        sleep: async () => {},
      });
      const error = await failure(
        hanging.getOnboardingUrl('mpu_1', { idempotencyKey: 'onboarding:hang' }),
      );
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.detail).toContain('no answer in 100 ms');
      expect(fake.calls).toHaveLength(3);
    } finally {
      await fake.close();
    }
  });

  it('maps unexpected answers: a malformed 200, a plain 404 and a 400', async () => {
    const answers: Record<string, { status: number; body: unknown }> = {
      '/v1/accounts/mpu_1/onboarding-link': { status: 200, body: { link: 'x' } },
      '/v1/accounts/mpu_1/email-verification': { status: 404, body: 'Not Found' },
      '/v1/accounts/mpu_1/documents': {
        status: 400,
        body: { code: 'INVALID_REQUEST', message: 'documents.0.type: required' },
      },
    };
    const fake = await startHttpFake((path) => answers[path] ?? { status: 500, body: {} });
    try {
      const odd = createHttpPaymentPlatform({ baseUrl: fake.url, apiKey: 'key' });
      const malformed = await failure(odd.getOnboardingUrl('mpu_1', { idempotencyKey: 'o:1' }));
      expect(malformed.code).toBe('UNAVAILABLE');
      const notFound = await failure(
        odd.sendEmailVerification('mpu_1', 'a@example.com', { idempotencyKey: 'v:1' }),
      );
      expect(notFound.code).toBe('UNAUTHORIZED');
      const invalid = await failure(
        odd.uploadDocuments('mpu_1', [document], { idempotencyKey: 'd:1' }),
      );
      expect(invalid.code).toBe('INVALID');
      expect(invalid.detail).toContain('documents.0.type: required');
      expect(fake.calls).toHaveLength(3);
    } finally {
      await fake.close();
    }
  });
});

describe('createPaymentPlatform', () => {
  it('starts the sandbox when chosen, and warns in production', async () => {
    warnings.length = 0;
    const handle = await createPaymentPlatform(
      {
        NODE_ENV: 'production',
        MEDIPAY_API_URL: undefined,
        MEDIPAY_API_KEY: undefined,
        medipaySandbox: true,
      },
      { db: database.db, log },
    );
    try {
      expect(handle.sandbox).toBe(true);
      expect(handle.sandboxServer?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(handle.sandboxServer?.url).not.toBe(sandbox.url);
      const created = await handle.platform.createAccount(pfInput('rec-factory'), {
        idempotencyKey: 'account:rec-factory',
      });
      expect(created.existingAccount).toBe(false);
      expect(JSON.stringify(warnings)).toContain('sandbox');
    } finally {
      await handle.close();
    }
  });

  it('uses the HTTP client at MEDIPAY_API_URL with MEDIPAY_API_KEY when set', async () => {
    const handle = await createPaymentPlatform(
      {
        NODE_ENV: 'test',
        MEDIPAY_API_URL: sandbox.url,
        MEDIPAY_API_KEY: sandbox.apiKey,
        medipaySandbox: false,
      },
      { db: database.db, log },
    );
    expect(handle.sandbox).toBe(false);
    expect(handle.sandboxServer).toBeUndefined();
    const input = pfInput('rec-configured');
    const created = await handle.platform.createAccount(input, {
      idempotencyKey: 'account:rec-configured',
    });
    expect((await sandbox.accounts()).map((row) => row.userId)).toContain(created.userId);
    await handle.close();

    const wrong = await createPaymentPlatform(
      {
        NODE_ENV: 'test',
        MEDIPAY_API_URL: sandbox.url,
        MEDIPAY_API_KEY: 'not-the-key',
        medipaySandbox: false,
      },
      { db: database.db, log },
    );
    const error = await failure(
      wrong.platform.createAccount(input, { idempotencyKey: 'account:rec-configured:2' }),
    );
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it('refuses to leave the sandbox without both MEDIPAY_API_URL and MEDIPAY_API_KEY', async () => {
    await expect(
      createPaymentPlatform(
        {
          NODE_ENV: 'production',
          MEDIPAY_API_URL: undefined,
          MEDIPAY_API_KEY: undefined,
          medipaySandbox: false,
        },
        { db: database.db, log },
      ),
    ).rejects.toThrow(/MEDIPAY_API_URL e MEDIPAY_API_KEY/);
  });
});
