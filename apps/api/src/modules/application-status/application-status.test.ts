import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, rectificationLinks, statusAccessCodes } from '@medipay/db/schema';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import {
  applicationStatusMessages as messages,
  applicationStatusSchema,
  rectificationLinkSchema,
  statusCodeSent,
} from '@medipay/shared/application-status';
import { rectificationPageSchema } from '@medipay/shared/rectification';
import type { Flow } from '@medipay/shared/status';
import { perIpLimits } from '../../lib/rate-limits';
import { pfClient } from '../../../test/flow-applicant';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import {
  findLiveRectificationLink,
  hashRectificationToken,
} from '../admin-review/rectification-links.repository';
import {
  reviewServices,
  submittedPf,
  submittedPj,
  testAdmin,
} from '../../../test/review-detail-fixtures';
import { createApplicationStatuses } from './application-status.service';

const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let t: TestApp;
let admin: AuthenticatedAdmin;
let services: ReturnType<typeof reviewServices>;
type Submitted = {
  cookie: string;
  remoteAddress: string;
  email: string;
  id: string;
  protocolo: string;
};
let pf: Submitted;
let pj: Submitted;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
  admin = await testAdmin(t);
  services = reviewServices(t, clock);
  const a = await submittedPf(t, clock);
  pf = { ...a.applicant, id: a.row.id, protocolo: a.row.protocolo! };
  const b = await submittedPj(t, clock);
  pj = { ...b.applicant, id: b.row.id, protocolo: b.row.protocolo! };
});
afterAll(async () => {
  await t.close();
});

// Each test starts past the previous one's cooldowns, hourly caps and cookies. The two
// applicants come back now and then: their own sessions stay open (idle for a day, they end).
beforeEach(async () => {
  clock.advance(2 * 60 * 60 * 1000);
  for (const [flow, who] of [
    ['PF', pf],
    ['PJ', pj],
  ] as const) {
    const session = await t.app.inject({
      method: 'GET',
      url: `/api/applicant/sessions/${flow}`,
      headers: { cookie: who.cookie },
      remoteAddress: who.remoteAddress,
    });
    expect(session.json()).toEqual({
      flow,
      verifiedEmail: null,
      verifiedPhone: null,
      submitted: true,
    });
  }
});

let addresses = 0;
/** A new client address: the per-IP limits of one test do not reach the next. */
const newIp = () => {
  addresses += 1;
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const getMine = (flow: Flow, cookie?: string, remoteAddress = newIp()) =>
  t.app.inject({
    method: 'GET',
    url: `/api/status/mine?flow=${flow}`,
    headers: cookie ? { cookie } : {},
    remoteAddress,
  });

/** Ends once the work that code requests do after their answer has ended. */
const settled = () => t.app.statusCodeSends.settled();

const requestCode = (protocolo: string, remoteAddress = newIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/status/code',
    payload: { protocolo },
    remoteAddress,
  });

const verify = (protocolo: string, code: string, remoteAddress = newIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/status/verify',
    payload: { protocolo, code },
    remoteAddress,
  });

const getStatus = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/status',
    headers: cookie ? { cookie } : {},
    remoteAddress: newIp(),
  });

