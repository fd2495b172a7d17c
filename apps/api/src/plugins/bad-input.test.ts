/**
 * Bad input that once got a 500 or an English body (issue 14, item 6): each case on the real
 * app and its database, answered with a 4xx in the error format, in Portuguese, changing nothing.
 * The refusals that happen before Fastify (Node's HTTP parser) are tested on a listening server.
 */
import { connect } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, onboardingPf } from '@medipay/db/schema';
import { applicationListSchema, listMessages } from '@medipay/shared/admin-review';
import { apiErrorSchema } from '@medipay/shared/api-error';
import { validationMessages as m, requestMessages } from '@medipay/shared/messages';
import { adminSession, sameOrigin } from '../../test/admin';
import { image, multipart } from '../../test/files';
import { pfClient, type PfApplicant } from '../../test/flow-applicant';
import { createTestApp, type TestApp } from '../../test/test-app';

/** What zod, Fastify or Node say in English when nobody translated them. */
const english =
  /invalid|too (big|small)|expected|received|required|bad request|not a valid|exceed|client error/i;

/** Asserts an answer in the error format, in Portuguese, and returns its body. */
function expectPortugueseError(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = apiErrorSchema.parse(JSON.parse(response.body));
  expect(body.message).not.toMatch(english);
  return body;
}

const zeroWidth = '\u200B\u200C\u200D\uFEFF\u2060';

let t: TestApp;
let pf: ReturnType<typeof pfClient>;
let admin: Awaited<ReturnType<typeof adminSession>>;

beforeAll(async () => {
  t = await createTestApp({ env: { KYC_CHECKS: 'sandbox' } });
  // Reaches the database with what a schema would have cleaned: the error handler's safety net.
  t.app.get('/api/test/nul-text', async () => {
    await t.database.db.execute(sql`select ${'nome\u0000oculto'}::text as value`);
    return { ok: true };
  });
  t.app.get('/api/test/nul-json', async () => {
    await t.database.db.execute(sql`select ${'{"nome":"a\\u0000b"}'}::jsonb as value`);
    return { ok: true };
  });
  pf = pfClient(t);
  admin = await adminSession(t);
});

afterAll(async () => {
  await t.close();
});

async function storedPf(applicant: PfApplicant) {
  const state = await pf.getState(applicant);
  expect(state.statusCode).toBe(200);
  return state.json().values as Record<string, unknown>;
}

describe('a NUL character', () => {
  it('in the wizard’s text fields is removed, not a 500', async () => {
    const applicant = await pf.applicant();
    const saved = await pf.saveStep(applicant, 1, {
      ...pf.values.identification(applicant),
      nomeCompleto: 'Ana\u0000 Beatriz Souza',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await storedPf(applicant)).nomeCompleto).toBe('Ana Beatriz Souza');

    const comprovante = await pf.upload(applicant, 'comprovanteResidencia');
    const address = await pf.saveStep(applicant, 2, {
      ...pf.values.address(comprovante),
      logradouro: 'Avenida\u0000 Paulista',
      complemento: '\u0000',
      bairro: 'Bela\u0000Vista',
    });
    expect(address.statusCode, address.body).toBe(200);
    expect(await storedPf(applicant)).toMatchObject({
      logradouro: 'Avenida Paulista',
      bairro: 'BelaVista',
    });
    expect((await storedPf(applicant)).complemento).toBeUndefined();
  });

  it('in the admin search is removed: the list answers', async () => {
    const applicant = await pf.applicant();
    await pf.saveStep(applicant, 1, {
      ...pf.values.identification(applicant),
      nomeCompleto: 'Zuleica Nulidade Prado',
    });
    for (const list of ['pf', 'pj']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/applications/${list}?search=Zule%00ica`,
        headers: admin.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const items = applicationListSchema.parse(response.json()).items;
      expect(items.map((item) => item.name)).toEqual(
        list === 'pf' ? ['Zuleica Nulidade Prado'] : [],
      );
    }
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/applications/pf/export.csv?search=%00Zuleica',
      headers: admin.headers,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('Zuleica Nulidade Prado');
  });

  it('in a request exigência is removed and the text area’s lines stay', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant);
    expect((await pf.submit(applicant)).statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ id: onboardingPf.id })
      .from(onboardingPf)
      .where(eq(onboardingPf.cpf, applicant.cpf.replace(/\D/g, '')));
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/pf/${row!.id}/request-changes`,
      headers: admin.headers,
      payload: {
        expectedStatus: 'EM_ANALISE',
        exigencias: '\u200BEnvie\u0000 o comprovante\r\nlegível.\u202E',
      },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().exigencias).toBe('Envie o comprovante\nlegível.');
  });

  it('in the admin login credential is a 4xx in Portuguese', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: sameOrigin(t) },
      payload: { credential: 'admin\u0000@medipay.test', password: 'uma-senha-qualquer-123' },
      remoteAddress: '10.99.0.1',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectPortugueseError(response, response.statusCode);
  });

  it('that still reaches the database (text or jsonb) is a 400, not a 500', async () => {
    for (const url of ['/api/test/nul-text', '/api/test/nul-json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(expectPortugueseError(response, 400)).toEqual({
        code: 'BAD_REQUEST',
        message: requestMessages.invalidCharacters,
      });
    }
  });
});

