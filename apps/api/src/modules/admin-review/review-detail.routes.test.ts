import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingPf } from '@medipay/db/schema';
import { applicationDetailSchema, reviewMessages } from '@medipay/shared/admin-review';
import { validationMessages } from '@medipay/shared/messages';
import { registerErrorHandler } from '../../plugins/error-handler';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import {
  reviewServices,
  submittedPf,
  submittedPj,
  testAdmin,
} from '../../../test/review-detail-fixtures';
import { reviewDetailRoutes } from './review-detail.routes';

/**
 * The routes on a small Fastify instance: a stand-in guard sets `request.admin` as the real
 * one does (the real app registers the plugin inside its guarded `/api/admin` scope).
 */
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let t: TestApp;
let app: FastifyInstance;
let admin: AuthenticatedAdmin;
let services: ReturnType<typeof reviewServices>;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
  admin = await testAdmin(t);
  services = reviewServices(t, clock);
  app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('admin', null);
  await app.register(
    async (guarded) => {
      guarded.addHook('onRequest', async (request) => {
        if (request.headers['x-test-admin'] === 'yes') request.admin = admin;
      });
      // Another engineer's route in the same scope: a static segment beside `:id`.
      guarded.get('/applications/:flow/export.csv', async (_request, reply) =>
        reply.type('text/csv').send('id\n'),
      );
      await guarded.register(reviewDetailRoutes, {
        detail: services.detail,
        decisions: services.decisions,
      });
    },
    { prefix: '/api/admin' },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const headers = { 'x-test-admin': 'yes' };
const post = (url: string, payload: object, remoteAddress = '10.1.1.1') =>
  app.inject({ method: 'POST', url, headers, payload, remoteAddress });

describe('GET /api/admin/applications/:flow/:id', () => {
  it('answers the PF and the PJ detail in the contract', async () => {
    const pf = await submittedPf(t, clock);
    const pj = await submittedPj(t, clock);
    for (const [flow, id] of [
      ['pf', pf.row.id],
      ['pj', pj.row.id],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/applications/${flow}/${id}`,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const detail = applicationDetailSchema.parse(response.json());
      expect(detail).toMatchObject({ id, flow: flow.toUpperCase() });
    }
  });

  it('answers 404 with the message for an unknown or malformed id, 400 for an unknown flow', async () => {
    for (const id of [randomUUID(), 'abc', '%27%20or%201=1', 'x'.repeat(90)]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/applications/pf/${id}`,
        headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: reviewMessages.notFound });
    }
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/applications/px/${randomUUID()}`,
      headers,
    });
    expect(response.statusCode).toBe(400);
  });

  it('leaves the static export.csv sibling to its own route', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/applications/pf/export.csv',
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('id\n');
  });
});

describe('POST decisions', () => {
  it('approves with the admin of the session and answers the fresh detail', async () => {
    const { row } = await submittedPf(t, clock);
    const response = await post(`/api/admin/applications/pf/${row.id}/approve`, {
      expectedStatus: 'EM_ANALISE',
      // Whatever the body says, the actor is the session's admin.
      analisadoPor: 'outra@pessoa.com',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(applicationDetailSchema.parse(response.json())).toMatchObject({
      status: 'APROVADO',
      analisadoPor: admin.user.email,
      allowedActions: ['reopen'],
      audit: [{ action: 'APROVADO', adminEmail: admin.user.email }],
    });
    const [stored] = await t.database.db
      .select()
      .from(onboardingPf)
      .where(eq(onboardingPf.id, row.id));
    expect(stored).toMatchObject({ analisadoPor: admin.user.email, analisadoPorId: admin.user.id });

    const reopened = await post(`/api/admin/applications/pf/${row.id}/reopen`, {
      expectedStatus: 'APROVADO',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'EM_ANALISE' });
  });

  it('requests changes, resends them (204) and denies, with the texts validated', async () => {
    const { row } = await submittedPj(t, clock);
    const base = `/api/admin/applications/pj/${row.id}`;

    const blank = await post(`${base}/request-changes`, {
      expectedStatus: 'ENVIADO_PARA_ANALISE',
      exigencias: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: validationMessages.exigencias });

    const changes = await post(`${base}/request-changes`, {
      expectedStatus: 'ENVIADO_PARA_ANALISE',
      exigencias: '  Envie o alvará vigente.  ',
    });
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json()).toMatchObject({
      status: 'EM_EXIGENCIA',
      exigencias: 'Envie o alvará vigente.',
      allowedActions: ['deny', 'reopen', 'resend-requirements'],
    });

    clock.advance(1000);
    const resent = await post(`${base}/resend-requirements`, { expectedStatus: 'EM_EXIGENCIA' });
    expect(resent.statusCode, resent.body).toBe(204);
    expect(resent.body).toBe('');

    const noReason = await post(`${base}/deny`, { expectedStatus: 'EM_EXIGENCIA' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: validationMessages.motivoNegacao });

    clock.advance(1000);
    const denied = await post(`${base}/deny`, {
      expectedStatus: 'EM_EXIGENCIA',
      motivo: 'Documentação vencida.',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json()).toMatchObject({
      status: 'NEGADO',
      motivoNegacao: 'Documentação vencida.',
    });
    expect(denied.json().audit.map((entry: { action: string }) => entry.action)).toEqual([
      'NEGADO',
      'REENVIO_EXIGENCIAS',
      'EM_EXIGENCIA',
    ]);

    const resendLate = await post(`${base}/resend-requirements`, { expectedStatus: 'NEGADO' });
    expect(resendLate.statusCode).toBe(409);
    expect(resendLate.json()).toEqual({ code: 'CONFLICT', message: reviewMessages.notAllowed });
  });

  it('answers 409 to a stale view and exactly one 200 to two concurrent approvals', async () => {
    const { row } = await submittedPf(t, clock);
    const url = `/api/admin/applications/pf/${row.id}/approve`;
    const stale = await post(url, { expectedStatus: 'INICIADO' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 'CONFLICT', message: reviewMessages.conflict });

    const responses = await Promise.all([
      post(url, { expectedStatus: 'EM_ANALISE' }),
      post(url, { expectedStatus: 'EM_ANALISE' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const loser = responses.find((response) => response.statusCode === 409)!;
    expect(loser.json().message).toBe(reviewMessages.conflict);
  });

  it('answers 400 without expectedStatus and 404 for an unknown record', async () => {
    const missing = await post(`/api/admin/applications/pf/${randomUUID()}/approve`, {});
    expect(missing.statusCode).toBe(400);
    const unknown = await post(`/api/admin/applications/pf/${randomUUID()}/approve`, {
      expectedStatus: 'EM_ANALISE',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(reviewMessages.notFound);
  });

  it('refuses (401) a decision that reached the routes without an admin', async () => {
    const { row } = await submittedPf(t, clock);
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/applications/pf/${row.id}/approve`,
      payload: { expectedStatus: 'EM_ANALISE' },
    });
    expect(response.statusCode).toBe(401);
    const [stored] = await t.database.db
      .select()
      .from(onboardingPf)
      .where(eq(onboardingPf.id, row.id));
    expect(stored!.status).toBe('EM_ANALISE');
  });
});