/** POST /api/status/mine/rectification-link: the wizard's own session. */
const mineLink = (flow: Flow, cookie?: string, remoteAddress = newIp()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/status/mine/rectification-link?flow=${flow}`,
    headers: cookie ? { cookie } : {},
    remoteAddress,
  });

/** POST /api/status/rectification-link: the `medipay_status` cookie. */
const accessLink = (cookie?: string, remoteAddress = newIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/status/rectification-link',
    headers: cookie ? { cookie } : {},
    remoteAddress,
  });

const linksOf = (recordId: string) =>
  t.database.db.select().from(rectificationLinks).where(eq(rectificationLinks.recordId, recordId));

/** The token of a rectification-link answer: a same-origin path to the rectification page. */
function tokenOf(response: Awaited<ReturnType<typeof accessLink>>): string {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const { url } = rectificationLinkSchema.parse(response.json());
  const [path, query] = url.split('?');
  expect(path).toBe('/retificar-documentos');
  const token = new URLSearchParams(query).get('token')!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

/** Opens the rectification page with a token, as the page does. */
const openRectification = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/rectification/open',
    payload: { token },
    remoteAddress: newIp(),
  });

/** The status-code e-mails queued for a recipient, newest first. */
const codeEmailsTo = (recipient: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, 'status-code')))
    .orderBy(desc(outbox.createdAt));

const codesOf = (recordId: string) =>
  t.database.db
    .select()
    .from(statusAccessCodes)
    .where(eq(statusAccessCodes.onboardingId, recordId))
    .orderBy(desc(statusAccessCodes.createdAt));

/** Asks for a code for a known protocol and reads it from the outbox once it is written. */
async function codeFor(who: Submitted): Promise<string> {
  const before = (await codeEmailsTo(who.email)).length;
  const response = await requestCode(who.protocolo);
  expect(response.statusCode).toBe(202);
  await settled();
  const emails = await codeEmailsTo(who.email);
  expect(emails).toHaveLength(before + 1);
  return emails[0]!.data.code as string;
}

/** A code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The `medipay_status` cookie of a verify answer, as a request header. */
function statusCookie(response: Awaited<ReturnType<typeof verify>>) {
  const cookie = response.cookies.find((entry) => entry.name === 'medipay_status');
  expect(cookie).toBeDefined();
  return { header: `medipay_status=${cookie!.value}`, cookie: cookie! };
}

async function setStatusOf(
  flow: Flow,
  id: string,
  action: 'request-changes' | 'deny' | 'reopen',
  expectedStatus: string,
) {
  clock.advance(1000);
  const context = { flow: flow === 'PF' ? 'pf' : 'pj', id, admin, ip: '10.9.9.9' } as const;
  if (action === 'request-changes')
    await services.decisions.requestChanges(context, {
      expectedStatus,
      exigencias: 'Envie o verso do RG, legível.',
    });
  else if (action === 'deny')
    await services.decisions.deny(context, { expectedStatus, motivo: 'Documento ilegível.' });
  else await services.decisions.reopen(context, { expectedStatus });
}

describe('the own session', () => {
  it('sees its submitted application: status and timeline, nothing else', async () => {
    const response = await getMine('PF', pf.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = applicationStatusSchema.parse(response.json());
    expect(body).toEqual({
      flow: 'PF',
      protocolo: pf.protocolo,
      status: 'EM_ANALISE',
      submittedAt: expect.any(String),
      history: [
        { status: 'INICIADO', at: expect.any(String) },
        { status: 'EM_ANALISE', at: body.submittedAt },
      ],
      exigencias: null,
      motivoNegacao: null,
      canRectify: false,
    });

    const company = await getMine('PJ', pj.cookie);
    expect(company.statusCode).toBe(200);
    expect(company.json()).toMatchObject({
      flow: 'PJ',
      protocolo: pj.protocolo,
      status: 'ENVIADO_PARA_ANALISE',
    });
  });

  it('answers 404 to another flow, another session, an unsubmitted one and no session', async () => {
    const expected = { code: errorCodes.notFound, message: messages.notFound };
    // The PF cookie does not open the PJ application, nor the other way round.
    expect((await getMine('PJ', pf.cookie)).json()).toEqual(expected);
    expect((await getMine('PF', pj.cookie)).statusCode).toBe(404);
    // A session whose application was not sent (step 1 saved), and one without any.
    const client = pfClient(t);
    const started = await client.applicant();
    await client.fillSteps(started, 1);
    expect((await getMine('PF', started.cookie)).json()).toEqual(expected);
    const empty = await client.applicant({ verified: false });
    expect((await getMine('PF', empty.cookie)).statusCode).toBe(404);
    expect((await getMine('PF')).statusCode).toBe(404);
    // A made-up session id.
    expect((await getMine('PF', `medipay_pf=sess_${'a'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('refuses an unknown flow', async () => {
    expect((await getMine('PX' as Flow, pf.cookie)).statusCode).toBe(400);
  });
});

describe('the page', () => {
  it.each([
    '/acompanhar-status',
    '/acompanhar-status?fluxo=pf',
    '/acompanhar-status?protocolo=PJ-20261122-4242',
  ])('serves the SPA for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });
});

describe('the confirmation e-mails', () => {
  it('link to the status page with the protocol', async () => {
    for (const [who, template] of [
      [pf, 'pf-confirmation'],
      [pj, 'pj-confirmation'],
    ] as const) {
      const [message] = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, who.email), eq(outbox.template, template)));
      expect(message?.data.statusUrl).toBe(
        `${t.env.PUBLIC_URL}/acompanhar-status?protocolo=${who.protocolo}`,
      );
    }
  });
});

