import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientInteractions,
  documents,
  onboardingPf,
  onboardingPj,
  outbox,
  rectificationLinks,
  statusHistory,
  verificationResults,
  type RequestedDocument,
} from '@medipay/db/schema';
import { RECTIFICATION_LINK_TTL_MS } from '@medipay/shared/admin-review';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { MAX_UPLOAD_BYTES } from '@medipay/shared/constants';
import { documentMessages, type UploadedDocument } from '@medipay/shared/documents';
import { validationMessages } from '@medipay/shared/messages';
import {
  RECTIFICATION_COOKIE,
  clientInteractionDescriptions,
  rectificationMessages,
  type RectificationPage,
} from '@medipay/shared/rectification';
import type { Flow } from '@medipay/shared/status';
import { registerErrorHandler } from '../../plugins/error-handler';
import { adminSession, nextTestIp } from '../../../test/admin';
import { image, multipart, pdf } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import {
  hashRectificationToken,
  insertRectificationLink,
} from '../admin-review/rectification-links.repository';
import { submittedPf, submittedPj } from '../../../test/review-detail-fixtures';
import { rectificationRoutes } from './rectification.routes';
import {
  rectificationDocumentMessage,
  rectificationFieldMessage,
  type Rectifications,
} from './rectification.service';

const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
  admin = await adminSession(t, 'admin_mini');
});
afterAll(async () => {
  await t.close();
});

const EXIGENCIAS = 'Envie o RG legível e uma selfie recente.';
const notFoundBody = {
  code: errorCodes.notFound,
  message: rectificationMessages.notFoundDescription,
};

type Application = {
  flow: Flow;
  id: string;
  sessionId: string;
  email: string;
  protocolo: string | null;
};

const reviewFlow = (flow: Flow) => (flow === 'PF' ? 'pf' : 'pj');

async function pfRow(id: string) {
  const [row] = await t.database.db.select().from(onboardingPf).where(eq(onboardingPf.id, id));
  return row!;
}

async function pjRow(id: string) {
  const [row] = await t.database.db.select().from(onboardingPj).where(eq(onboardingPj.id, id));
  return row!;
}

