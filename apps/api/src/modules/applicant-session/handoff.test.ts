import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVENESS_STEPS } from '@medipay/shared/liveness';
import { errorCodes } from '@medipay/shared/api-error';
import {
  HANDOFF_COOKIE,
  handoffHintCpf,
  handoffHintEmail,
  handoffHintFirstName,
  handoffMessages,
} from '@medipay/shared/handoff';
import { startApplicantSession } from '../../../test/applicant';
import { image, multipart } from '../../../test/files';
import { pfClient, type PfApplicant } from '../../../test/flow-applicant';
import { createTestApp, testIndexHtml, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import {
  HANDOFF_ACCESS_TTL_MS,
  HANDOFF_COOKIE_PATH,
  HANDOFF_TTL_MS,
} from './applicant-session.service';

const clock = createTestClock();
let t: TestApp;
let pf: ReturnType<typeof pfClient>;

beforeAll(async () => {
  // The sandbox checks: the phone's selfie passes (or not) by its file name.
  t = await createTestApp({
    clock,
    env: { PUBLIC_URL: 'https://portal.medipay.test', KYC_CHECKS: 'sandbox' },
  });
  pf = pfClient(t);
});
afterAll(async () => {
  await t.close();
});

type Caller = { cookie: string; remoteAddress: string };
let addresses = 0;
/** Each device its own address: the per-IP limits of the link routes stay out of the way. */
const nextAddress = () => {
  addresses += 1;
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

async function createLink(desktop: Caller) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/applicant/PF/handoff',
    headers: { cookie: desktop.cookie },
    remoteAddress: desktop.remoteAddress,
  });
  expect(response.statusCode).toBe(201);
  const { url, expiresInSeconds, loopback } = response.json();
  expect(expiresInSeconds).toBe(HANDOFF_TTL_MS / 1000);
  // A public address: the page shows the QR code without a warning.
  expect(loopback).toBe(false);
  expect(HANDOFF_TTL_MS).toBeLessThanOrEqual(10 * 60 * 1000);
  expect(url).toMatch(/^https:\/\/portal\.medipay\.test\/continuar\/[A-Za-z0-9_-]{43}$/);
  return new URL(url).pathname;
}

/** Opens a link as a phone's browser would, with whatever cookies that browser already has. */
const open = (path: string, device: { cookie?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url: path,
    remoteAddress: device.remoteAddress ?? nextAddress(),
    ...(device.cookie && { headers: { cookie: device.cookie } }),
  });

/** Opens the link on a phone without cookies; the phone's credential cookie header. */
async function phoneOf(path: string): Promise<Caller> {
  const response = await open(path);
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/continuar-no-celular');
  const credential = response.cookies.find((cookie) => cookie.name === HANDOFF_COOKIE);
  expect(credential).toBeDefined();
  return { cookie: `${HANDOFF_COOKIE}=${credential!.value}`, remoteAddress: nextAddress() };
}

const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: caller.cookie },
    remoteAddress: caller.remoteAddress,
    ...(payload && { payload }),
  });

async function phoneUpload(phone: Caller, field: string, fileName = `${field}.jpg`) {
  const body = multipart('file', fileName, await image('jpeg', 64, 64));
  return t.app.inject({
    method: 'POST',
    url: `/api/handoff/documents/${field}`,
    headers: { ...body.headers, cookie: phone.cookie },
    remoteAddress: phone.remoteAddress,
    payload: body.payload,
  });
}

/** The phone's whole part: both photos and the (sandbox) check. */
async function phoneCheck(phone: Caller, selfieName = 'selfie.jpg') {
  const selfie = await phoneUpload(phone, 'selfie', selfieName);
  expect(selfie.statusCode, selfie.body).toBe(201);
  const selfieDoc = await phoneUpload(phone, 'selfieDoc');
  expect(selfieDoc.statusCode, selfieDoc.body).toBe(201);
  const check = await call(phone, 'POST', '/api/handoff/biometrics/check', {
    selfieId: selfie.json().id,
    selfieDocId: selfieDoc.json().id,
    challengeId: null,
  });
  expect(check.statusCode, check.body).toBe(200);
  return { selfie: selfie.json(), selfieDoc: selfieDoc.json(), check: check.json() };
}