describe('a code by protocol', () => {
  it('answers alike for unknown and known protocols, and e-mails only the known one', async () => {
    const allEmails = async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.template, 'status-code'))).length;
    const allCodes = async () => (await t.database.db.select().from(statusAccessCodes)).length;
    const before = { emails: await allEmails(), codes: await allCodes() };
    const unknown = await requestCode('MEDI-20261122-9999');
    const unknownPj = await requestCode('PJ-20261122-9999');
    // Nothing written once their work after the answer has ended.
    await settled();
    expect({ emails: await allEmails(), codes: await allCodes() }).toEqual(before);

    const known = await requestCode(pf.protocolo.toLowerCase());
    for (const response of [unknown, unknownPj, known]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(statusCodeSent);
    }
    expect(unknown.body).toBe(known.body);
    await settled();
    const [email] = await codeEmailsTo(pf.email);
    expect({ emails: await allEmails(), codes: await allCodes() }).toEqual({
      emails: before.emails + 1,
      codes: before.codes + 1,
    });
    expect(email).toMatchObject({
      channel: 'email',
      recipient: pf.email,
      data: { protocolo: pf.protocolo, code: expect.stringMatching(/^\d{6}$/) },
    });
    // Only a keyed hash is kept.
    const [stored] = await codesOf(pf.id);
    expect(stored).toMatchObject({
      onboardingType: 'PF',
      destination: pf.email,
      attempts: 0,
      closedAt: null,
      expiresAt: new Date(clock.now().getTime() + 5 * 60 * 1000),
    });
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(email!.data.code as string);
  });

  it('refuses a malformed protocol with its message (format only)', async () => {
    const response = await requestCode('12345');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: errorCodes.validation,
      message: messages.invalidProtocol,
    });
  });

  it('holds a code back during the cooldown and past five an hour, answering alike', async () => {
    await codeFor(pj);
    const sentBefore = (await codeEmailsTo(pj.email)).length;
    const codesBefore = (await codesOf(pj.id)).length;
    expect(sentBefore).toBeGreaterThanOrEqual(1);
    const tooSoon = await requestCode(pj.protocolo);
    expect(tooSoon.statusCode).toBe(202);
    expect(tooSoon.json()).toEqual(statusCodeSent);
    await settled();
    expect(await codeEmailsTo(pj.email)).toHaveLength(sentBefore);
    expect(await codesOf(pj.id)).toHaveLength(codesBefore);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(61_000);
      await codeFor(pj);
    }
    clock.advance(61_000);
    const sixth = await requestCode(pj.protocolo);
    expect(sixth.statusCode).toBe(202);
    await settled();
    expect(await codeEmailsTo(pj.email)).toHaveLength(sentBefore + 4);
    expect(await codesOf(pj.id)).toHaveLength(codesBefore + 4);
    clock.advance(60 * 60 * 1000);
    await codeFor(pj);
  });

  it('answers 429 past the per-IP limit', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    const { max } = perIpLimits.statusCodeSends;
    for (let i = 0; i <= max; i += 1)
      statuses.push((await requestCode(`MEDI-20261122-${String(1000 + i)}`, ip)).statusCode);
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(202));
    expect(statuses[max]).toBe(429);
    const refused = await requestCode('MEDI-20261122-2000', ip);
    expect(refused.json()).toEqual({
      code: errorCodes.rateLimited,
      message: genericMessages.rateLimited,
    });
    await settled();
  });
});