/** An admin decision through the back-office API. */
async function decide(record: Application, action: string, body: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/applications/${reviewFlow(record.flow)}/${record.id}/${action}`,
    headers: admin.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

/** The token of the newest 'Em Exigência' e-mail sent to an address. */
async function latestToken(email: string): Promise<string> {
  const [message] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, 'requirements')))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  const url = new URL((message!.data as { rectificationUrl: string }).rectificationUrl);
  expect(`${url.origin}${url.pathname}`).toBe(`${t.env.PUBLIC_URL}/retificar-documentos`);
  return url.searchParams.get('token')!;
}

/** An application submitted through the wizard and put 'Em Exigência' by an admin. */
async function inExigencia(flow: Flow) {
  const submitted = flow === 'PF' ? await submittedPf(t, clock) : await submittedPj(t, clock);
  const { row } = submitted;
  const record: Application = {
    flow,
    id: row.id,
    sessionId: row.sessionId,
    email: row.email!,
    protocolo: row.protocolo,
  };
  await decide(record, 'request-changes', { expectedStatus: row.status, exigencias: EXIGENCIAS });
  clock.advance(1000);
  const saved: Partial<Record<string, UploadedDocument>> = submitted.saved;
  return { record, saved, token: await latestToken(record.email) };
}

async function open(token: string, remoteAddress = nextTestIp()) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/rectification/open',
    payload: { token },
    remoteAddress,
  });
  const set = response.cookies.find((entry) => entry.name === RECTIFICATION_COOKIE);
  return { response, cookie: set ? `${RECTIFICATION_COOKIE}=${set.value}` : '', set };
}

/** Opens the page and answers the cookie header the page's requests carry. */
async function openedCookie(token: string) {
  const { response, cookie } = await open(token);
  expect(response.statusCode, response.body).toBe(200);
  return cookie;
}

const getPage = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/rectification', headers: { cookie } });

async function upload(
  cookie: string,
  field: string,
  file: { name: string; data: Buffer } | null = null,
) {
  const data = file ?? { name: `${field}.jpg`, data: await image('jpeg', 64, 64) };
  const body = multipart('file', data.name, data.data);
  return t.app.inject({
    method: 'POST',
    url: `/api/rectification/documents/${field}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

async function uploaded(cookie: string, field: string, file?: { name: string; data: Buffer }) {
  const response = await upload(cookie, field, file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as UploadedDocument;
}

const viewDocument = (cookie: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/rectification/documents/${id}`, headers: { cookie } });

const submit = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/rectification/submit',
    headers: { cookie },
    payload,
    remoteAddress: '10.66.0.1',
  });

const interactionsOf = (id: string) =>
  t.database.db
    .select()
    .from(clientInteractions)
    .where(eq(clientInteractions.onboardingId, id))
    .orderBy(clientInteractions.createdAt);

const historyOf = (id: string) =>
  t.database.db
    .select()
    .from(statusHistory)
    .where(eq(statusHistory.recordId, id))
    .orderBy(statusHistory.createdAt);

const linksOf = (id: string) =>
  t.database.db.select().from(rectificationLinks).where(eq(rectificationLinks.recordId, id));

const documentCount = async () => (await t.database.db.select().from(documents)).length;

const rectificationUrl = (id: string) => `/api/rectification/documents/${id}`;

describe('opening the page', () => {
  it('shows a PF application: full name, requirements, its four documents as on record', async () => {
    const { record, saved, token } = await inExigencia('PF');
    const { response, set } = await open(token, '10.66.1.1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.json() as RectificationPage;
    const current = (field: string) => ({
      ...saved[field],
      url: rectificationUrl(saved[field]!.id),
      thumbnailUrl: null,
    });
    expect(page).toEqual({
      flow: 'PF',
      nome: 'Ana Beatriz Souza',
      protocolo: record.protocolo,
      exigencias: EXIGENCIAS,
      documentosSolicitados: false,
      documents: [
        {
          field: 'docIdentidadeFrente',
          kind: 'document',
          current: current('docIdentidadeFrente'),
          motivo: null,
        },
        {
          field: 'docIdentidadeVerso',
          kind: 'document',
          current: current('docIdentidadeVerso'),
          motivo: null,
        },
        {
          field: 'comprovanteResidencia',
          kind: 'document',
          current: current('comprovanteResidencia'),
          motivo: null,
        },
        { field: 'selfie', kind: 'image', current: current('selfie'), motivo: null },
      ],
    });

    // The cookie holds the token, for the page's routes only; 2 h, the link lasting 30 days.
    expect(set).toMatchObject({
      name: RECTIFICATION_COOKIE,
      value: token,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/rectification',
      maxAge: 2 * 60 * 60,
    });
    expect(set?.secure).toBeFalsy();

    // One PAGE_ACCESS, with the application's session and the address.
    expect(await interactionsOf(record.id)).toEqual([
      expect.objectContaining({
        onboardingType: 'PF',
        sessionId: record.sessionId,
        actionType: 'PAGE_ACCESS',
        description: clientInteractionDescriptions.PAGE_ACCESS,
        documentType: null,
        ip: '10.66.1.1',
        createdAt: clock.now(),
      }),
    ]);

    // The same page from the cookie, without another PAGE_ACCESS.
    const again = await getPage(`${RECTIFICATION_COOKIE}=${token}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(page);
    expect(await interactionsOf(record.id)).toHaveLength(1);
  });

  it('shows a PJ application: company name and its four documents', async () => {
    const { record, saved, token } = await inExigencia('PJ');
    const { response } = await open(token);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as RectificationPage;
    expect(page).toMatchObject({
      flow: 'PJ',
      nome: 'Hospital Exemplo S.A.',
      protocolo: record.protocolo,
      exigencias: EXIGENCIAS,
    });
    expect(page.documents.map(({ field, kind, current }) => [field, kind, current?.id])).toEqual([
      ['contratoSocial', 'pdf', saved.contratoSocial!.id],
      ['cartaoCnpj', 'document', saved.cartaoCnpj!.id],
      ['comprovanteEndereco', 'document', saved.comprovanteEndereco!.id],
      ['responsavelDocFrente', 'document', saved.responsavelDocFrente!.id],
    ]);
    for (const document of page.documents) {
      expect(document.current?.url).toBe(rectificationUrl(document.current!.id));
      expect(document.current?.thumbnailUrl).toBeNull();
    }
  });

  it('shows a document missing from the record as none on file', async () => {
    const { record, token } = await inExigencia('PF');
    await t.database.db
      .update(onboardingPf)
      .set({ comprovanteResidenciaUrl: null })
      .where(eq(onboardingPf.id, record.id));
    const { response } = await open(token);
    const page = response.json() as RectificationPage;
    expect(page.documents.find((entry) => entry.field === 'comprovanteResidencia')).toEqual({
      field: 'comprovanteResidencia',
      kind: 'document',
      current: null,
      motivo: null,
    });
  });

  it('keeps the cookie only until the link expires when that comes first', async () => {
    const { record, token } = await inExigencia('PF');
    await t.database.db
      .update(rectificationLinks)
      .set({ expiresAt: new Date(clock.now().getTime() + 30 * 60 * 1000) })
      .where(eq(rectificationLinks.recordId, record.id));
    const { set } = await open(token);
    expect(set?.maxAge).toBe(30 * 60);
  });

  it('sets a Secure cookie when the portal is served over https', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(cookie);
    await app.register(rateLimit, { global: false });
    const page: RectificationPage = {
      flow: 'PF',
      nome: 'Ana',
      protocolo: null,
      exigencias: null,
      documentosSolicitados: false,
      documents: [],
    };
    const rectifications = {
      open: async () => ({ page, maxAgeSeconds: 60 }),
    } as unknown as Rectifications;
    await app.register(rectificationRoutes, {
      rectifications,
      secureCookies: true,
      prefix: '/api',
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/rectification/open',
      payload: { token: 'abc' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies[0]).toMatchObject({ secure: true, httpOnly: true, maxAge: 60 });
    await app.close();
  });
});

