import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { perIpLimits } from '../../lib/rate-limits';
import { startApplicantSession } from '../../../test/applicant';
import { startHttpFake } from '../../../test/http-fake';
import { brasilApiCnpj } from '../../../test/registry-samples';
import { createTestAppInstances, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

/**
 * Every limit lives in the database (lib/shared-counter.ts), so two processes behind a load
 * balancer hold a limit as one: requests alternated over two app instances on one database are
 * refused once the limit is reached in total, and a parallel burst over both never lets more
 * than the limit through.
 */

const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let instances: [TestApp, TestApp];
let close: () => Promise<void>;
let closeBrasilApi: () => Promise<void>;

beforeAll(async () => {
  const brasilapi = await startHttpFake(() => ({ status: 200, body: brasilApiCnpj }));
  closeBrasilApi = brasilapi.close;
  const created = await createTestAppInstances(2, {
    clock,
    env: { BRASILAPI_URL: brasilapi.url },
  });
  instances = created.instances as [TestApp, TestApp];
  close = created.close;
});
afterAll(async () => {
  await close();
  await closeBrasilApi();
});

/** Instance 0 for even numbers, instance 1 for odd ones, as a round-robin balancer. */
const on = (i: number) => instances[i % 2]!;

const createSession = (t: TestApp, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applicant/sessions',
    payload: { flow: 'PF' },
    remoteAddress,
  });

const expectRefused = (response: Awaited<ReturnType<typeof createSession>>) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    code: errorCodes.rateLimited,
    message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  });
  expect(response.json().message).toBe(genericMessages.rateLimited);
};

describe('limits shared by two app instances on one database', () => {
  it('counts the new sessions of one address over both instances', async () => {
    const { max } = perIpLimits.sessionCreations;
    const address = '203.0.113.10';
    const statuses: number[] = [];
    // Round-robin over both instances, 20 requests at a time.
    for (let start = 0; start < max; start += 20) {
      const batch = Array.from({ length: Math.min(20, max - start) }, (_, j) =>
        createSession(on(start + j), address),
      );
      statuses.push(...(await Promise.all(batch)).map((response) => response.statusCode));
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(max);

    // The limit is reached in total: both instances refuse, with the same answer as one process.
    for (const t of instances) {
      const refused = await createSession(t, address);
      expectRefused(refused);
      // The window began with the first session (the clock has not moved): 10 minutes left.
      expect(refused.headers['retry-after']).toBe('600');
      expect(refused.headers['x-ratelimit-limit']).toBe(String(max));
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    }
    // Another address has its own budget, on either instance.
    expect((await createSession(instances[1], '203.0.113.11')).statusCode).toBe(201);

    // The window ends for every process at once.
    clock.advance(10 * 60_000);
    expect((await createSession(instances[1], address)).statusCode).toBe(201);
    expect((await createSession(instances[0], address)).statusCode).toBe(201);
    // 600 sessions: longer than one ordinary test.
  }, 180_000);

  it("counts a session's CNPJ lookups over both instances", async () => {
    const { cookie } = await startApplicantSession(instances[0].app, 'PJ', '203.0.113.20');
    const lookup = (t: TestApp) =>
      t.app.inject({
        method: 'GET',
        url: '/api/lookup/cnpj/12ABC34501DE35',
        headers: { cookie },
        remoteAddress: '203.0.113.20',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await lookup(on(i))).statusCode);
    expect(statuses).toEqual(Array(20).fill(200));
    expectRefused(await lookup(instances[0]));
    expectRefused(await lookup(instances[1]));

    // Another session of the same address is not held back by this one's lookups.
    const other = await startApplicantSession(instances[1].app, 'PJ', '203.0.113.20');
    const answer = await instances[1].app.inject({
      method: 'GET',
      url: '/api/lookup/cnpj/12ABC34501DE35',
      headers: { cookie: other.cookie },
      remoteAddress: '203.0.113.20',
    });
    expect(answer.statusCode).toBe(200);
  });

  it('lets no more than the limit through a parallel burst over both instances', async () => {
    // Opening a rectification link: 10 a minute per address.
    const address = '203.0.113.30';
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        on(i).app.inject({
          method: 'POST',
          url: '/api/rectification/open',
          payload: { token: `tentativa-${i}` },
          remoteAddress: address,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 429)).toEqual(Array(10).fill(404));
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    for (const response of responses.filter((r) => r.statusCode === 429)) expectRefused(response);
  });

  it('lets requests through, with a warning, while the counters cannot be read', async () => {
    const [t] = instances;
    const warn = vi.spyOn(t.app.log, 'warn');
    // The counters' table is gone for a moment: every hit fails as with the database away.
    await t.database.db.execute(sql`alter table rate_limit_counters rename to rate_limit_away`);
    try {
      const response = await createSession(t, '203.0.113.40');
      expect(response.statusCode).toBe(201);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ rateLimitKey: 'http:POST /api/applicant/sessions:203.0.113.40' }),
        'rate limit not applied: the shared counter could not be read',
      );
    } finally {
      await t.database.db.execute(sql`alter table rate_limit_away rename to rate_limit_counters`);
      warn.mockRestore();
    }
    // Counted again once the counters are back.
    const counted = await createSession(t, '203.0.113.40');
    expect(counted.statusCode).toBe(201);
    expect(counted.headers['x-ratelimit-remaining']).toBe(
      String(perIpLimits.sessionCreations.max - 1),
    );
  });
});