describe('verifying a code', () => {
  const invalid = { code: errorCodes.invalidCode, message: messages.invalidCode };

  it('counts every wrong try and locks the code after five', async () => {
    const code = await codeFor(pf);
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(pf.protocolo, wrong(code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(invalid);
      expect(response.cookies).toHaveLength(0);
    }
    expect((await codesOf(pf.id))[0]).toMatchObject({
      attempts: 5,
      closedReason: 'too_many_attempts',
    });
    // The right code no longer opens anything.
    const late = await verify(pf.protocolo, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(invalid);
  });

  it('refuses an expired code and closes it', async () => {
    const code = await codeFor(pf);
    clock.advance(5 * 60 * 1000);
    const response = await verify(pf.protocolo, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid);
    expect((await codesOf(pf.id))[0]).toMatchObject({ attempts: 0, closedReason: 'expired' });
  });

  it('refuses a replaced code, and an unknown protocol like a wrong code', async () => {
    const first = await codeFor(pf);
    clock.advance(61_000);
    const second = await codeFor(pf);
    const [newest, replaced] = await codesOf(pf.id);
    expect(replaced).toMatchObject({ closedReason: 'replaced' });
    expect(newest).toMatchObject({ closedAt: null });
    if (first !== second) expect((await verify(pf.protocolo, first)).statusCode).toBe(400);
    const unknown = await verify('MEDI-20261122-9999', second);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalid);
    expect((await verify(pf.protocolo, second)).statusCode).toBe(200);
  });

  it('opens the status with the cookie; a tampered or expired cookie does not', async () => {
    const code = await codeFor(pj);
    const response = await verify(pj.protocolo.toLowerCase(), code);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ flow: 'PJ', protocolo: pj.protocolo });
    const { header, cookie } = statusCookie(response);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/status',
      maxAge: 1800,
    });
    expect(cookie.secure).toBeFalsy();
    // The code is spent.
    expect((await codesOf(pj.id))[0]).toMatchObject({ closedReason: 'verified', attempts: 1 });
    expect((await verify(pj.protocolo, code)).statusCode).toBe(400);

    const status = await getStatus(header);
    expect(status.statusCode).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.json()).toEqual(response.json());

    const [flow, id, expires, signature] = cookie.value.split('.');
    const tampered = [
      `${flow}.${id}.${expires}.${signature!.slice(0, -2)}AA`,
      `${flow}.${pf.id}.${expires}.${signature}`,
      `PF.${id}.${expires}.${signature}`,
      `${flow}.${id}.${Number(expires) + 60_000}.${signature}`,
      `${flow}.${id}.${expires}`,
      `${cookie.value}.x`,
      'qualquer-coisa',
    ];
    for (const value of tampered) {
      const refused = await getStatus(`medipay_status=${value}`);
      expect(refused.statusCode, value).toBe(401);
      expect(refused.json()).toEqual({
        code: errorCodes.unauthorized,
        message: messages.accessExpired,
      });
    }
    expect((await getStatus()).statusCode).toBe(401);

    clock.advance(30 * 60 * 1000);
    const expired = await getStatus(header);
    expect(expired.statusCode).toBe(401);
    expect(expired.cookies.find((entry) => entry.name === 'medipay_status')?.value).toBe('');
  });
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe('the time a code check takes', () => {
  // Issue 23, item 8: an attack run told a real protocol from a made-up one by how fast the check
  // answered (median 1.83 ms against 2.36 ms over 150 interleaved tries). The suite's one timing
  // assertion: the medians of interleaved tries, after a warm-up, within 10% of each other.
  // - Interleaved, the first of each pair alternating, so that a change of the machine's load
  //   falls on both alike; medians, so that a pause (a GC, another process) does not count.
  // - It times the check itself (the service the route calls, on the app's database): through
  //   inject() the rest of the request (the shared rate-limit counter's write, logging) made two
  //   made-up protocols differ by up to 35% on a loaded 2-core machine, the service alone by 7%.
  // - Up to three rounds, until one is within 10%: a leak shows in every round (before the fix a
  //   real protocol took 3 times as long), the noise of a loaded machine seldom twice in a row.
  it('is the same for an unknown protocol as for a real one', async () => {
    const statuses = createApplicationStatuses({ db: t.database.db, clock, secret: t.env.SECRET });
    const real = pj.protocolo;
    const unknown = `PJ-${real.slice(3, 11)}-${real.endsWith('1111') ? '2222' : '1111'}`;
    // A code waits on the real protocol, as when its owner asked for one: the first tries meet
    // it (and spend it), the others find none, like every try on an unknown protocol.
    const code = wrong(await codeFor(pj));
    const time = async (protocolo: string) => {
      const started = performance.now();
      const refusal = await statuses.verify(protocolo, code).then(
        () => null,
        (error: unknown) => error,
      );
      const elapsed = performance.now() - started;
      expect(refusal).toMatchObject({ statusCode: 400, message: messages.invalidCode });
      return elapsed;
    };
    // Warm: the first tries of a fresh app run code not yet optimised, and vary more.
    for (let i = 0; i < 50; i += 1) {
      await time(unknown);
      await time(real);
    }
    const rounds: string[] = [];
    let best = Infinity;
    for (let round = 0; round < 3 && best > 1.1; round += 1) {
      const samples = { real: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < 60; i += 1) {
        const order = i % 2 === 0 ? (['real', 'unknown'] as const) : (['unknown', 'real'] as const);
        for (const kind of order) samples[kind].push(await time(kind === 'real' ? real : unknown));
      }
      const medians = [median(samples.real), median(samples.unknown)];
      const ratio = Math.max(...medians) / Math.min(...medians);
      best = Math.min(best, ratio);
      rounds.push(`real ${medians[0]!.toFixed(3)} ms, unknown ${medians[1]!.toFixed(3)} ms`);
    }
    expect(best, rounds.join('; ')).toBeLessThanOrEqual(1.1);
  });
});