describe('validation messages', () => {
  it("are Portuguese: zod's defaults where a schema gives none (an option, a length), the list's own otherwise", async () => {
    const cases = [
      {
        url: '/api/admin/applications/xx',
        message: 'Selecione uma opção válida',
      },
      {
        url: `/api/admin/applications/pf?search=${'a'.repeat(101)}`,
        message: 'Use no máximo 100 caracteres',
      },
      { url: '/api/admin/applications/pf?page=0', message: listMessages.invalidPage },
      { url: '/api/admin/applications/pf?sort=nome', message: listMessages.invalidSort },
      { url: '/api/admin/applications/pf?pageSize=7', message: listMessages.invalidPageSize },
    ];
    for (const { url, message } of cases) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(expectPortugueseError(response, 400)).toEqual({ code: 'VALIDATION_ERROR', message });
    }
  });

  it('of bodies of the wrong shape are Portuguese on every kind of route', async () => {
    const applicant = await pf.applicant({ verified: false });
    const requests = [
      { method: 'POST', url: '/api/applicant/sessions', payload: { flow: 'XX' } },
      { method: 'POST', url: '/api/applicant/sessions', payload: [] },
      {
        method: 'POST',
        url: '/api/applicant/PF/verification/send',
        payload: { channel: 'fax', destination: 1 },
      },
      { method: 'POST', url: '/api/applicant/PF/verification/verify', payload: { code: 12 } },
      { method: 'PUT', url: '/api/applicant/PF/application/steps/1', payload: {} },
      { method: 'PUT', url: '/api/applicant/PF/application/steps/9', payload: {} },
      { method: 'POST', url: '/api/applicant/PF/application/submit', payload: { x: 1 } },
    ] as const;
    for (const request of requests) {
      const response = await t.app.inject({
        ...request,
        headers: { cookie: applicant.cookie },
        remoteAddress: applicant.remoteAddress,
      });
      expect(response.statusCode, `${request.url} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${request.url} ${response.body}`).toBeLessThan(500);
      expectPortugueseError(response, response.statusCode);
    }
  });

  it('keep the spec’s own message where there is one', async () => {
    const applicant = await pf.applicant();
    const response = await pf.saveStep(applicant, 1, {
      ...pf.values.identification(applicant),
      estadoCivil: 'solteirissimo',
    });
    expect(expectPortugueseError(response, 400)).toEqual({
      code: 'VALIDATION_ERROR',
      message: m.estadoCivil,
    });
  });
});

describe('invisible characters', () => {
  it('alone make a name empty: the field’s own message', async () => {
    const applicant = await pf.applicant();
    const name = await pf.saveStep(applicant, 1, {
      ...pf.values.identification(applicant),
      nomeCompleto: `${zeroWidth}\u202E\u2066\u200E`,
    });
    expect(expectPortugueseError(name, 400)).toEqual({
      code: 'VALIDATION_ERROR',
      message: m.nomeCompleto,
    });
    // Padding with invisible characters does not reach the minimum length either: a name
    // refuses them (issue 23, item 9).
    const padded = await pf.saveStep(applicant, 1, {
      ...pf.values.identification(applicant),
      nomeCompleto: `Ana${zeroWidth}`,
    });
    expect(expectPortugueseError(padded, 400).message).toBe(m.nameLatin);
    expect((await storedPf(applicant)).nomeCompleto).toBeUndefined();

    await pf.saveStep(applicant, 1, pf.values.identification(applicant));
    const comprovante = await pf.upload(applicant, 'comprovanteResidencia');
    const street = await pf.saveStep(applicant, 2, {
      ...pf.values.address(comprovante),
      logradouro: zeroWidth,
    });
    expect(expectPortugueseError(street, 400)).toEqual({
      code: 'VALIDATION_ERROR',
      message: m.logradouro,
    });
  });

  it('inside a name refuse it: the name the reviewer sees is the name typed (issue 23, item 9)', async () => {
    const applicant = await pf.applicant();
    const refused = await pf.saveStep(applicant, 1, {
      ...pf.values.identification(applicant),
      nomeCompleto: '\uFEFFAna\u200B Beatriz\u202E Souza\u2069',
    });
    expect(expectPortugueseError(refused, 400)).toEqual({
      code: 'VALIDATION_ERROR',
      message: m.nameLatin,
    });
    expect((await storedPf(applicant)).nomeCompleto).toBeUndefined();
  });
});