const progress = async (desktop: Caller) => {
  const response = await call(desktop, 'GET', '/api/applicant/PF/handoff');
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** An applicant at the selfie step: steps 1 to 3 saved. */
async function atSelfieStep(): Promise<PfApplicant> {
  const applicant = await pf.applicant();
  await pf.fillSteps(applicant, 3);
  return applicant;
}

function expectRefused(response: { statusCode: number; json: () => unknown }) {
  expect([401, 403, 404]).toContain(response.statusCode);
  expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
}

describe('a link from someone else never takes over the browser that opens it', () => {
  it('keeps the victim’s own session; what the victim types stays out of the attacker’s application', async () => {
    const attacker = {
      ...(await startApplicantSession(t.app, 'PF')),
      remoteAddress: nextAddress(),
    };
    const path = await createLink(attacker);

    // The victim has an application of their own in this browser.
    const victim = await pf.applicant();
    const opened = await open(path, victim);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/continuar-no-celular');
    // No session cookie is set, replaced or cleared: only the phone's own credential.
    expect(opened.cookies.map((cookie) => cookie.name)).toEqual([HANDOFF_COOKIE]);
    expect(opened.cookies[0]).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      secure: true,
      path: HANDOFF_COOKIE_PATH,
      maxAge: HANDOFF_ACCESS_TTL_MS / 1000,
    });
    expect(opened.cookies[0]!.value).not.toBe(path.split('/').pop());

    // The victim goes on in their own application, with the cookie their browser still has.
    const saved = await pf.saveStep(victim, 1, pf.values.identification(victim));
    expect(saved.statusCode, saved.body).toBe(200);
    const own = await pf.getState(victim);
    expect(own.json().values.nomeCompleto).toBe('Ana Beatriz Souza');

    // The attacker's application holds nothing of it.
    const stolen = await call(attacker, 'GET', '/api/applicant/PF/application');
    expect(stolen.statusCode).toBe(200);
    expect(stolen.body).not.toContain('Ana Beatriz');
    expect(stolen.body).not.toContain(victim.cpf);
    expect(stolen.body).not.toContain(victim.cpf.replace(/\D/g, ''));
    expect(stolen.body).not.toContain(victim.email);
    expect(stolen.json().values).toEqual({});
    const session = await call(attacker, 'GET', '/api/applicant/sessions/PF');
    expect(session.json()).toMatchObject({ verifiedEmail: null, verifiedPhone: null });
  });
});

