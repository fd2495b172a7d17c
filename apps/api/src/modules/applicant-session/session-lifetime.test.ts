import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantSessions, documents } from '@medipay/db/schema';
import { verificationMessages } from '@medipay/shared/applicant-session';
import { applicationStatusSchema } from '@medipay/shared/application-status';
import { HANDOFF_COOKIE, handoffMessages } from '@medipay/shared/handoff';
import { RECTIFICATION_COOKIE } from '@medipay/shared/rectification';
import { paths } from '@medipay/shared/routes';
import { keepSessionCookie, latestCodeFor, startApplicantSession } from '../../../test/applicant';
import { image, multipart } from '../../../test/files';
import { reviewServices, submittedPf, testAdmin } from '../../../test/review-detail-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { hashSessionToken, sessionCookieNames } from './applicant-session.service';

// Issue 23, item 7: the applicant session's cookie changes at each verified code and at the
// submission (the old one opens nothing), and once the application is sent it opens only what the
// status page shows; no phone takes part in a sent application; a rectification has its own link.
const clock = createTestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { PUBLIC_URL: 'https://portal.medipay.test', KYC_CHECKS: 'sandbox' },
  });
});
afterAll(async () => {
  await t.close();
});

type Browser = { cookie: string; remoteAddress?: string };

let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.78.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/** A request of a browser, which keeps the session cookie the answer sets (as browsers do). */
async function call(
  browser: Browser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { cookie: browser.cookie },
    remoteAddress: browser.remoteAddress ?? nextAddress(),
    ...(payload && { payload }),
  });
  keepSessionCookie(browser, response);
  return response;
}

async function upload(browser: Browser, url: string) {
  const body = multipart('file', 'foto.jpg', await image('jpeg', 64, 64));
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, cookie: browser.cookie },
    remoteAddress: browser.remoteAddress ?? nextAddress(),
    payload: body.payload,
  });
}

const sessionCookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === sessionCookieNames.PF);

const documentCount = async () =>
  (await t.database.db.select({ value: count() }).from(documents))[0]!.value;

const submittedBody = { code: 'ALREADY_SUBMITTED', message: verificationMessages.submitted };