describe('the time a code request takes', () => {
  // Issue 23, item 8: the code request did its work before answering (for a real protocol a
  // locked lookup, the code, its e-mail and the delivery's job; for a made-up one a lookup), so
  // its answer's time told them apart. It now answers first, alike for every protocol, and works
  // after. Timed through inject(), the answer being all the route does before the work; each try
  // waits for the previous one's work to end, so that no answer's time includes it. The real
  // protocol's first try e-mails a code, the others meet the cooldown: the answer is timed, not
  // the work. Pairs of tries, the first of each pair alternating, after a warm-up; the median of
  // the pairs' ratios within 10%, up to three rounds as the code check's test above. The two
  // tries of a pair run side by side, so a change of the machine's load falls on both: under a
  // load average of 7 on 2 cores, the ratio of the two kinds' medians strayed past 10% in one
  // round of three, the median of the pairs' ratios in one of nine.
  it('is the same for an unknown protocol as for a real one', async () => {
    const real = pj.protocolo;
    const unknown = `PJ-${real.slice(3, 11)}-${real.endsWith('1111') ? '2222' : '1111'}`;
    const time = async (protocolo: string) => {
      await settled();
      const started = performance.now();
      const response = await requestCode(protocolo);
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(202);
      return elapsed;
    };
    for (let i = 0; i < 20; i += 1) {
      await time(unknown);
      await time(real);
    }
    const rounds: string[] = [];
    let best = Infinity;
    for (let round = 0; round < 3 && best > 1.1; round += 1) {
      const ratios: number[] = [];
      const samples = { real: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < 40; i += 1) {
        const order = i % 2 === 0 ? (['real', 'unknown'] as const) : (['unknown', 'real'] as const);
        for (const kind of order) samples[kind].push(await time(kind === 'real' ? real : unknown));
        ratios.push(samples.real[i]! / samples.unknown[i]!);
      }
      const ratio = median(ratios);
      best = Math.min(best, Math.max(ratio, 1 / ratio));
      rounds.push(
        `real ${median(samples.real).toFixed(3)} ms, unknown ${median(samples.unknown).toFixed(3)} ms, median ratio ${ratio.toFixed(3)}`,
      );
    }
    await settled();
    expect(best, rounds.join('; ')).toBeLessThanOrEqual(1.1);
  });
});

