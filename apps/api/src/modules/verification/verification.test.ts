import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applicantSessions, otpChallenges, outbox, rateLimitCounters } from '@medipay/db/schema';
import { verificationMessages } from '@medipay/shared/applicant-session';
import { perIpLimits } from '../../lib/rate-limits';
import { keepSessionCookie, latestCodeFor, startApplicantSession } from '../../../test/applicant';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

/**
 * One app for the file. Before each test the clock is back at its start and the tables these
 * tests write are empty: sessions, codes, their messages and the request counters (per IP, per
 * destination), so every test starts as on a new app, without another's codes, cooldowns or
 * limits, and may still count every row of a table.
 */
const clock = createTestClock();
const start = clock.now();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  clock.set(start);
  await t.database.db.delete(otpChallenges);
  await t.database.db.delete(outbox);
  await t.database.db.delete(applicantSessions);
  await t.database.db.delete(rateLimitCounters);
});

const email = 'ana.souza@example.com';

/** The applicant's browser: its cookie header, replaced when an answer sets a new one. */
type Browser = { cookie: string };

async function send(browser: Browser, body: object, remoteAddress?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/applicant/PF/verification/send',
    headers: { cookie: browser.cookie },
    payload: body,
    remoteAddress,
  });
  keepSessionCookie(browser, response);
  return response;
}

async function verify(browser: Browser, body: object, remoteAddress?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/applicant/PF/verification/verify',
    headers: { cookie: browser.cookie },
    payload: body,
    remoteAddress,
  });
  keepSessionCookie(browser, response);
  return response;
}