describe('a page that is not live', () => {
  it('answers the same 404 for an unknown token, no cookie or a malformed one', async () => {
    for (const token of ['desconhecido', 'x'.repeat(43), 'a'.repeat(200)]) {
      const { response, set } = await open(token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFoundBody);
      expect(set).toBeUndefined();
    }
    for (const headers of [{}, { cookie: `${RECTIFICATION_COOKIE}=desconhecido` }]) {
      const page = await t.app.inject({ method: 'GET', url: '/api/rectification', headers });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual(notFoundBody);
    }
  });

  it('answers 404 once the link expired', async () => {
    const { record, token } = await inExigencia('PJ');
    const start = clock.now();
    const cookie = await openedCookie(token);
    const [link] = await linksOf(record.id);
    expect(link!.expiresAt.getTime()).toBe(start.getTime() - 1000 + RECTIFICATION_LINK_TTL_MS);
    try {
      clock.set(new Date(link!.expiresAt.getTime() - 1000));
      expect((await open(token)).set?.maxAge).toBe(1);
      clock.set(link!.expiresAt);
      const expired = await open(token);
      expect(expired.response.statusCode).toBe(404);
      expect(expired.response.json()).toEqual(notFoundBody);
      const page = await getPage(cookie);
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual(notFoundBody);
      const sent = await submit(cookie, { justification: 'Atrasado.' });
      expect(sent.statusCode).toBe(404);
      expect(sent.json()).toEqual(notFoundBody);
      expect((await pjRow(record.id)).status).toBe('EM_EXIGENCIA');
    } finally {
      clock.set(start);
    }
  });

  it('answers 404 on every route once the application left EM_EXIGENCIA', async () => {
    const { record, saved, token } = await inExigencia('PF');
    const cookie = await openedCookie(token);
    const before = await documentCount();
    await decide(record, 'deny', { expectedStatus: 'EM_EXIGENCIA', motivo: 'Documentos falsos.' });

    const responses = [
      (await open(token)).response,
      await getPage(cookie),
      await upload(cookie, 'selfie'),
      await viewDocument(cookie, saved.selfie!.id),
      await submit(cookie, { justification: 'Corrigido.' }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFoundBody);
    }
    expect(await documentCount()).toBe(before);
    expect((await pfRow(record.id)).status).toBe('NEGADO');
  });

  it('limits the opening attempts per address (429), not the other addresses', async () => {
    const ip = nextTestIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await open(`tentativa-${attempt}`, ip)).response.statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    const limited = await open('mais-uma', ip);
    expect(limited.response.statusCode).toBe(429);
    expect(limited.response.json()).toEqual({
      code: errorCodes.rateLimited,
      message: genericMessages.rateLimited,
    });
    expect((await open('outra-origem')).response.statusCode).toBe(404);
  });
});