describe('what the phone’s credential may do', () => {
  it('takes the selfie step of that one application and ends with it; the desktop gets the result', async () => {
    const desktop = await atSelfieStep();
    const front = (await pf.getState(desktop)).json().values.docIdentidadeFrente;
    const path = await createLink(desktop);
    expect((await progress(desktop)).state).toBe('waiting');

    const phone = await phoneOf(path);
    expect(await progress(desktop)).toEqual({ state: 'opened', result: null });

    // The liveness challenge, the photos (and their previews), the check.
    const challenge = await call(phone, 'POST', '/api/handoff/biometrics/challenges');
    expect(challenge.statusCode).toBe(201);
    expect(challenge.json().order).toHaveLength(LIVENESS_STEPS);
    const { selfie, selfieDoc, check } = await phoneCheck(phone);
    expect(selfie.url).toBe(`/api/handoff/documents/${selfie.id}`);
    expect(selfie.thumbnailUrl).toBe(`/api/handoff/documents/${selfie.id}/thumbnail`);
    expect(check).toMatchObject({ decision: 'aprovado', selfieId: selfie.id });

    // The step is done: the credential ends.
    const after = await call(phone, 'GET', '/api/handoff');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      code: errorCodes.unauthorized,
      message: handoffMessages.expired,
    });
    expectRefused(await call(phone, 'POST', '/api/handoff/biometrics/challenges'));
    expect((await phoneUpload(phone, 'selfie')).statusCode).toBe(401);

    // The desktop sees the step done with the phone's photos, and saves it as its own.
    const done = await progress(desktop);
    expect(done.state).toBe('done');
    expect(done.result.check).toMatchObject({ decision: 'aprovado', selfieId: selfie.id });
    expect(done.result.selfie).toMatchObject({ id: selfie.id, url: `/api/documents/${selfie.id}` });
    expect(done.result.selfieDoc.id).toBe(selfieDoc.id);
    const thumbnail = await call(desktop, 'GET', done.result.selfie.thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    const step4 = await pf.saveStep(desktop, 4, {
      selfie: done.result.selfie,
      selfieDoc: done.result.selfieDoc,
      livenessPassed: true,
    });
    expect(step4.statusCode, step4.body).toBe(200);
    expect(front).toBeDefined();
  });

  it('reads nothing of the application, takes no other step, creates no link', async () => {
    const desktop = await atSelfieStep();
    const state = (await pf.getState(desktop)).json();
    const front = state.values.docIdentidadeFrente;
    const phone = await phoneOf(await createLink(desktop));

    // The phone's own page: only the masked hint.
    const page = await call(phone, 'GET', '/api/handoff');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const digits = desktop.cpf.replace(/\D/g, '');
    expect(page.json()).toEqual({
      hint: {
        firstName: 'Ana',
        cpf: `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`,
        email: expect.stringMatching(/^p\*\*\*@e\*\*\*\.com$/),
      },
      expiresInSeconds: HANDOFF_ACCESS_TTL_MS / 1000,
    });
    for (const secret of [desktop.cpf, digits, 'Beatriz', 'Souza', desktop.email, desktop.telefone])
      expect(page.body).not.toContain(secret);

    // Every applicant route outside the phone's API ignores its credential.
    const refused = [
      await call(phone, 'GET', '/api/applicant/sessions/PF'),
      await call(phone, 'GET', '/api/applicant/PF/application'),
      await call(
        phone,
        'PUT',
        '/api/applicant/PF/application/steps/1',
        pf.values.identification(desktop),
      ),
      await call(phone, 'PUT', '/api/applicant/PF/application/steps/4', {
        selfie: front,
        selfieDoc: front,
        livenessPassed: true,
      }),
      await call(phone, 'POST', '/api/applicant/PF/application/submit', {
        consentimentoLgpd: true,
        consentimentoKyc: true,
      }),
      await call(phone, 'POST', '/api/applicant/PF/handoff'),
      await call(phone, 'GET', '/api/applicant/PF/handoff'),
      await call(phone, 'GET', '/api/applicant/PF/biometrics/check'),
      await call(phone, 'POST', '/api/applicant/PF/biometrics/challenges'),
      await call(phone, 'GET', `/api/documents/${front.id}`),
      await call(phone, 'GET', `/api/documents/${front.id}/thumbnail`),
      await call(phone, 'GET', `/api/applicant/PF/documents/${front.id}/extraction`),
      await call(phone, 'POST', '/api/applicant/PF/verification/send', {
        channel: 'email',
        destination: 'outro@example.com',
      }),
      // The phone's own routes: no other document, no other field.
      await call(phone, 'GET', `/api/handoff/documents/${front.id}`),
      await call(phone, 'GET', `/api/handoff/documents/${front.id}/thumbnail`),
    ];
    for (const response of refused) expectRefused(response);
    expect(refused[0]!.statusCode).toBe(401);
    expect(refused[5]!.statusCode).toBe(401);
    for (const response of refused) expect(response.body).not.toContain('Ana Beatriz');

    const other = await phoneUpload(phone, 'docIdentidadeFrente');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      code: errorCodes.notFound,
      message: handoffMessages.unknownField,
    });

    // The desktop's own data is untouched.
    expect((await pf.getState(desktop)).json()).toEqual(state);
  });

  it('a failed check keeps the phone on the step; the credential expires after its time', async () => {
    const desktop = await atSelfieStep();
    const phone = await phoneOf(await createLink(desktop));
    const failed = await phoneCheck(phone, 'reprovar.jpg');
    expect(failed.check.decision).toBe('reprovado');
    expect((await call(phone, 'GET', '/api/handoff')).statusCode).toBe(200);
    expect(await progress(desktop)).toEqual({ state: 'opened', result: null });

    clock.advance(HANDOFF_ACCESS_TTL_MS + 1000);
    const late = await call(phone, 'GET', '/api/handoff');
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(handoffMessages.expired);
    expect((await progress(desktop)).state).toBe('expired');
  });

  it('refuses a credential that was never given', async () => {
    for (const cookie of ['', `${HANDOFF_COOKIE}=${'x'.repeat(43)}`, `${HANDOFF_COOKIE}=curto`]) {
      const response = await call({ cookie, remoteAddress: nextAddress() }, 'GET', '/api/handoff');
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(handoffMessages.expired);
    }
  });
});