describe('rotation', () => {
  it('gives the session a new cookie at each verified code: the old one opens nothing, the data stays', async () => {
    const browser: Browser = { ...(await startApplicantSession(t.app, 'PF')) };
    const [row] = await t.database.db
      .select()
      .from(applicantSessions)
      .where(eq(applicantSessions.tokenHash, hashSessionToken(browser.cookie.split('=')[1]!)));
    // The cookie is not the record's id: the id the applications and documents name opens nothing.
    expect(browser.cookie).not.toContain(row!.id);
    const byId = await call(
      { cookie: `medipay_pf=${row!.id}` },
      'GET',
      '/api/applicant/sessions/PF',
    );
    expect(byId.statusCode).toBe(401);

    const destinations = [
      { channel: 'email', destination: 'rotacao@example.com', recipient: 'rotacao@example.com' },
      { channel: 'phone', destination: '(11) 97777-0001', recipient: '+5511977770001' },
    ] as const;
    for (const { channel, destination, recipient } of destinations) {
      const sent = await call(browser, 'POST', '/api/applicant/PF/verification/send', {
        channel,
        destination,
      });
      expect(sent.statusCode, sent.body).toBe(202);
      // A sent code is no step up: the cookie stays.
      expect(sessionCookieOf(sent)).toBeUndefined();
      const before = browser.cookie;
      const code = await latestCodeFor(t.database.db, recipient);
      const verified = await call(browser, 'POST', '/api/applicant/PF/verification/verify', {
        channel,
        code,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const rotated = sessionCookieOf(verified);
      expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(rotated!.value).toMatch(/^sess_[A-Za-z0-9_-]{32}$/);
      expect(browser.cookie).not.toBe(before);

      const old = await call({ cookie: before }, 'GET', '/api/applicant/sessions/PF');
      expect(old.statusCode).toBe(401);
      expect(old.json().code).toBe('SESSION_REQUIRED');
      const current = await call(browser, 'GET', '/api/applicant/sessions/PF');
      expect(current.statusCode).toBe(200);
    }
    // One session, the same record, both contacts carried over.
    const now = await call(browser, 'GET', '/api/applicant/sessions/PF');
    expect(now.json()).toEqual({
      flow: 'PF',
      verifiedEmail: 'rotacao@example.com',
      verifiedPhone: '+5511977770001',
    });
    const [after] = await t.database.db
      .select()
      .from(applicantSessions)
      .where(eq(applicantSessions.id, row!.id));
    expect(after!.tokenHash).toBe(hashSessionToken(browser.cookie.split('=')[1]!));
  });
});

describe('after the submission', () => {
  let applicant: Awaited<ReturnType<typeof submittedPf>>['applicant'];
  let saved: Awaited<ReturnType<typeof submittedPf>>['saved'];
  let protocolo: string;
  let recordId: string;
  /** The cookie the browser held just before submitting. */
  let beforeSubmit = '';
  /** A phone that opened a link before the submission; a link nobody opened yet. */
  let phone: Browser;
  let unopenedLink = '';

  beforeAll(async () => {
    const submitted = await submittedPf(t, clock, async (_pf, ready) => {
      const link = async () => {
        const response = await call(ready, 'POST', '/api/applicant/PF/handoff');
        expect(response.statusCode, response.body).toBe(201);
        return new URL(response.json().url as string).pathname;
      };
      const opened = await t.app.inject({
        method: 'GET',
        url: await link(),
        remoteAddress: nextAddress(),
      });
      const credential = opened.cookies.find((cookie) => cookie.name === HANDOFF_COOKIE);
      phone = { cookie: `${HANDOFF_COOKIE}=${credential!.value}` };
      // Before the submission, the phone may still send a photo.
      expect((await upload(phone, '/api/handoff/documents/selfie')).statusCode).toBe(201);
      unopenedLink = await link();
      beforeSubmit = ready.cookie;
    });
    ({ applicant, saved } = submitted);
    protocolo = submitted.row.protocolo!;
    recordId = submitted.row.id;
  });

  it('the submission gave a new cookie; the old one opens nothing, not even the status', async () => {
    expect(applicant.cookie).not.toBe(beforeSubmit);
    expect(
      (await call({ cookie: beforeSubmit }, 'GET', '/api/applicant/PF/application')).statusCode,
    ).toBe(401);
    const status = await call({ cookie: beforeSubmit }, 'GET', '/api/status/mine?flow=PF');
    expect(status.statusCode).toBe(404);
  });

  it('reads the status page, and nothing of the application (CPF, documents, record)', async () => {
    const status = await call(applicant, 'GET', '/api/status/mine?flow=PF');
    expect(status.statusCode, status.body).toBe(200);
    expect(applicationStatusSchema.parse(status.json())).toMatchObject({
      flow: 'PF',
      protocolo,
      status: 'EM_ANALISE',
    });

    const refusals = [
      await call(applicant, 'GET', '/api/applicant/PF/application'),
      await call(applicant, 'PUT', '/api/applicant/PF/application/steps/5', { pep: 'NAO' }),
      await call(applicant, 'GET', '/api/applicant/PF/biometrics/passed'),
      await call(applicant, 'GET', '/api/applicant/PF/handoff'),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(submittedBody);
      expect(response.body).not.toContain(applicant.cpf);
    }
    for (const document of Object.values(saved)) {
      for (const url of [
        `/api/documents/${document!.id}`,
        `/api/applicant/PF/documents/${document!.id}/extraction`,
      ]) {
        const response = await call(applicant, 'GET', url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().message).toMatch(/[ãéõí]|não/i);
      }
    }

    // The session itself: sent, and neither contact any more.
    for (const response of [
      await call(applicant, 'GET', '/api/applicant/sessions/PF'),
      await call(applicant, 'POST', '/api/applicant/sessions', { flow: 'PF' }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        flow: 'PF',
        verifiedEmail: null,
        verifiedPhone: null,
        submitted: true,
      });
    }
  });

  it('uploads nothing from the wizard, and makes no handoff link', async () => {
    const before = await documentCount();
    const uploaded = await upload(applicant, '/api/applicant/PF/documents/selfie');
    expect(uploaded.statusCode).toBe(403);
    expect(uploaded.json()).toEqual(submittedBody);
    const link = await call(applicant, 'POST', '/api/applicant/PF/handoff');
    expect(link.statusCode).toBe(403);
    expect(link.json()).toEqual(submittedBody);
    expect(await documentCount()).toBe(before);
  });

  it('takes nothing from a phone: neither the one already in, nor a link opened now', async () => {
    const before = await documentCount();
    for (const field of ['selfie', 'selfieDoc']) {
      const response = await upload(phone, `/api/handoff/documents/${field}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: handoffMessages.expired });
    }
    expect((await call(phone, 'GET', '/api/handoff')).statusCode).toBe(401);
    expect(await documentCount()).toBe(before);

    const opened = await t.app.inject({
      method: 'GET',
      url: unopenedLink,
      remoteAddress: nextAddress(),
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(paths.handoffExpired);
    expect(opened.cookies.find((cookie) => cookie.name === HANDOFF_COOKIE)).toBeUndefined();
  });

  it('lets a rectification through its own link, while the wizard still uploads nothing', async () => {
    const admin = await testAdmin(t);
    const { decisions } = reviewServices(t, clock);
    await decisions.requestChanges(
      { flow: 'pf', id: recordId, admin, ip: '10.9.9.9' },
      { expectedStatus: 'EM_ANALISE', exigencias: 'Envie uma selfie recente.' },
    );
    // The status page (this session) asks for the link, as its 'Corrigir documentos' does.
    const link = await call(applicant, 'POST', '/api/status/mine/rectification-link?flow=PF');
    expect(link.statusCode, link.body).toBe(200);
    const token = new URLSearchParams((link.json().url as string).split('?')[1]).get('token')!;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/rectification/open',
      payload: { token },
      remoteAddress: nextAddress(),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const rectification = { cookie: `${RECTIFICATION_COOKIE}=${token}` };

    const before = await documentCount();
    expect((await upload(applicant, '/api/applicant/PF/documents/selfie')).statusCode).toBe(403);
    const uploaded = await upload(rectification, '/api/rectification/documents/selfie');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(await documentCount()).toBe(before + 1);
  });
});