describe('what the applicant is shown as the case moves', () => {
  it('EM_EXIGENCIA: the requirements and no admin data; reading writes no link', async () => {
    await setStatusOf('PJ', pj.id, 'request-changes', 'ENVIADO_PARA_ANALISE');
    const linksBefore = (await linksOf(pj.id)).length;
    const response = await getMine('PJ', pj.cookie);
    expect(response.statusCode).toBe(200);
    const body = applicationStatusSchema.parse(response.json());
    expect(body).toMatchObject({
      status: 'EM_EXIGENCIA',
      exigencias: 'Envie o verso do RG, legível.',
      motivoNegacao: null,
      canRectify: true,
    });
    expect(body.history.map((entry) => entry.status)).toEqual([
      'INICIADO',
      'ENVIADO_PARA_ANALISE',
      'EM_EXIGENCIA',
    ]);
    for (const entry of body.history) expect(Object.keys(entry).sort()).toEqual(['at', 'status']);
    expect(response.body).not.toContain(admin.user.email);
    expect(response.body).not.toContain(admin.user.id);
    expect(response.body).not.toContain('retificar-documentos');

    // Neither the own session, nor the code, nor the cookie's reads mint anything.
    expect((await getMine('PJ', pj.cookie)).json()).toEqual(body);
    const verified = await verify(pj.protocolo, await codeFor(pj));
    expect(verified.json()).toEqual(body);
    const { header } = statusCookie(verified);
    expect((await getStatus(header)).json()).toEqual(body);
    expect(await linksOf(pj.id)).toHaveLength(linksBefore);
  });

  it('EM_EXIGENCIA: each link request mints one link, and its token opens the page', async () => {
    const verified = await verify(pj.protocolo, await codeFor(pj));
    const { header } = statusCookie(verified);
    const linksBefore = await linksOf(pj.id);

    const fromSession = tokenOf(await mineLink('PJ', pj.cookie));
    const link = await findLiveRectificationLink(t.database.db, fromSession, clock.now());
    expect(link).toMatchObject({
      flow: 'PJ',
      recordId: pj.id,
      tokenHash: hashRectificationToken(fromSession),
      expiresAt: new Date(clock.now().getTime() + 30 * 24 * 60 * 60 * 1000),
    });
    const fromCookie = tokenOf(await accessLink(header));
    expect(fromCookie).not.toBe(fromSession);

    const linksAfter = await linksOf(pj.id);
    expect(linksAfter).toHaveLength(linksBefore.length + 2);
    // Only hashes are kept.
    expect(linksAfter.map((row) => row.tokenHash)).not.toContain(fromSession);

    for (const token of [fromSession, fromCookie]) {
      const opened = await openRectification(token);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(rectificationPageSchema.parse(opened.json())).toMatchObject({
        flow: 'PJ',
        protocolo: pj.protocolo,
        exigencias: 'Envie o verso do RG, legível.',
      });
    }
  });

  it('NEGADO: the reason, and no requirements or link any more; hidden again once reopened', async () => {
    await setStatusOf('PJ', pj.id, 'deny', 'EM_EXIGENCIA');
    const denied = applicationStatusSchema.parse((await getMine('PJ', pj.cookie)).json());
    expect(denied).toMatchObject({
      status: 'NEGADO',
      motivoNegacao: 'Documento ilegível.',
      exigencias: null,
      canRectify: false,
    });
    await setStatusOf('PJ', pj.id, 'reopen', 'NEGADO');
    const reopened = await getMine('PJ', pj.cookie);
    expect(reopened.json()).toMatchObject({
      status: 'EM_ANALISE',
      motivoNegacao: null,
      exigencias: null,
      canRectify: false,
    });
    expect(reopened.body).not.toContain('Documento ilegível.');
    expect(reopened.json().history.map((entry: { status: string }) => entry.status)).toEqual([
      'INICIADO',
      'ENVIADO_PARA_ANALISE',
      'EM_EXIGENCIA',
      'NEGADO',
      'EM_ANALISE',
    ]);
  });
});