/** A wrong code for a right one: same length, certainly different. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('applicant sessions', () => {
  it('creates a session in an HttpOnly, SameSite=Lax cookie and resumes it', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/sessions',
      payload: { flow: 'PF' },
    });
    expect(first.statusCode).toBe(201);
    const cookie = first.cookies[0]!;
    expect(cookie.name).toBe('medipay_pf');
    expect(cookie.value).toMatch(/^sess_[A-Za-z0-9_-]{32}$/);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(first.json()).toEqual({ flow: 'PF', verifiedEmail: null, verifiedPhone: null });
    expect(first.body).not.toContain(cookie.value);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/sessions',
      payload: { flow: 'PF' },
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(again.statusCode).toBe(200);
    expect(again.cookies[0]!.value).toBe(cookie.value);
    expect(await t.database.db.select().from(applicantSessions)).toHaveLength(1);
  });

  it('gives a company its own pj_ session', async () => {
    const { setCookie } = await startApplicantSession(t.app, 'PJ');
    expect(setCookie.name).toBe('medipay_pj');
    expect(setCookie.value).toMatch(/^pj_/);
  });

  it('refuses a missing, forged or other-flow session', async () => {
    const { cookie } = await startApplicantSession(t.app, 'PF');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/applicant/sessions/PF',
      headers: { cookie: `medipay_pf=sess_${'A'.repeat(32)}` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('SESSION_REQUIRED');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/applicant/sessions/PF' })).statusCode,
    ).toBe(401);
    const otherFlow = await t.app.inject({
      method: 'GET',
      url: '/api/applicant/sessions/PJ',
      headers: { cookie },
    });
    expect(otherFlow.statusCode).toBe(401);
  });

  it('ends after a day without activity, and a week after it started whatever the activity', async () => {
    const hour = 3600_000;
    const idle = await startApplicantSession(t.app, 'PF');
    const get = (browser: Browser) =>
      t.app.inject({
        method: 'GET',
        url: '/api/applicant/sessions/PF',
        headers: { cookie: browser.cookie },
      });
    clock.advance(24 * hour);
    expect((await get(idle)).statusCode).toBe(200);
    clock.advance(24 * hour + 1000);
    expect((await get(idle)).statusCode).toBe(401);

    // Used every day: still, a week after it started, the session ends.
    const busy = await startApplicantSession(t.app, 'PF');
    expect(busy.setCookie.maxAge).toBe(7 * 24 * 3600);
    for (let day = 1; day <= 7; day += 1) {
      clock.advance(23 * hour);
      expect((await get(busy)).statusCode).toBe(200);
    }
    clock.advance(7 * hour);
    expect((await get(busy)).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await get(busy);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_REQUIRED');
  });
});

describe('one-time codes', () => {
  it('sends a code without ever showing it, and verifies the e-mail with it once', async () => {
    const browser = await startApplicantSession(t.app);
    const sent = await send(browser, { channel: 'email', destination: ' Ana.Souza@Example.com ' });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({
      channel: 'email',
      destination: email,
      resendInSeconds: 60,
      expiresInSeconds: 300,
    });
    const code = await latestCodeFor(t.database.db, email);
    expect(code).toMatch(/^\d{6}$/);
    expect(sent.body).not.toContain(code);
    const [challenge] = await t.database.db.select().from(otpChallenges);
    expect(challenge!.codeHash).not.toContain(code);

    const ok = await verify(browser, { channel: 'email', code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      channel: 'email',
      destination: email,
      session: { flow: 'PF', verifiedEmail: email, verifiedPhone: null },
    });

    const reused = await verify(browser, { channel: 'email', code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      code: 'INVALID_CODE',
      message: 'O código informado está incorreto ou expirado.',
    });
  });

  it('verifies a phone, normalised to E.164, through an SMS message', async () => {
    const browser = await startApplicantSession(t.app);
    const sent = await send(browser, { channel: 'phone', destination: '+55 (11) 98765-4321' });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().destination).toBe('+5511987654321');
    const [message] = await t.database.db.select().from(outbox);
    expect(message).toMatchObject({
      channel: 'sms',
      recipient: '+5511987654321',
      template: 'otp-code',
    });
    const code = await latestCodeFor(t.database.db, '+5511987654321');
    const ok = await verify(browser, { channel: 'phone', code });
    expect(ok.json().session.verifiedPhone).toBe('+5511987654321');
  });

  it('refuses bad destinations and codes with the form messages', async () => {
    const browser = await startApplicantSession(t.app);
    const badEmail = await send(browser, { channel: 'email', destination: 'ana@' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('E-mail inválido');
    const badPhone = await send(browser, { channel: 'phone', destination: '(20) 98765-4321' });
    expect(badPhone.json().message).toBe('Telefone deve ter DDD + número');
    const badCode = await verify(browser, { channel: 'email', code: '12a456' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toBe('O código deve ter 6 dígitos');
    expect(await t.database.db.select().from(otpChallenges)).toHaveLength(0);
  });

  it('needs a session to send or verify', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/PF/verification/send',
      payload: { channel: 'email', destination: email },
    });
    expect(response.statusCode).toBe(401);
  });

  it('expires a code after 5 minutes and deletes it from use', async () => {
    const browser = await startApplicantSession(t.app);
    await send(browser, { channel: 'email', destination: email });
    const code = await latestCodeFor(t.database.db, email);
    clock.advance(5 * 60_000 + 1);
    expect((await verify(browser, { channel: 'email', code })).statusCode).toBe(400);
    const [challenge] = await t.database.db.select().from(otpChallenges);
    expect(challenge!.closedReason).toBe('expired');
  });

  it('accepts a code just before it expires', async () => {
    const browser = await startApplicantSession(t.app);
    await send(browser, { channel: 'email', destination: email });
    clock.advance(5 * 60_000 - 1000);
    const code = await latestCodeFor(t.database.db, email);
    expect((await verify(browser, { channel: 'email', code })).statusCode).toBe(200);
  });

  it('kills a code after 5 wrong tries', async () => {
    const browser = await startApplicantSession(t.app);
    await send(browser, { channel: 'email', destination: email });
    const code = await latestCodeFor(t.database.db, email);
    for (let i = 0; i < 5; i += 1) {
      expect((await verify(browser, { channel: 'email', code: wrong(code) })).statusCode).toBe(400);
    }
    expect((await verify(browser, { channel: 'email', code })).statusCode).toBe(400);
    const [challenge] = await t.database.db.select().from(otpChallenges);
    expect(challenge).toMatchObject({ attempts: 5, closedReason: 'too_many_attempts' });
  });

  it('says the code is blocked from its fifth wrong try on, the right code included, until a new one', async () => {
    const browser = await startApplicantSession(t.app);
    await send(browser, { channel: 'email', destination: email });
    const code = await latestCodeFor(t.database.db, email);
    const invalid = { code: 'INVALID_CODE', message: verificationMessages.invalidCode };
    const blocked = { code: 'CODE_BLOCKED', message: verificationMessages.codeBlocked };
    for (let i = 0; i < 4; i += 1) {
      const response = await verify(browser, { channel: 'email', code: wrong(code) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject(invalid);
    }
    const fifth = await verify(browser, { channel: 'email', code: wrong(code) });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject(blocked);
    const right = await verify(browser, { channel: 'email', code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject(blocked);
    // The phone's channel has its own codes: nothing blocked there, only nothing to check.
    expect((await verify(browser, { channel: 'phone', code })).json()).toMatchObject(invalid);

    // A new code (after the cooldown) is checked as usual.
    clock.advance(61_000);
    expect((await send(browser, { channel: 'email', destination: email })).statusCode).toBe(202);
    const next = await latestCodeFor(t.database.db, email);
    expect((await verify(browser, { channel: 'email', code: next })).statusCode).toBe(200);
  });

  it('says an expired code is invalid, not blocked', async () => {
    const browser = await startApplicantSession(t.app);
    await send(browser, { channel: 'email', destination: email });
    const code = await latestCodeFor(t.database.db, email);
    await verify(browser, { channel: 'email', code: wrong(code) });
    clock.advance(5 * 60_000 + 1);
    const response = await verify(browser, { channel: 'email', code });
    expect(response.json()).toMatchObject({
      code: 'INVALID_CODE',
      message: verificationMessages.invalidCode,
    });
  });

  it('still accepts the right code on the fifth try', async () => {
    const browser = await startApplicantSession(t.app);
    await send(browser, { channel: 'email', destination: email });
    const code = await latestCodeFor(t.database.db, email);
    for (let i = 0; i < 4; i += 1) await verify(browser, { channel: 'email', code: wrong(code) });
    expect((await verify(browser, { channel: 'email', code })).statusCode).toBe(200);
  });

  it('never gives parallel guesses more than 5 tries', async () => {
    const browser = await startApplicantSession(t.app);
    await send(browser, { channel: 'email', destination: email });
    const code = await latestCodeFor(t.database.db, email);
    const guesses = Array.from({ length: 12 }, (_, i) => wrong(String(Number(code) + i)));
    await Promise.all(guesses.map((guess) => verify(browser, { channel: 'email', code: guess })));
    const [challenge] = await t.database.db.select().from(otpChallenges);
    expect(challenge!.attempts).toBe(5);
  });

  it('refuses a resend before 60 s with the seconds left, then replaces the old code', async () => {
    const browser = await startApplicantSession(t.app);
    await send(browser, { channel: 'email', destination: email });
    const oldCode = await latestCodeFor(t.database.db, email);
    clock.advance(30_000);
    const early = await send(browser, { channel: 'email', destination: email });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('30');
    expect(early.json()).toEqual({
      code: 'RESEND_TOO_SOON',
      message: 'Aguarde 30s para pedir um novo código.',
      retryAfterSeconds: 30,
    });
    clock.advance(30_000);
    expect((await send(browser, { channel: 'email', destination: email })).statusCode).toBe(202);
    const newCode = await latestCodeFor(t.database.db, email);
    if (newCode !== oldCode) {
      expect((await verify(browser, { channel: 'email', code: oldCode })).statusCode).toBe(400);
    }
    expect((await verify(browser, { channel: 'email', code: newCode })).statusCode).toBe(200);
  });

  it('sends at once to a corrected destination, the cooldown being per destination', async () => {
    const browser = await startApplicantSession(t.app);
    const typo = '(11) 98765-4320';
    const corrected = '(11) 98765-4321';
    expect((await send(browser, { channel: 'phone', destination: typo })).statusCode).toBe(202);
    clock.advance(10_000);
    const toCorrected = await send(browser, { channel: 'phone', destination: corrected });
    expect(toCorrected.statusCode).toBe(202);
    expect(toCorrected.json().destination).toBe('+5511987654321');
    // Only the code sent to the corrected number verifies it.
    const code = await latestCodeFor(t.database.db, '+5511987654321');
    expect((await verify(browser, { channel: 'phone', code })).statusCode).toBe(200);
    // Back to the first number within its 60 s: its cooldown still holds.
    const back = await send(browser, { channel: 'phone', destination: typo });
    expect(back.statusCode).toBe(429);
    expect(back.json()).toMatchObject({ code: 'RESEND_TOO_SOON', retryAfterSeconds: 50 });
  });

  it('limits the codes per session and channel to 5 an hour', async () => {
    const browser = await startApplicantSession(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await send(browser, { channel: 'email', destination: `a${i}@example.com` })).statusCode,
      ).toBe(202);
      clock.advance(61_000);
    }
    const sixth = await send(browser, { channel: 'email', destination: 'a9@example.com' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Limite de envios atingido. Tente novamente mais tarde.');
    expect(
      (await send(browser, { channel: 'phone', destination: '(11) 98765-4321' })).statusCode,
    ).toBe(202);
    clock.advance(3600_000);
    expect(
      (await send(browser, { channel: 'email', destination: 'a9@example.com' })).statusCode,
    ).toBe(202);
  });

  it('limits the codes one destination receives to 5 an hour, whatever the session', async () => {
    for (let i = 0; i < 5; i += 1) {
      const browser = await startApplicantSession(t.app, 'PF', `10.0.0.${i + 1}`);
      expect(
        (await send(browser, { channel: 'email', destination: email }, `10.0.0.${i + 1}`))
          .statusCode,
      ).toBe(202);
    }
    const browser = await startApplicantSession(t.app, 'PF', '10.0.1.1');
    expect(
      (await send(browser, { channel: 'email', destination: email }, '10.0.1.1')).statusCode,
    ).toBe(429);
  });

  it('issues one code for 10 parallel sends of one session; the rest wait for the cooldown', async () => {
    const browser = await startApplicantSession(t.app);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => send(browser, { channel: 'email', destination: email })),
    );
    const accepted = responses.filter((response) => response.statusCode === 202);
    const refused = responses.filter((response) => response.statusCode !== 202);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const response of refused) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        code: 'RESEND_TOO_SOON',
        message: 'Aguarde 60s para pedir um novo código.',
        retryAfterSeconds: 60,
      });
    }
    expect(await t.database.db.select().from(otpChallenges)).toHaveLength(1);
    expect(await t.database.db.select().from(outbox)).toHaveLength(1);
  });

  it('keeps parallel sends to one phone from many sessions within 5 codes', async () => {
    const phone = '+5511987654321';
    const browsers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => startApplicantSession(t.app, 'PF', `10.2.0.${i + 1}`)),
    );
    const responses = await Promise.all(
      browsers.map((browser, i) =>
        send(browser, { channel: 'phone', destination: '(11) 98765-4321' }, `10.2.0.${i + 1}`),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 202)).toHaveLength(5);
    for (const response of responses.filter((r) => r.statusCode !== 202)) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Limite de envios atingido. Tente novamente mais tarde.',
      });
    }
    expect(
      await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.destination, phone)),
    ).toHaveLength(5);
    expect(
      await t.database.db.select().from(outbox).where(eq(outbox.recipient, phone)),
    ).toHaveLength(5);
  });

  it('limits sends per IP address, sized for applicants sharing one address', async () => {
    const { max } = perIpLimits.codeSends;
    expect(max).toBeGreaterThanOrEqual(300);
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1) {
      const browser = await startApplicantSession(t.app, 'PF', `10.1.${i >> 8}.${i & 255}`);
      statuses.push(
        (await send(browser, { channel: 'email', destination: `p${i}@example.com` }, '10.9.9.9'))
          .statusCode,
      );
    }
    expect(statuses.slice(0, max).every((status) => status === 202)).toBe(true);
    expect(statuses[max]).toBe(429);
  });

  it('counts code checks per session: applicants behind one address do not share a budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i += 1) {
      const browser = await startApplicantSession(t.app, 'PF', `10.3.0.${i + 1}`);
      const destination = `check${i}@example.com`;
      await send(browser, { channel: 'email', destination }, `10.3.1.${i + 1}`);
      const code = await latestCodeFor(t.database.db, destination);
      statuses.push((await verify(browser, { channel: 'email', code }, '10.9.9.8')).statusCode);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('binds the verification to the exact destination; a new address needs a new code', async () => {
    const browser = await startApplicantSession(t.app);
    await send(browser, { channel: 'email', destination: email });
    await verify(browser, { channel: 'email', code: await latestCodeFor(t.database.db, email) });
    clock.advance(61_000);
    await send(browser, { channel: 'email', destination: 'outro@example.com' });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/applicant/sessions/PF',
      headers: { cookie: browser.cookie },
    });
    expect(session.json().verifiedEmail).toBe(email);
    const ok = await verify(browser, {
      channel: 'email',
      code: await latestCodeFor(t.database.db, 'outro@example.com'),
    });
    expect(ok.json().session.verifiedEmail).toBe('outro@example.com');
  });

  it("does not let one session use another session's code", async () => {
    const a = await startApplicantSession(t.app);
    const b = await startApplicantSession(t.app);
    await send(a, { channel: 'email', destination: email });
    const code = await latestCodeFor(t.database.db, email);
    expect((await verify(b, { channel: 'email', code })).statusCode).toBe(400);
    const sessionB = await t.app.inject({
      method: 'GET',
      url: '/api/applicant/sessions/PF',
      headers: { cookie: b.cookie },
    });
    expect(sessionB.json().verifiedEmail).toBeNull();
    expect((await verify(a, { channel: 'email', code })).statusCode).toBe(200);
  });

  it('verifies nothing and throttles a brute-force run of 1,000 guesses', async () => {
    const browser = await startApplicantSession(t.app);
    await send(browser, { channel: 'email', destination: email });
    const code = await latestCodeFor(t.database.db, email);
    const statuses = new Map<number, number>();
    for (let guess = 0; guess < 1000; guess += 1) {
      const candidate = String(guess).padStart(6, '0');
      if (candidate === code) continue;
      const response = await verify(browser, { channel: 'email', code: candidate });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(statuses.get(200)).toBeUndefined();
    expect(statuses.get(429)).toBeGreaterThan(900);
    const [session] = await t.database.db.select().from(applicantSessions);
    expect(session!.verifiedEmail).toBeNull();
    const [challenge] = await t.database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.destination, email));
    expect(challenge!.attempts).toBe(5);
  });
});