describe('the link', () => {
  it('works once', async () => {
    const desktop = await atSelfieStep();
    const path = await createLink(desktop);
    await phoneOf(path);
    const again = await open(path);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/continuar/expirado');
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.cookies).toHaveLength(0);
  });

  it('expires, and a new one replaces the one not opened yet', async () => {
    const desktop = await atSelfieStep();
    const first = await createLink(desktop);
    clock.advance(1000);
    const second = await createLink(desktop);
    expect((await open(first)).headers.location).toBe('/continuar/expirado');

    clock.advance(HANDOFF_TTL_MS + 1000);
    const expired = await open(second);
    expect(expired.headers.location).toBe('/continuar/expirado');
    expect(expired.cookies).toHaveLength(0);
    expect((await progress(desktop)).state).toBe('expired');
    for (const token of ['x'.repeat(43), 'curto', '../../etc']) {
      const made = await open(`/continuar/${encodeURIComponent(token)}`);
      expect(made.statusCode).toBe(303);
      expect(made.headers.location).toBe('/continuar/expirado');
    }
  });

  it('needs a session of the individual flow; the phone and expired pages are pages of the portal', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/applicant/PF/handoff' });
    expect(anonymous.statusCode).toBe(401);
    const company = await startApplicantSession(t.app, 'PJ', nextAddress());
    const noSelfieStep = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/PJ/handoff',
      headers: { cookie: company.cookie },
    });
    expect(noSelfieStep.statusCode).toBe(404);
    for (const page of ['/continuar/expirado', '/continuar-no-celular']) {
      const response = await open(page);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(testIndexHtml.slice(0, 20));
    }
  });
});

describe('a link on this computer only', () => {
  it('says so when PUBLIC_URL is the default localhost address a phone cannot reach', async () => {
    const local = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    try {
      const { cookie } = await startApplicantSession(local.app, 'PF');
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/applicant/PF/handoff',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        url: expect.stringMatching(/^http:\/\/localhost:3000\/continuar\//),
        loopback: true,
      });
    } finally {
      await local.close();
    }
  });
});

describe('the masked hint', () => {
  it('keeps only parts that identify no one', () => {
    expect(handoffHintCpf('529.982.247-25')).toBe('***.982.247-**');
    expect(handoffHintCpf('52998224725')).toBe('***.982.247-**');
    expect(handoffHintCpf('529.982')).toBeNull();
    expect(handoffHintCpf(null)).toBeNull();
    expect(handoffHintEmail('Ana.Souza@Exemplo.com.br')).toBe('a***@e***.com.br');
    expect(handoffHintEmail('sem-arroba')).toBeNull();
    expect(handoffHintEmail('a@localhost')).toBeNull();
    expect(handoffHintFirstName('  Ana Beatriz Souza ')).toBe('Ana');
    expect(handoffHintFirstName('')).toBeNull();
  });
});