describe('asking for a rectification link', () => {
  it('answers 409 while the application is not EM_EXIGENCIA, minting nothing', async () => {
    const linksBefore = (await linksOf(pf.id)).length;
    const { header } = statusCookie(await verify(pf.protocolo, await codeFor(pf)));
    const expected = { code: errorCodes.conflict, message: messages.rectificationUnavailable };
    for (const response of [await mineLink('PF', pf.cookie), await accessLink(header)]) {
      expect(response.statusCode).toBe(409);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual(expected);
    }
    expect(await linksOf(pf.id)).toHaveLength(linksBefore);
  });

  it('opens the own session like GET /mine: 404 to another flow, no session, an unsubmitted one', async () => {
    const expected = { code: errorCodes.notFound, message: messages.notFound };
    expect((await mineLink('PJ', pf.cookie)).json()).toEqual(expected);
    expect((await mineLink('PF', pj.cookie)).statusCode).toBe(404);
    expect((await mineLink('PF')).json()).toEqual(expected);
    const client = pfClient(t);
    const started = await client.applicant();
    await client.fillSteps(started, 1);
    expect((await mineLink('PF', started.cookie)).statusCode).toBe(404);
    expect((await mineLink('PX' as Flow, pf.cookie)).statusCode).toBe(400);
  });

  it('opens the cookie like GET /api/status: 401 without a live one, clearing a dead one', async () => {
    const expected = { code: errorCodes.unauthorized, message: messages.accessExpired };
    const missing = await accessLink();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual(expected);
    expect(missing.cookies).toHaveLength(0);

    const { header, cookie } = statusCookie(await verify(pj.protocolo, await codeFor(pj)));
    const tampered = await accessLink(`medipay_status=${cookie.value.slice(0, -2)}AA`);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual(expected);
    clock.advance(30 * 60 * 1000);
    const expired = await accessLink(header);
    expect(expired.statusCode).toBe(401);
    expect(expired.cookies.find((entry) => entry.name === 'medipay_status')).toMatchObject({
      value: '',
      path: '/api/status',
    });
  });

  it.each([
    ['the own session', (ip: string) => mineLink('PF', undefined, ip)],
    ['the cookie', (ip: string) => accessLink(undefined, ip)],
  ])('answers 429 past the per-IP limit of link requests (%s)', async (_name, request) => {
    const ip = newIp();
    const { max } = perIpLimits.statusRectificationLinks;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1) statuses.push((await request(ip)).statusCode);
    expect(statuses.slice(0, max).every((status) => status !== 429)).toBe(true);
    expect(statuses[max]).toBe(429);
    const refused = await request(ip);
    expect(refused.json()).toEqual({
      code: errorCodes.rateLimited,
      message: genericMessages.rateLimited,
    });
    // Another address is not held back.
    expect((await request(newIp())).statusCode).not.toBe(429);
  });
});

describe("'Baixar meus dados'", () => {
  type Export = {
    protocolo: string;
    fluxo: string;
    historico: unknown[];
    cadastro: Record<string, unknown>;
    documentos: { campo: string; arquivo: string | null; sha256: string }[];
    verificacoes: unknown[];
  };
  const exported = (body: Buffer) => {
    const files = unzipSync(new Uint8Array(body));
    const data = JSON.parse(strFromU8(files['dados.json']!)) as Export;
    return { files, data };
  };

  it('gives the own session a ZIP of every stored field, the history and the documents as stored', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/status/mine/export?flow=PF',
      headers: { cookie: pf.cookie },
      remoteAddress: newIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="medipay-meus-dados-${pf.protocolo}.zip"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const { files, data } = exported(response.rawPayload);
    const status = (await getMine('PF', pf.cookie)).json();
    expect(data).toMatchObject({ protocolo: pf.protocolo, fluxo: 'PF', historico: status.history });
    expect(data.cadastro).toMatchObject({ id: pf.id, email: pf.email, protocolo: pf.protocolo });
    expect(data.cadastro.cpf).toMatch(/^\d{11}$/);
    expect(data.documentos.length).toBeGreaterThanOrEqual(3);
    for (const document of data.documentos) {
      const file = files[document.arquivo!];
      expect(file, document.arquivo!).toBeDefined();
      expect(createHash('sha256').update(file!).digest('hex')).toBe(document.sha256);
    }
    expect(data.verificacoes.length).toBeGreaterThan(0);

    // Another flow, no session: nothing.
    for (const [flow, cookie] of [
      ['PJ', pf.cookie],
      ['PF', undefined],
    ] as const) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/status/mine/export?flow=${flow}`,
        headers: cookie ? { cookie } : {},
        remoteAddress: newIp(),
      });
      expect(refused.statusCode).toBe(404);
    }
  });

  it("gives the holder of a verified code that protocol's data only; without the cookie, 401", async () => {
    const code = await codeFor(pj);
    const { header } = statusCookie(await verify(pj.protocolo, code));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/status/export',
      headers: { cookie: header },
      remoteAddress: newIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = exported(response.rawPayload);
    expect(data).toMatchObject({ protocolo: pj.protocolo, fluxo: 'PJ' });
    expect(data.cadastro).toMatchObject({ id: pj.id });
    expect(JSON.stringify(data)).not.toContain(pf.protocolo);

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/status/export',
      remoteAddress: newIp(),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(messages.accessExpired);
  });
});
