import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applicantSessions,
  otpChallenges,
  outbox,
  rateLimitCounters,
  statusAccessCodes,
} from '@medipay/db/schema';
import { OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_MS } from '@medipay/shared/constants';
import { startApplicantSession } from '../../../test/applicant';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { startZenviaFake } from '../../../test/zenvia-fake';
import { OUTBOX_MAX_ATTEMPTS } from './outbox.delivery';
import { insertOutboxMessage, redactExpiredCodes } from './outbox.repository';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/**
 * Most tests share one app (and those with a test clock another, below), on one Zenvia fake and
 * one SMTP port where nothing listens until a test starts a sink there (`smtpUp`): SMTP is down
 * unless the test brings it up, as each test's own SMTP server was. Before each test the fake
 * forgets its requests and outage, and the tables these tests write are empty, so each test sees
 * only its own messages. A test of a configuration of its own (WhatsApp, the background job,
 * production) builds its own app with `app`.
 */
let smtpPort: number;
let zenvia: Awaited<ReturnType<typeof startZenviaFake>>;
let shared: TestApp;

/** SMTP on the shared port, and Zenvia's SMS channel on the shared fake. */
const sharedEnv = () => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'MediPay <nao-responda@medipay.com.br>',
  SMS_PROVIDER: 'zenvia',
  SMS_API_URL: zenvia.url,
  SMS_API_TOKEN: 'test-token',
  SMS_FROM: 'MediPay',
});

async function emptyTables(t: TestApp) {
  const { db } = t.database;
  await db.delete(otpChallenges);
  await db.delete(outbox);
  await db.delete(statusAccessCodes);
  await db.delete(applicantSessions);
  await db.delete(rateLimitCounters);
}

beforeAll(async () => {
  const probe = await startSmtpSink();
  smtpPort = probe.port;
  await probe.close();
  zenvia = await startZenviaFake();
  shared = await createTestApp({ env: sharedEnv() });
});
afterAll(async () => {
  await shared?.close();
  await zenvia?.close();
});
beforeEach(async () => {
  zenvia.requests.length = 0;
  zenvia.failNext(0);
  await emptyTables(shared);
});

/** SMTP back up on the shared port, until the end of the test. */
async function smtpUp() {
  const sink = await startSmtpSink(smtpPort);
  cleanups.push(sink.close);
  return sink;
}

async function app(env: Record<string, string>, jobs = false): Promise<TestApp> {
  const t = await createTestApp({ env, jobs });
  cleanups.push(t.close);
  return t;
}

