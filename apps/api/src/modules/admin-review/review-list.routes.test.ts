import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '@medipay/db/schema';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import { applicationListSchema } from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { registerErrorHandler } from '../../plugins/error-handler';
import { createTestClock } from '../../../test/test-clock';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import { insertAdmin, insertPf, insertPj, parseCsv } from './review-list.fixtures';
import { reviewListRoutes } from './review-list.routes';
import { CSV_BOM, EXPORT_AUDIT_ACTION, createReviewLists } from './review-list.service';

/**
 * The routes on a small Fastify instance: the plugin behind a stand-in for the admin guard that
 * sets `request.admin`, the zod compilers and the app's error handler. (The wiring into the
 * real app's guarded scope is tested with the app.)
 */
const clock = createTestClock(new Date('2026-11-22T02:30:00.000Z'));
let database: TestDatabase;
let app: FastifyInstance;
let admin: AuthenticatedAdmin;

beforeAll(async () => {
  database = await createTestDatabase();
  const account = await insertAdmin(database.db);
  admin = {
    sessionId: 'session-of-the-test',
    expiresAt: new Date('2026-11-22T06:30:00.000Z'),
    stage: 'complete',
    user: {
      id: account.id,
      email: account.email,
      username: 'revisor',
      name: 'Revisor de Teste',
      role: 'admin_mini',
    },
  };
  for (let index = 1; index <= 12; index += 1) {
    await insertPf(database.db, {
      nomeCompleto: `Pessoa ${index}`,
      cpf: `${String(index).padStart(2, '0')}345678900`,
      status: index % 2 === 0 ? 'APROVADO' : 'EM_ANALISE',
      currentStep: 6,
      createdAt: new Date(Date.UTC(2026, 10, index, 12)),
      // The test's admin holds one case ('Minhas análises').
      ...(index === 3 ? { analistaId: account.id, analistaEmail: account.email } : {}),
    });
  }
  await insertPf(database.db, { status: 'INICIADO', currentStep: 1 });
  await insertPj(database.db, {
    razaoSocial: 'Hospital Exemplo Ltda',
    tipoEmpresa: 'hospital',
    status: 'ENVIADO_PARA_ANALISE',
    currentStep: 6,
  });

  app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    request.admin = admin;
  });
  await app.register(reviewListRoutes, {
    prefix: '/api/admin',
    lists: createReviewLists({ db: database.db, clock, exportBatchSize: 5 }),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '10.2.3.4' });