describe('uploading and viewing documents', () => {
  let record: Application;
  let saved: Partial<Record<string, UploadedDocument>>;
  let cookie: string;

  beforeAll(async () => {
    const made = await inExigencia('PF');
    ({ record, saved } = made);
    cookie = await openedCookie(made.token);
  });

  it('refuses a field the page does not offer (400) and stores nothing', async () => {
    const before = await documentCount();
    for (const field of ['selfieDoc', 'contratoSocial', 'desconhecido']) {
      const response = await upload(cookie, field);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: errorCodes.badRequest,
        message: rectificationFieldMessage,
      });
    }
    expect(await documentCount()).toBe(before);
  });

  it('applies the wizard’s file rules: images only for the selfie, one file, 10 MB', async () => {
    const before = await documentCount();
    const notImage = await upload(cookie, 'selfie', { name: 'selfie.pdf', data: await pdf() });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toEqual({
      code: errorCodes.unsupportedMediaType,
      message: validationMessages.fileImageOnly,
    });

    const tooLarge = await upload(cookie, 'comprovanteResidencia', {
      name: 'grande.pdf',
      data: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(validationMessages.fileTooLarge);

    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/rectification/documents/selfie',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(documentMessages.noFile);
    expect(await documentCount()).toBe(before);
  });

  it('stores a good file as a new version, without applying it, and serves it', async () => {
    const document = await uploaded(cookie, 'comprovanteResidencia', {
      name: 'conta de luz.pdf',
      data: await pdf(),
    });
    expect(document).toMatchObject({
      name: 'conta de luz.pdf',
      type: 'application/pdf',
      url: rectificationUrl(document.id),
      thumbnailUrl: null,
    });
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row).toMatchObject({
      flow: 'PF',
      sessionId: record.sessionId,
      field: 'comprovanteResidencia',
      uploadedBy: 'applicant',
    });
    expect((await pfRow(record.id)).comprovanteResidenciaUrl).toBe(
      saved.comprovanteResidencia!.url,
    );

    const served = await viewDocument(cookie, document.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="conta de luz.pdf"; filename*=UTF-8''conta%20de%20luz.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "sandbox; default-src 'none'; object-src 'self'",
    });
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('serves the documents on record', async () => {
    const served = await viewDocument(cookie, saved.selfie!.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'");
  });

  it('answers 404 for a document of another application, a bad id or no cookie', async () => {
    const other = await inExigencia('PJ');
    for (const id of [other.saved.contratoSocial!.id, 'nao-e-um-id', randomUUID()]) {
      const response = await viewDocument(cookie, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFoundBody);
    }
    expect((await viewDocument('', saved.selfie!.id)).statusCode).toBe(404);
    // The other application's cookie does not open this one's documents either.
    const otherCookie = await openedCookie(other.token);
    expect((await viewDocument(otherCookie, saved.selfie!.id)).statusCode).toBe(404);
  });
});

describe('submitting the corrections', () => {
  it('asks for a justification or a document', async () => {
    const { token, record } = await inExigencia('PJ');
    const cookie = await openedCookie(token);
    for (const payload of [{}, { justification: '   ' }, { justification: '', documents: {} }]) {
      const response = await submit(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: errorCodes.validation,
        message: 'Adicione uma justificativa ou atualize pelo menos um documento',
      });
    }
    expect((await pjRow(record.id)).status).toBe('EM_EXIGENCIA');
  });

  it('refuses a document of another session, of another field or not offered (400), changing nothing', async () => {
    const { record, saved, token } = await inExigencia('PF');
    const other = await inExigencia('PF');
    const cookie = await openedCookie(token);
    const back = await uploaded(cookie, 'docIdentidadeVerso');
    const front = await uploaded(cookie, 'docIdentidadeFrente');
    const rowBefore = await pfRow(record.id);
    const historyBefore = await historyOf(record.id);
    const interactionsBefore = await interactionsOf(record.id);

    for (const documents of [
      { docIdentidadeFrente: other.saved.docIdentidadeFrente!.id },
      { docIdentidadeFrente: back.id },
      { docIdentidadeFrente: front.id, selfieDoc: saved.selfieDoc!.id },
      { docIdentidadeFrente: front.id, docIdentidadeVerso: randomUUID() },
    ]) {
      const response = await submit(cookie, { justification: 'Segue.', documents });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: errorCodes.badRequest,
        message: rectificationDocumentMessage,
      });
    }
    expect(await pfRow(record.id)).toEqual(rowBefore);
    expect(await historyOf(record.id)).toEqual(historyBefore);
    expect(await interactionsOf(record.id)).toEqual(interactionsBefore);
    expect((await linksOf(record.id)).every((link) => link.usedAt === null)).toBe(true);
    expect((await getPage(cookie)).statusCode).toBe(200);
  });

  it('applies a PF rectification in one go and spends the link', async () => {
    const { record, saved, token } = await inExigencia('PF');
    // A second e-mail (resend): both links are spent by the submit.
    await decide(record, 'resend-requirements', { expectedStatus: 'EM_EXIGENCIA' });
    const resent = await latestToken(record.email);
    expect(resent).not.toBe(token);

    const cookie = await openedCookie(token);
    clock.advance(60_000);
    const front = await uploaded(cookie, 'docIdentidadeFrente');
    const selfie = await uploaded(cookie, 'selfie');
    const before = await pfRow(record.id);
    expect(before.livenessPassed).toBe(true);
    clock.advance(60_000);

    const response = await submit(cookie, {
      justification: '  Enviei o RG novo e uma selfie.  ',
      documents: { docIdentidadeFrente: front.id, selfie: selfie.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'EM_ANALISE',
      protocolo: record.protocolo,
      documentsUpdated: 2,
    });
    const cleared = response.cookies.find((entry) => entry.name === RECTIFICATION_COOKIE);
    expect(cleared).toMatchObject({ value: '', path: '/api/rectification' });
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());

    const row = await pfRow(record.id);
    expect(row).toMatchObject({
      status: 'EM_ANALISE',
      updatedAt: clock.now(),
      docIdentidadeFrenteUrl: `/api/documents/${front.id}`,
      selfieUrl: `/api/documents/${selfie.id}`,
      docIdentidadeVersoUrl: saved.docIdentidadeVerso!.url,
      comprovanteResidenciaUrl: saved.comprovanteResidencia!.url,
      selfieDocUrl: saved.selfieDoc!.url,
      exigencias: EXIGENCIAS,
      // The biometric check was of the earlier selfie and document.
      livenessPassed: false,
      livenessConfidence: null,
    });

    // Earlier versions stay.
    const versions = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.sessionId, record.sessionId));
    const ids = versions.map((document) => document.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        saved.docIdentidadeFrente!.id,
        saved.selfie!.id,
        front.id,
        selfie.id,
      ]),
    );

    expect((await historyOf(record.id)).at(-1)).toMatchObject({
      flow: 'PF',
      fromStatus: 'EM_EXIGENCIA',
      toStatus: 'EM_ANALISE',
      actorType: 'applicant',
      actorId: null,
      reason: 'Enviei o RG novo e uma selfie.',
      createdAt: clock.now(),
    });

    const interactions = await interactionsOf(record.id);
    expect(interactions[0]).toMatchObject({ actionType: 'PAGE_ACCESS' });
    expect(interactions.slice(1)).toHaveLength(3);
    expect(interactions.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actionType: 'DOCUMENT_UPDATE',
          description: clientInteractionDescriptions.DOCUMENT_UPDATE,
          documentType: 'docIdentidadeFrente',
          oldDocumentUrl: saved.docIdentidadeFrente!.url,
          newDocumentUrl: `/api/documents/${front.id}`,
          sessionId: record.sessionId,
          ip: '10.66.0.1',
          createdAt: clock.now(),
        }),
        expect.objectContaining({
          actionType: 'DOCUMENT_UPDATE',
          documentType: 'selfie',
          oldDocumentUrl: saved.selfie!.url,
          newDocumentUrl: `/api/documents/${selfie.id}`,
        }),
        expect.objectContaining({
          actionType: 'JUSTIFICATION_SENT',
          description: clientInteractionDescriptions.JUSTIFICATION_SENT,
          justification: 'Enviei o RG novo e uma selfie.',
          documentType: null,
        }),
      ]),
    );

    const links = await linksOf(record.id);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.usedAt).toEqual(clock.now());
    const [spent] = await t.database.db
      .select()
      .from(rectificationLinks)
      .where(eq(rectificationLinks.tokenHash, hashRectificationToken(token)));
    expect(spent!.usedAt).toEqual(clock.now());

    // The new identity document's data extraction is queued, as in the wizard.
    const [extraction] = await t.database.db
      .select()
      .from(verificationResults)
      .where(eq(verificationResults.documentId, front.id));
    expect(extraction).toMatchObject({ check: 'extraction', status: 'pending' });

    // Spent: nothing opens it again, and the applicant's links say that the corrections were
    // received rather than 'not found'.
    const historyLength = (await historyOf(record.id)).length;
    for (const response of [
      await submit(cookie, { justification: 'De novo.' }),
      await getPage(cookie),
      (await open(token)).response,
      (await open(resent)).response,
    ]) {
      expect(response.statusCode, response.body).toBe(410);
      expect(response.json()).toEqual({
        code: 'LINK_USED',
        message:
          'As correções deste link já foram recebidas e o cadastro voltou para análise. Você pode acompanhar o andamento na página de status.',
      });
    }
    expect(await historyOf(record.id)).toHaveLength(historyLength);
  });

  it('applies a PJ rectification with a document and no justification', async () => {
    const { record, saved, token } = await inExigencia('PJ');
    const cookie = await openedCookie(token);
    const contrato = await uploaded(cookie, 'contratoSocial', {
      name: 'contrato.pdf',
      data: await pdf(),
    });
    clock.advance(1000);
    const response = await submit(cookie, { documents: { contratoSocial: contrato.id } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'EM_ANALISE',
      protocolo: record.protocolo,
      documentsUpdated: 1,
    });
    expect(await pjRow(record.id)).toMatchObject({
      status: 'EM_ANALISE',
      contratoSocialUrl: `/api/documents/${contrato.id}`,
      cartaoCnpjUrl: saved.cartaoCnpj!.url,
    });
    expect((await historyOf(record.id)).at(-1)).toMatchObject({
      fromStatus: 'EM_EXIGENCIA',
      toStatus: 'EM_ANALISE',
      actorType: 'applicant',
      reason: null,
    });
    expect((await interactionsOf(record.id)).map((entry) => entry.actionType)).toEqual([
      'PAGE_ACCESS',
      'DOCUMENT_UPDATE',
    ]);
  });

  it('lets only one of two concurrent submits through', async () => {
    const { record, token } = await inExigencia('PJ');
    const cookie = await openedCookie(token);
    const responses = await Promise.all([
      submit(cookie, { justification: 'Primeira.' }),
      submit(cookie, { justification: 'Segunda.' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 410]);
    const history = (await historyOf(record.id)).filter(
      (entry) => entry.actorType === 'applicant' && entry.fromStatus === 'EM_EXIGENCIA',
    );
    expect(history).toHaveLength(1);
  });
});