async function requestCode(t: TestApp, channel: 'email' | 'phone', destination: string) {
  const { cookie } = await startApplicantSession(t.app);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/applicant/PF/verification/send',
    headers: { cookie },
    payload: { channel, destination },
  });
  expect(response.statusCode).toBe(202);
  return cookie;
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('e-mail delivery over SMTP', () => {
  it('delivers the code e-mail to the applicant, and the code verifies', async () => {
    const sink = await smtpUp();
    const t = shared;
    const cookie = await requestCode(t, 'email', 'ana@example.com');

    expect(await t.app.outbox.drain()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0]!;
    expect(mail.to).toEqual(['ana@example.com']);
    expect(mail.from).toBe('nao-responda@medipay.com.br');
    const code = /(\d{6}) é o seu código de verificação MediPay/.exec(mail.subject)?.[1];
    expect(code).toBeDefined();
    expect(mail.text).toContain(code);
    expect(mail.raw).toContain('text/html');

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/PF/verification/verify',
      headers: { cookie },
      payload: { channel: 'email', code },
    });
    expect(verified.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('loses nothing while SMTP is down and delivers exactly once when it is back', async () => {
    const t = shared; // SMTP down
    await requestCode(t, 'email', 'ana@example.com');

    expect(await t.app.outbox.drain()).toBe(0);
    const [failed] = await t.database.db.select().from(outbox);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);

    const sink = await smtpUp();
    expect(await t.app.outbox.drain()).toBe(1);
    expect(await t.app.outbox.drain()).toBe(0);
    expect(sink.messages).toHaveLength(1);
    const [sent] = await t.database.db.select().from(outbox);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('never delivers a sent message again, even when asked twice', async () => {
    const sink = await smtpUp();
    const t = shared;
    await requestCode(t, 'email', 'ana@example.com');
    const [row] = await t.database.db.select().from(outbox);
    const outcomes = await Promise.all([
      t.app.outbox.deliverer.deliver(row!.id),
      t.app.outbox.deliverer.deliver(row!.id),
    ]);
    expect(outcomes.sort()).toEqual(['sent', 'skipped']);
    expect(await t.app.outbox.deliverer.deliver(row!.id)).toBe('skipped');
    expect(sink.messages).toHaveLength(1);
  });

  it('gives up after the last attempt and keeps the message, marked failed', async () => {
    const t = shared; // SMTP down
    await requestCode(t, 'email', 'ana@example.com');
    for (let attempt = 0; attempt < OUTBOX_MAX_ATTEMPTS; attempt += 1) await t.app.outbox.drain();
    const [row] = await t.database.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    expect(await t.app.outbox.drain()).toBe(0);
  });

  it('is delivered by the background job without anyone asking', async () => {
    const sink = await startSmtpSink();
    cleanups.push(sink.close);
    const t = await app({ SMTP_URL: sink.url }, true);
    await requestCode(t, 'email', 'job@example.com');
    const mail = await waitFor(() => sink.messages[0]);
    expect(mail.to).toEqual(['job@example.com']);
  });
});

describe('SMS delivery through Zenvia', () => {
  it('posts the code to the SMS channel with the token, to the E.164 number without +', async () => {
    const t = shared;
    await requestCode(t, 'phone', '(11) 98765-4321');
    expect(await t.app.outbox.drain()).toBe(1);
    expect(zenvia.requests).toHaveLength(1);
    const { path, body } = zenvia.requests[0]!;
    expect(path).toBe('/v2/channels/sms/messages');
    expect(body).toMatchObject({ from: 'MediPay', to: '5511987654321' });
    const text = (body.contents as { type: string; text: string }[])[0]!;
    expect(text.type).toBe('text');
    expect(text.text).toMatch(/^MediPay: seu código de verificação é \d{6}\./);
    const [row] = await t.database.db.select().from(outbox);
    expect(row!.providerMessageId).toBe('zv-1');
  });

  it('uses the WhatsApp channel when a WhatsApp sender is configured', async () => {
    // A configuration of its own: its own app, on the shared fake.
    const t = await app({
      SMS_PROVIDER: 'zenvia',
      SMS_API_URL: zenvia.url,
      SMS_API_TOKEN: 'test-token',
      WHATSAPP_FROM: '5511999990000',
    });
    await requestCode(t, 'phone', '(11) 98765-4321');
    await t.app.outbox.drain();
    expect(zenvia.requests[0]!.path).toBe('/v2/channels/whatsapp/messages');
    expect(zenvia.requests[0]!.body.from).toBe('5511999990000');
  });

  it('retries after a provider outage and delivers once', async () => {
    const t = shared;
    await requestCode(t, 'phone', '(11) 98765-4321');
    zenvia.failNext(1);
    expect(await t.app.outbox.drain()).toBe(0);
    const [pending] = await t.database.db.select().from(outbox);
    expect(pending!.lastError).toMatch(/503/);
    expect(await t.app.outbox.drain()).toBe(1);
    expect(zenvia.requests).toHaveLength(1);
  });
});

describe('outbox', () => {
  it('ignores a second message with the same idempotency key', async () => {
    const t = shared;
    const message = {
      channel: 'email' as const,
      template: 'pf-confirmation',
      recipient: 'ana@example.com',
      data: { nome: 'Ana', protocolo: 'MEDI-20261122-0001' },
      idempotencyKey: 'pf-confirmation:1',
    };
    expect(await insertOutboxMessage(t.database.db, message)).toEqual(expect.any(String));
    expect(await insertOutboxMessage(t.database.db, message)).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, 'pf-confirmation:1')),
    ).toHaveLength(1);
  });

  it('lists recent messages with their text for local trials, and not in production', async () => {
    const t = shared;
    await requestCode(t, 'email', 'ana@example.com');
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    const [message] = response.json().messages;
    expect(message).toMatchObject({
      channel: 'email',
      template: 'otp-code',
      recipient: 'ana@example.com',
      status: 'pending',
    });
    expect(message.text).toMatch(/\d{6}/);

    const production = await app({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      SECRET: 'x'.repeat(40),
      // Production wants a MediPay platform configured; nothing here calls it.
      MEDIPAY_API_URL: 'http://127.0.0.1:1',
      MEDIPAY_API_KEY: 'test-key',
    });
    expect(
      (await production.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode,
    ).toBe(404);
  });
});