describe('GET /api/admin/applications/:flow', () => {
  it('answers a page of the PF list per the contract, without caching', async () => {
    const response = await get('/api/admin/applications/pf?page=2&pageSize=10');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = applicationListSchema.strict().parse(response.json());
    expect(body).toMatchObject({ total: 12, filtered: 12, page: 2, pageSize: 10 });
    expect(body.items.map((item) => item.name)).toEqual(['Pessoa 2', 'Pessoa 1']);
  });

  it('pages on with the cursor it answered, and back', async () => {
    const first = applicationListSchema.parse(
      (await get('/api/admin/applications/pf?pageSize=10')).json(),
    );
    expect(first).toMatchObject({ totalCapped: false, filteredCapped: false, previous: null });
    expect(first.items).toHaveLength(10);
    const response = await get(
      `/api/admin/applications/pf?page=2&pageSize=10&after=${encodeURIComponent(first.next!)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const second = applicationListSchema.parse(response.json());
    expect(second.items.map((item) => item.name)).toEqual(['Pessoa 2', 'Pessoa 1']);
    expect(second).toMatchObject({ page: 2, next: null });
    const back = applicationListSchema.parse(
      (
        await get(
          `/api/admin/applications/pf?pageSize=10&before=${encodeURIComponent(second.previous!)}`,
        )
      ).json(),
    );
    expect(back.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
  });

  it('searches, filters and sorts from the query string', async () => {
    const response = await get(
      '/api/admin/applications/pf?search=%2005.345&status=EM_ANALISE&sort=created_asc&tipo=',
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = applicationListSchema.parse(response.json());
    expect(body).toMatchObject({ total: 12, filtered: 1 });
    expect(body.items.map((item) => item.name)).toEqual(['Pessoa 5']);
  });

  it("lists the signed-in admin's cases for 'Minhas análises'", async () => {
    const response = await get('/api/admin/applications/pf?analista=minhas');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      total: 12,
      filtered: 1,
      items: [{ name: 'Pessoa 3', analistaEmail: admin.user.email }],
    });
  });

  it('answers the PJ list with its company type', async () => {
    const response = await get('/api/admin/applications/pj?tipo=hospital');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      total: 1,
      filtered: 1,
      items: [{ name: 'Hospital Exemplo Ltda', tipoEmpresa: 'hospital' }],
    });
  });

  it.each([
    ['/api/admin/applications/pj?tipo=farmacia', 'Tipo de empresa inválido.'],
    ['/api/admin/applications/pf?tipo=hospital', 'Tipo de empresa inválido.'],
    ['/api/admin/applications/pf?status=ENVIADO_PARA_ANALISE', 'Status inválido para esta lista.'],
    ['/api/admin/applications/pf?status=QUALQUER', undefined],
    ['/api/admin/applications/pf?pageSize=15', 'Quantidade por página inválida.'],
    ['/api/admin/applications/pf?page=0', 'Página inválida.'],
    [
      '/api/admin/applications/pf?page=2&after=bm90LWEtY3Vyc29y',
      'Posição da lista inválida. Volte à primeira página.',
    ],
    [
      `/api/admin/applications/pf?after=${'a'.repeat(201)}`,
      'Posição da lista inválida. Volte à primeira página.',
    ],
    ['/api/admin/applications/pf?sort=name', 'Ordem da lista inválida.'],
    ['/api/admin/applications/pf?prazo=amanha', undefined],
    ['/api/admin/applications/pf?analista=todas', undefined],
    [`/api/admin/applications/pf?search=${'a'.repeat(101)}`, undefined],
    ['/api/admin/applications/px', undefined],
  ])('refuses %s with 400', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: errorCodes.validation });
    if (message) expect(response.json().message).toBe(message);
  });
  /** A cursor as the server writes them, around any timestamp text (the fuzzed finding). */
  const cursorOf = (timestamp: string, id = '00000000-0000-4000-8000-000000000000') =>
    Buffer.from(JSON.stringify([timestamp, id]), 'utf8').toString('base64url');

  it.each([
    ['month 13', '2026-13-01 12:00:00+00'],
    ['30 February', '2026-02-30 12:00:00+00'],
    ['29 February of a common year', '2026-02-29 12:00:00+00'],
    ['offset +99', '2026-11-01 12:00:00+99'],
    ['hour 24', '2026-11-01 24:00:00+00'],
    ['year 0', '0000-11-01 12:00:00+00'],
  ])('refuses a cursor whose date is impossible (%s) with 400, not 500', async (_, timestamp) => {
    for (const param of ['after', 'before']) {
      const response = await get(
        `/api/admin/applications/pf?page=2&${param}=${cursorOf(timestamp)}`,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        code: errorCodes.validation,
        message: 'Posição da lista inválida. Volte à primeira página.',
      });
    }
  });
});

describe('GET /api/admin/applications/:flow/export.csv', () => {
  it('streams the CSV as an attachment named after the São Paulo day, and audits it', async () => {
    await database.db.delete(adminActions);
    const response = await get('/api/admin/applications/pf/export.csv?status=APROVADO&page=3');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // 02:30 UTC on the 22nd is still the 21st in São Paulo.
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="onboardings-pf-20261121.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith(CSV_BOM)).toBe(true);
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]?.[0]).toBe('Protocolo');
    // Six approved records, over two batches of five; the page does not apply.
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      'Pessoa 12',
      'Pessoa 10',
      'Pessoa 8',
      'Pessoa 6',
      'Pessoa 4',
      'Pessoa 2',
    ]);
    expect(rows[1]?.[2]).toBe('123.456.789-00');
    const audit = await database.db.select().from(adminActions);
    expect(audit).toEqual([
      expect.objectContaining({
        action: EXPORT_AUDIT_ACTION,
        adminUserId: admin.user.id,
        adminEmail: admin.user.email,
        onboardingType: 'PF',
        ip: '10.2.3.4',
        observacoes:
          'Exportação CSV PF: 6 registros; filtros: status APROVADO; ordem: mais recentes primeiro',
      }),
    ]);
  });

  it('exports the PJ list', async () => {
    const response = await get('/api/admin/applications/pj/export.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="onboardings-pj-20261121.csv"',
    );
    const rows = parseCsv(response.body.slice(1));
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(1, 5)).toEqual(['Hospital Exemplo Ltda', '', '', 'Hospital']);
  });

  it('refuses an unknown type with 400 and audits nothing', async () => {
    await database.db.delete(adminActions);
    const response = await get('/api/admin/applications/pj/export.csv?tipo=farmacia');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: errorCodes.validation,
      message: 'Tipo de empresa inválido.',
    });
    expect(await database.db.select().from(adminActions)).toEqual([]);
  });
});