describe('the back-office detail', () => {
  it('lists what the applicant did, oldest first', async () => {
    const { record, saved, token } = await inExigencia('PF');
    const detailOf = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/applications/pf/${record.id}`,
        headers: admin.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { interactions: unknown[] };
    };
    expect((await detailOf()).interactions).toEqual([]);

    const opened = clock.now();
    const cookie = await openedCookie(token);
    clock.advance(60_000);
    const verso = await uploaded(cookie, 'docIdentidadeVerso');
    clock.advance(60_000);
    const sent = await submit(cookie, {
      justification: 'Verso legível.',
      documents: { docIdentidadeVerso: verso.id },
    });
    expect(sent.statusCode).toBe(200);

    const { interactions } = await detailOf();
    expect(interactions).toHaveLength(3);
    expect(interactions[0]).toEqual({
      actionType: 'PAGE_ACCESS',
      description: clientInteractionDescriptions.PAGE_ACCESS,
      documentType: null,
      oldDocumentUrl: null,
      newDocumentUrl: null,
      justification: null,
      createdAt: opened.toISOString(),
    });
    expect(interactions.slice(1)).toEqual(
      expect.arrayContaining([
        {
          actionType: 'DOCUMENT_UPDATE',
          description: clientInteractionDescriptions.DOCUMENT_UPDATE,
          documentType: 'docIdentidadeVerso',
          oldDocumentUrl: saved.docIdentidadeVerso!.url,
          newDocumentUrl: `/api/documents/${verso.id}`,
          justification: null,
          createdAt: clock.now().toISOString(),
        },
        {
          actionType: 'JUSTIFICATION_SENT',
          description: clientInteractionDescriptions.JUSTIFICATION_SENT,
          documentType: null,
          oldDocumentUrl: null,
          newDocumentUrl: null,
          justification: 'Verso legível.',
          createdAt: clock.now().toISOString(),
        },
      ]),
    );
  });
});

describe('a link with the documents the reviewer refused', () => {
  const requested: RequestedDocument[] = [
    { field: 'docIdentidadeVerso', motivo: 'ilegivel', motivoTexto: null },
    { field: 'selfieDoc', motivo: 'outro', motivoTexto: 'O documento não aparece na foto.' },
    // Written twice, or not a document of the flow: once, and not at all.
    { field: 'docIdentidadeVerso', motivo: 'vencido', motivoTexto: null },
    { field: 'contratoSocial', motivo: 'ilegivel', motivoTexto: null },
  ];

  /** A PF application in EM_EXIGENCIA whose newest link asks for `documentos`. */
  async function withRequested(documentos: RequestedDocument[] | null = requested) {
    const made = await inExigencia('PF');
    const { token } = await insertRectificationLink(t.database.db, {
      flow: 'PF',
      recordId: made.record.id,
      createdAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + RECTIFICATION_LINK_TTL_MS),
      documentos,
    });
    return { ...made, token };
  }

  it('lists exactly the requested documents, each with its reason', async () => {
    const { saved, token } = await withRequested();
    const { response, cookie } = await open(token);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as RectificationPage;
    expect(page).toMatchObject({ exigencias: EXIGENCIAS, documentosSolicitados: true });
    expect(page.documents).toEqual([
      {
        field: 'docIdentidadeVerso',
        kind: 'document',
        current: expect.objectContaining({ id: saved.docIdentidadeVerso!.id }),
        motivo: 'Ilegível',
      },
      {
        field: 'selfieDoc',
        kind: 'image',
        current: expect.objectContaining({ id: saved.selfieDoc!.id }),
        motivo: 'O documento não aparece na foto.',
      },
    ]);
    expect((await getPage(cookie)).json()).toEqual(page);
  });

  it('treats a link without a usable requested document as free-text requirements', async () => {
    for (const documentos of [
      [],
      [{ field: 'cartaoCnpj', motivo: 'ilegivel', motivoTexto: null }],
    ]) {
      const { token } = await withRequested(documentos);
      const page = (await open(token)).response.json() as RectificationPage;
      expect(page.documentosSolicitados).toBe(false);
      expect(page.documents.map((document) => [document.field, document.motivo])).toEqual([
        ['docIdentidadeFrente', null],
        ['docIdentidadeVerso', null],
        ['comprovanteResidencia', null],
        ['selfie', null],
      ]);
    }
  });

  it('refuses a missing requested document or one not requested (400), changing nothing', async () => {
    const { record, token } = await withRequested();
    const cookie = await openedCookie(token);
    const before = await documentCount();
    const refusedUpload = await upload(cookie, 'selfie');
    expect(refusedUpload.statusCode).toBe(400);
    expect(refusedUpload.json()).toEqual({
      code: errorCodes.badRequest,
      message: rectificationFieldMessage,
    });
    expect(await documentCount()).toBe(before);

    const verso = await uploaded(cookie, 'docIdentidadeVerso');
    const selfieDoc = await uploaded(cookie, 'selfieDoc');
    const rowBefore = await pfRow(record.id);
    const historyBefore = await historyOf(record.id);
    const interactionsBefore = await interactionsOf(record.id);
    const cases: Array<[object, string]> = [
      [
        { justification: 'Está tudo certo.' },
        'Envie os documentos solicitados: Documento de identidade (verso) e Selfie com documento',
      ],
      [
        { documents: { docIdentidadeVerso: verso.id } },
        'Envie o documento solicitado: Selfie com documento',
      ],
      [
        {
          documents: {
            docIdentidadeVerso: verso.id,
            selfieDoc: selfieDoc.id,
            docIdentidadeFrente: verso.id,
          },
        },
        rectificationFieldMessage,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await submit(cookie, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ code: errorCodes.badRequest, message });
    }
    expect(await pfRow(record.id)).toEqual(rowBefore);
    expect(await historyOf(record.id)).toEqual(historyBefore);
    expect(await interactionsOf(record.id)).toEqual(interactionsBefore);
    expect((await linksOf(record.id)).every((link) => link.usedAt === null)).toBe(true);
    expect((await getPage(cookie)).statusCode).toBe(200);
  });

  it('applies every requested document, the others as they were, and spends the links', async () => {
    const { record, saved, token } = await withRequested();
    const cookie = await openedCookie(token);
    const verso = await uploaded(cookie, 'docIdentidadeVerso');
    const selfieDoc = await uploaded(cookie, 'selfieDoc');
    clock.advance(1000);
    const response = await submit(cookie, {
      documents: { docIdentidadeVerso: verso.id, selfieDoc: selfieDoc.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'EM_ANALISE',
      protocolo: record.protocolo,
      documentsUpdated: 2,
    });
    expect(await pfRow(record.id)).toMatchObject({
      status: 'EM_ANALISE',
      docIdentidadeVersoUrl: `/api/documents/${verso.id}`,
      selfieDocUrl: `/api/documents/${selfieDoc.id}`,
      docIdentidadeFrenteUrl: saved.docIdentidadeFrente!.url,
      selfieUrl: saved.selfie!.url,
      // The biometric check compared the earlier selfie with the document.
      livenessPassed: false,
    });
    expect((await historyOf(record.id)).at(-1)).toMatchObject({
      fromStatus: 'EM_EXIGENCIA',
      toStatus: 'EM_ANALISE',
      actorType: 'applicant',
    });
    const updates = (await interactionsOf(record.id)).filter(
      (entry) => entry.actionType === 'DOCUMENT_UPDATE',
    );
    expect(updates.map((entry) => entry.documentType).sort()).toEqual([
      'docIdentidadeVerso',
      'selfieDoc',
    ]);
    const links = await linksOf(record.id);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.usedAt).toEqual(clock.now());
  });
});
