import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges, outbox } from '@medipay/db/schema';
import { startApplicantSession } from '../../../test/applicant';
import { createTestAppInstances, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

/**
 * The one-time-code limits live in the database (decision 007), so two processes behind a load
 * balancer cannot issue more codes than one: a parallel burst split between two instances of the
 * app on one database still gets one code per cooldown, and at most 5 per destination.
 */

const clock = createTestClock();
let instances: [TestApp, TestApp];
let close: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestAppInstances(2, { clock });
  instances = created.instances as [TestApp, TestApp];
  close = created.close;
});
afterAll(async () => {
  await close();
});

const send = (t: TestApp, cookie: string, body: object, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applicant/PF/verification/send',
    headers: { cookie },
    payload: body,
    remoteAddress,
  });

const db = () => instances[0].database.db;

describe('a parallel send burst split across two app instances', () => {
  it('issues one code per cooldown for one session', async () => {
    const email = 'ana.souza@example.com';
    const { cookie } = await startApplicantSession(instances[0].app);
    const burst = () =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          send(instances[i % 2]!, cookie, { channel: 'email', destination: email }),
        ),
      );
    const responses = await burst();
    const statuses = responses.map((response) => response.statusCode);
    expect(
      statuses.filter((status) => status === 202),
      statuses.join(','),
    ).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 202)) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        code: 'RESEND_TOO_SOON',
        message: 'Aguarde 60s para pedir um novo código.',
        retryAfterSeconds: 60,
      });
    }
    const codes = () => db().select().from(outbox).where(eq(outbox.recipient, email));
    expect(
      await db().select().from(otpChallenges).where(eq(otpChallenges.destination, email)),
    ).toHaveLength(1);
    expect(await codes()).toHaveLength(1);

    // After the cooldown, one more code, whichever instance answers.
    clock.advance(60_000);
    const again = (await burst()).map((response) => response.statusCode);
    expect(
      again.filter((status) => status === 202),
      again.join(','),
    ).toHaveLength(1);
    expect(await codes()).toHaveLength(2);
  });

  it('keeps sends to one phone from many sessions within 5 codes', async () => {
    const phone = '+5511987654321';
    const cookies = await Promise.all(
      Array.from(
        { length: 20 },
        async (_, i) =>
          (await startApplicantSession(instances[i % 2]!.app, 'PF', `10.4.0.${i + 1}`)).cookie,
      ),
    );
    // Each session's request goes to the instance that did not create it.
    const responses = await Promise.all(
      cookies.map((cookie, i) =>
        send(
          instances[(i + 1) % 2]!,
          cookie,
          { channel: 'phone', destination: '(11) 98765-4321' },
          `10.4.0.${i + 1}`,
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(
      statuses.filter((status) => status === 202),
      statuses.join(','),
    ).toHaveLength(5);
    for (const response of responses.filter((r) => r.statusCode !== 202)) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Limite de envios atingido. Tente novamente mais tarde.',
      });
    }
    expect(
      await db().select().from(otpChallenges).where(eq(otpChallenges.destination, phone)),
    ).toHaveLength(5);
    expect(await db().select().from(outbox).where(eq(outbox.recipient, phone))).toHaveLength(5);
  });
});