describe('uploads', () => {
  async function uploadBody(applicant: PfApplicant, payload: Buffer, headers: object) {
    return t.app.inject({
      method: 'POST',
      url: '/api/applicant/PF/documents/selfie',
      headers: { ...headers, cookie: applicant.cookie },
      remoteAddress: applicant.remoteAddress,
      payload,
    });
  }
  const storedDocuments = async () => (await t.database.db.select().from(documents)).length;

  it('refuse a multipart body cut before its closing boundary with a 400, storing nothing', async () => {
    const applicant = await pf.applicant();
    const body = multipart('file', 'selfie.jpg', await image('jpeg', 64, 64));
    const before = await storedDocuments();
    for (const cut of [30, body.payload.length - 200]) {
      const response = await uploadBody(
        applicant,
        body.payload.subarray(0, body.payload.length - cut),
        body.headers,
      );
      expect(expectPortugueseError(response, 400)).toEqual({
        code: 'BAD_REQUEST',
        message: requestMessages.uploadIncomplete,
      });
    }
    expect(await storedDocuments()).toBe(before);
  });

  it('keep no bidirectional override or invisible character in the file name', async () => {
    const applicant = await pf.applicant();
    const uploaded = await pf.upload(applicant, 'selfie', 'foto\u202Egpj.exe');
    expect(uploaded.name).toBe('fotogpj.exe');
    const others = await pf.upload(applicant, 'selfie', '\u2066minha\u200B selfie\u200F\u0000.jpg');
    expect(others.name).toBe('minha selfie.jpg');
    const [row] = await t.database.db
      .select({ name: documents.originalName })
      .from(documents)
      .where(eq(documents.id, uploaded.id));
    expect(row?.name).toBe('fotogpj.exe');
    const served = await t.app.inject({
      method: 'GET',
      url: uploaded.url,
      headers: { cookie: applicant.cookie },
      remoteAddress: applicant.remoteAddress,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).not.toMatch(/%E2%80%AE/i);
  });
});

describe('requests the router refuses', () => {
  it('answer a broken percent-encoding with 400 in the error format', async () => {
    for (const url of ['/api/%E0%A4%A', '/api/documents/%E0%A4%A', '/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(expectPortugueseError(response, 400)).toEqual({
        code: 'BAD_REQUEST',
        message: requestMessages.badUrl,
      });
    }
  });

  it('answer a path parameter over the length limit with 414 in the error format', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${'a'.repeat(200)}`,
    });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(expectPortugueseError(response, 414)).toEqual({
      code: 'BAD_REQUEST',
      message: requestMessages.urlTooLong,
    });
  });
});

describe('requests Node’s HTTP parser refuses (a listening server)', () => {
  let port: number;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });

  /** Sends raw bytes and reads what comes back until the server closes. */
  function rawRequest(request: string): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', (error) => (chunks.length ? undefined : reject(error)));
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head, body });
      });
      socket.write(request);
    });
  }

  it('answer a URL over the header size limit with 431 in the error format', async () => {
    const response = await rawRequest(
      `GET /api/admin/applications/pf?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(response.headers).toMatch(/content-type: application\/json/i);
    expect(
      expectPortugueseError({ statusCode: response.status, body: response.body }, 431),
    ).toEqual({ code: 'BAD_REQUEST', message: requestMessages.headersTooLarge });
  });

  it('answer headers over the size limit with 431 in the error format', async () => {
    const response = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(
      expectPortugueseError({ statusCode: response.status, body: response.body }, 431),
    ).toEqual({ code: 'BAD_REQUEST', message: requestMessages.headersTooLarge });
    expect(response.headers).toMatch(
      new RegExp(`content-length: ${Buffer.byteLength(response.body)}`, 'i'),
    );
  });

  it('answer bytes that are not HTTP with 400 in the error format', async () => {
    const response = await rawRequest('OLÁ MUNDO\r\n\r\n');
    expect(
      expectPortugueseError({ statusCode: response.status, body: response.body }, 400),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Requisição inválida.' });
  });

  it('answer a long path parameter with 414 and a broken URL with 400, over the network too', async () => {
    const long = await fetch(`http://127.0.0.1:${port}/api/documents/${'a'.repeat(200)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({ code: 'BAD_REQUEST', message: requestMessages.urlTooLong });
    const broken = await rawRequest(
      'GET /api/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(expectPortugueseError({ statusCode: broken.status, body: broken.body }, 400)).toEqual({
      code: 'BAD_REQUEST',
      message: requestMessages.badUrl,
    });
  });
});