describe('a one-time code that can no longer be used when its message is delivered', () => {
  // One app with a test clock for these tests, on the shared SMTP port and Zenvia fake; each
  // test's clock starts at the time the test starts, as each test's own clock did.
  const clock = createTestClock();
  let clocked: TestApp;
  beforeAll(async () => {
    clocked = await createTestApp({ env: sharedEnv(), clock });
  });
  afterAll(async () => {
    await clocked?.close();
  });
  beforeEach(async () => {
    clock.set(new Date());
    await emptyTables(clocked);
  });
  const appWithClock = () => ({ t: clocked, clock });

  async function sendCode(t: TestApp, cookie: string, channel: 'email' | 'phone', to: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/PF/verification/send',
      headers: { cookie },
      payload: { channel, destination: to },
    });
    expect(response.statusCode).toBe(202);
  }

  const rows = (t: TestApp) => t.database.db.select().from(outbox).orderBy(asc(outbox.createdAt));

  it('closes a code e-mail as expired once the sweep removed the code, with no TypeError', async () => {
    const { t, clock } = appWithClock(); // SMTP down
    await requestCode(t, 'email', 'ana@example.com');
    expect(await t.app.outbox.drain()).toBe(0);

    // The code's five minutes pass while SMTP is down, and the sweep redacts it.
    clock.advance(OTP_TTL_MS + 1000);
    await redactExpiredCodes(t.database.db, new Date(clock.now().getTime() - OTP_TTL_MS));
    const sink = await smtpUp();
    const [message] = await rows(t);
    expect(await t.app.outbox.deliverer.deliver(message!.id)).toBe('expired');

    const [closed] = await rows(t);
    expect(closed).toMatchObject({ status: 'expired', attempts: 2, sentAt: null });
    expect(closed!.lastError).toMatch(/^expired: /);
    expect(closed!.lastError).not.toMatch(/TypeError|Cannot read/);
    // Final: never tried again, whoever asks.
    expect(await t.app.outbox.drain()).toBe(0);
    expect(await t.app.outbox.deliverer.deliver(message!.id)).toBe('skipped');
    expect(sink.messages).toHaveLength(0);
  });

  it('closes a code e-mail delivered after its code expired, before any sweep ran', async () => {
    const { t, clock } = appWithClock(); // SMTP down
    await requestCode(t, 'email', 'ana@example.com');
    expect(await t.app.outbox.drain()).toBe(0);
    clock.advance(OTP_TTL_MS);
    const sink = await smtpUp();

    expect(await t.app.outbox.drain()).toBe(0);
    const [closed] = await rows(t);
    expect(closed).toMatchObject({
      status: 'expired',
      lastError: 'expired: the code expired before delivery',
    });
    expect(sink.messages).toHaveLength(0);
  });

  it('delivers only the newest of two codes, and never a code already used', async () => {
    const { t, clock } = appWithClock(); // SMTP down
    const { cookie } = await startApplicantSession(t.app);
    await sendCode(t, cookie, 'email', 'ana@example.com');
    clock.advance(OTP_RESEND_COOLDOWN_SECONDS * 1000);
    await sendCode(t, cookie, 'email', 'ana@example.com');
    expect(await t.app.outbox.drain()).toBe(0);

    const sink = await smtpUp();
    expect(await t.app.outbox.drain()).toBe(1);
    const [replaced, newest] = await rows(t);
    expect(replaced).toMatchObject({
      status: 'expired',
      lastError: 'expired: a newer code replaced it',
    });
    expect(newest).toMatchObject({ status: 'sent' });
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.subject).toContain(String(newest!.data.code));

    // A code typed in (read here from the outbox) before its e-mail went is not sent afterwards.
    clock.advance(OTP_RESEND_COOLDOWN_SECONDS * 1000);
    const { cookie: other } = await startApplicantSession(t.app);
    await sendCode(t, other, 'email', 'bia@example.com');
    const used = (await rows(t)).at(-1)!;
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/PF/verification/verify',
      headers: { cookie: other },
      payload: { channel: 'email', code: used.data.code },
    });
    expect(verified.statusCode).toBe(200);
    expect(await t.app.outbox.deliverer.deliver(used.id)).toBe('expired');
    expect((await rows(t)).at(-1)).toMatchObject({
      status: 'expired',
      lastError: 'expired: the code was already used',
    });
    expect(sink.messages).toHaveLength(1);
  });

  it('closes a code SMS as expired after a provider outage, and never texts "undefined"', async () => {
    const { t, clock } = appWithClock();
    await requestCode(t, 'phone', '(11) 98765-4321');
    zenvia.failNext(1);
    expect(await t.app.outbox.drain()).toBe(0);
    clock.advance(OTP_TTL_MS + 1000);
    await redactExpiredCodes(t.database.db, new Date(clock.now().getTime() - OTP_TTL_MS));

    expect(await t.app.outbox.drain()).toBe(0);
    const [closed] = await rows(t);
    expect(closed).toMatchObject({ channel: 'sms', status: 'expired' });
    expect(zenvia.requests).toHaveLength(0);
  });

  it('closes a status-page code e-mail whose code expired, and delivers a live one', async () => {
    const sink = await smtpUp();
    const { t, clock } = appWithClock();
    const queue = async (expiresAt: Date) => {
      const id = randomUUID();
      await t.database.db.insert(statusAccessCodes).values({
        id,
        onboardingType: 'PF',
        onboardingId: randomUUID(),
        destination: 'ana@example.com',
        codeHash: 'x',
        createdAt: clock.now(),
        expiresAt,
      });
      return (await insertOutboxMessage(t.database.db, {
        channel: 'email',
        template: 'status-code',
        recipient: 'ana@example.com',
        data: { code: '123456', protocolo: 'MEDI-20261122-0001' },
        idempotencyKey: `status-code:${id}`,
      }))!;
    };
    const expired = await queue(new Date(clock.now().getTime() - 1000));
    const live = await queue(new Date(clock.now().getTime() + OTP_TTL_MS));

    expect(await t.app.outbox.deliverer.deliver(expired)).toBe('expired');
    expect(await t.app.outbox.deliverer.deliver(live)).toBe('sent');
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.subject).toContain('123456');
  });

  it('closes as failed, without retrying, a message that cannot be rendered', async () => {
    const sink = await smtpUp();
    const { t } = appWithClock();
    const id = (await insertOutboxMessage(t.database.db, {
      channel: 'email',
      template: 'pf-confirmation',
      recipient: 'ana@example.com',
      data: { nome: 'Ana' },
      idempotencyKey: 'pf-confirmation:broken',
    }))!;
    expect(await t.app.outbox.deliverer.deliver(id)).toBe('failed');
    const [row] = await rows(t);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toMatch(/^Cannot render pf-confirmation: /);
    expect(await t.app.outbox.drain()).toBe(0);
    expect(sink.messages).toHaveLength(0);
  });
});
