import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lookupCache, rateLimitCounters } from '@medipay/db/schema';
import { startApplicantSession } from '../../../test/applicant';
import { startHttpFake, type FakeAnswer, type HttpFake } from '../../../test/http-fake';
import {
  brasilApiCepNotFound,
  brasilApiCepV2,
  brasilApiCnpj,
  brasilApiCnpjNotFound,
  receitaWsCompany,
  viaCepSe,
} from '../../../test/registry-samples';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

type Answers = {
  viacep?: (path: string) => FakeAnswer;
  brasilapi?: (path: string) => FakeAnswer;
  receitaws?: (path: string) => FakeAnswer;
};

const down: FakeAnswer = { status: 500, body: { message: 'Internal Server Error' } };

/**
 * The providers' time limit in the tests that wait for one that does not answer: far longer than
 * a local fake takes to answer (the fallback gets it too), far shorter than the default 3 s.
 */
const shortLookupTimeoutMs = 500;

/**
 * The providers' fakes and the apps are started once for the file: one app with the default time
 * limit, one with the short one, on the same fakes and clock. Before each test the fakes answer
 * `down` again and forget their calls, the clock is back at its start, and the cache and the
 * request counters (per IP, per session) are empty, so no test sees another's answers or limits.
 */
const clock = createTestClock();
const start = clock.now();
let viacep: HttpFake;
let brasilapi: HttpFake;
let receitaws: HttpFake;
let defaultApp: TestApp;
let shortTimeoutApp: TestApp;

beforeAll(async () => {
  viacep = await startHttpFake(() => down);
  brasilapi = await startHttpFake(() => down);
  receitaws = await startHttpFake(() => down);
  const env = {
    VIACEP_URL: viacep.url,
    BRASILAPI_URL: brasilapi.url,
    RECEITAWS_URL: receitaws.url,
  };
  defaultApp = await createTestApp({ clock, env });
  shortTimeoutApp = await createTestApp({ clock, env, lookupTimeoutMs: shortLookupTimeoutMs });
});
afterAll(async () => {
  await shortTimeoutApp?.close();
  await defaultApp?.close();
  await receitaws?.close();
  await brasilapi?.close();
  await viacep?.close();
});
beforeEach(async () => {
  clock.set(start);
  for (const fake of [viacep, brasilapi, receitaws]) fake.reset();
  for (const t of [defaultApp, shortTimeoutApp]) {
    await t.database.db.delete(lookupCache);
    await t.database.db.delete(rateLimitCounters);
  }
});

/** The app for the test's time limit, its providers answering as told (`down` by default). */
function setup(answers: Answers, options: { lookupTimeoutMs?: number } = {}) {
  viacep.answerWith(answers.viacep ?? (() => down));
  brasilapi.answerWith(answers.brasilapi ?? (() => down));
  receitaws.answerWith(answers.receitaws ?? (() => down));
  if (options.lookupTimeoutMs !== undefined && options.lookupTimeoutMs !== shortLookupTimeoutMs)
    throw new Error(`no app with a ${options.lookupTimeoutMs} ms time limit`);
  const t = options.lookupTimeoutMs === undefined ? defaultApp : shortTimeoutApp;
  return { t, clock, viacep, brasilapi, receitaws };
}

const getCep = (t: TestApp, cep: string) =>
  t.app.inject({ method: 'GET', url: `/api/lookup/cep/${cep}` });

describe('CEP lookup', () => {
  it('answers from ViaCEP with the spec fields', async () => {
    const { t, viacep, brasilapi } = setup({
      viacep: (path) => (path === '/ws/01001000/json/' ? { status: 200, body: viaCepSe } : down),
    });
    const response = await getCep(t, '01001000');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      logradouro: 'Praça da Sé',
      bairro: 'Sé',
      localidade: 'São Paulo',
      uf: 'SP',
    });
    expect(viacep.calls[0]!.userAgent).toMatch(/^MediPay-Portal/);
    expect(brasilapi.calls).toHaveLength(0);
  });

  it.each([true, 'true'])(
    'treats a ViaCEP body with erro: %j as not found, and does not ask the fallback',
    async (erro) => {
      const { t, brasilapi } = setup({ viacep: () => ({ status: 200, body: { erro } }) });
      const response = await getCep(t, '99999999');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'CEP não encontrado' });
      expect(brasilapi.calls).toHaveLength(0);
    },
  );

  it('falls back to BrasilAPI CEP v2 when ViaCEP fails', async () => {
    const { t, brasilapi } = setup({
      brasilapi: (path) =>
        path === '/api/cep/v2/89010025' ? { status: 200, body: brasilApiCepV2 } : down,
    });
    const response = await getCep(t, '89010025');
    expect(response.json()).toEqual({
      logradouro: 'Rua Doutor Luiz de Freitas Melro',
      bairro: 'Centro',
      localidade: 'Blumenau',
      uf: 'SC',
    });
    expect(brasilapi.calls).toHaveLength(1);
  });

  it('falls back when ViaCEP does not answer within its time limit', async () => {
    const { t } = setup(
      {
        viacep: () => 'hang',
        brasilapi: () => ({
          status: 200,
          body: { ...brasilApiCepV2, neighborhood: null, street: null },
        }),
      },
      { lookupTimeoutMs: shortLookupTimeoutMs },
    );
    const response = await getCep(t, '89010025');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      logradouro: '',
      bairro: '',
      localidade: 'Blumenau',
      uf: 'SC',
    });
  });

  it('reports not found from BrasilAPI 404', async () => {
    const { t } = setup({ brasilapi: () => ({ status: 404, body: brasilApiCepNotFound }) });
    expect((await getCep(t, '00000000')).statusCode).toBe(404);
  });

  it('answers 502 when every provider fails', async () => {
    const { t } = setup({});
    const response = await getCep(t, '01001000');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ code: 'BAD_GATEWAY', message: 'Erro ao consultar CEP' });
    expect(await t.database.db.select().from(lookupCache)).toHaveLength(0);
  });

  it.each(['0100100', '010010000', '01001-000', 'abcdefgh'])(
    'refuses %s with the spec message',
    async (cep) => {
      const { t, viacep } = setup({});
      const response = await getCep(t, encodeURIComponent(cep));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('CEP deve ter 8 dígitos');
      expect(viacep.calls).toHaveLength(0);
    },
  );

  it('caches an address for 30 days and a not-found for 1 day', async () => {
    const { t, clock, viacep } = setup({
      viacep: (path) =>
        path.includes('01001000')
          ? { status: 200, body: viaCepSe }
          : { status: 200, body: { erro: true } },
    });
    await getCep(t, '01001000');
    await getCep(t, '99999999');
    expect(viacep.calls).toHaveLength(2);
    expect((await getCep(t, '01001000')).statusCode).toBe(200);
    expect((await getCep(t, '99999999')).statusCode).toBe(404);
    expect(viacep.calls).toHaveLength(2);

    clock.advance(24 * 3600_000 + 1000);
    await getCep(t, '01001000');
    await getCep(t, '99999999');
    expect(viacep.calls.map((call) => call.path)).toEqual([
      '/ws/01001000/json/',
      '/ws/99999999/json/',
      '/ws/99999999/json/',
    ]);
    clock.advance(29 * 24 * 3600_000);
    await getCep(t, '01001000');
    expect(viacep.calls).toHaveLength(4);
  });
});

describe('CNPJ lookup', () => {
  async function getCnpj(t: TestApp, cnpj: string, cookie?: string) {
    const headers = cookie ? { cookie } : undefined;
    return t.app.inject({
      method: 'GET',
      url: `/api/lookup/cnpj/${encodeURIComponent(cnpj)}`,
      headers,
    });
  }

  it('needs a company applicant session', async () => {
    const { t } = setup({});
    expect((await getCnpj(t, '11222333000181')).statusCode).toBe(401);
    const pf = await startApplicantSession(t.app, 'PF');
    expect((await getCnpj(t, '11222333000181', pf.cookie)).statusCode).toBe(401);
  });

  it('answers an alphanumeric CNPJ from BrasilAPI with every field, situation and suggestions', async () => {
    const { t, brasilapi, receitaws } = setup({
      brasilapi: (path) =>
        path === '/api/cnpj/v1/12ABC34501DE35' ? { status: 200, body: brasilApiCnpj } : down,
    });
    const { cookie } = await startApplicantSession(t.app, 'PJ');
    const response = await getCnpj(t, '12.abc.345/01de-35', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cnpj: '12ABC34501DE35',
      nome: 'CLINICA EXEMPLO SERVICOS MEDICOS LTDA',
      fantasia: 'CLINICA EXEMPLO',
      email: 'contato@clinicaexemplo.com.br',
      telefone: '(11) 2385-1939',
      atividade_principal: [{ text: 'Atividade médica ambulatorial restrita a consultas' }],
      cep: '01310100',
      logradouro: 'AVENIDA PAULISTA',
      numero: '1000',
      complemento: 'CONJ 101',
      bairro: 'BELA VISTA',
      municipio: 'SAO PAULO',
      uf: 'SP',
      qsa: [
        { nome: 'FULANA DE TAL', qual: 'Sócio' },
        { nome: 'CICLANO DA SILVA', qual: 'Sócio-Administrador' },
      ],
      situacao: 'ATIVA',
      sugestoes: {
        tipoEmpresa: 'clinica',
        areaAtuacao: 'geral',
        responsavel: {
          nome: 'CICLANO DA SILVA',
          qual: 'Sócio-Administrador',
          cargo: 'administrador',
        },
      },
    });
    expect(brasilapi.calls).toHaveLength(1);
    expect(receitaws.calls).toHaveLength(0);
  });

  it('falls back to ReceitaWS for a numeric CNPJ when BrasilAPI does not answer', async () => {
    const { t, receitaws } = setup(
      {
        brasilapi: () => 'hang',
        receitaws: (path) =>
          path === '/v1/cnpj/11222333000181' ? { status: 200, body: receitaWsCompany } : down,
      },
      { lookupTimeoutMs: shortLookupTimeoutMs },
    );
    const { cookie } = await startApplicantSession(t.app, 'PJ');
    const response = await getCnpj(t, '11.222.333/0001-81', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nome: 'HOSPITAL EXEMPLO S.A.',
      telefone: '(11) 3000-0000',
      cep: '01001000',
      situacao: 'BAIXADA',
      sugestoes: {
        tipoEmpresa: 'hospital',
        areaAtuacao: 'geral',
        responsavel: { nome: 'FULANO ADMINISTRADOR', cargo: 'administrador' },
      },
    });
    expect(receitaws.calls).toHaveLength(1);
  });

  it('reports not found from BrasilAPI 404 without asking ReceitaWS', async () => {
    const { t, receitaws } = setup({
      brasilapi: () => ({ status: 404, body: brasilApiCnpjNotFound }),
    });
    const { cookie } = await startApplicantSession(t.app, 'PJ');
    const response = await getCnpj(t, '11222333000181', cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('CNPJ não encontrado');
    expect(receitaws.calls).toHaveLength(0);
  });

  it('reads ReceitaWS errors: "CNPJ inválido" is not found, 429 and other errors are failures', async () => {
    const answers: FakeAnswer[] = [
      { status: 200, body: { status: 'ERROR', message: 'CNPJ inválido' } },
      { status: 429, body: { status: 'ERROR', message: 'Too many requests' } },
      { status: 200, body: { status: 'ERROR', message: 'Timeout' } },
    ];
    const { t } = setup({ receitaws: () => answers.shift() ?? down });
    const { cookie } = await startApplicantSession(t.app, 'PJ');
    expect((await getCnpj(t, '11222333000181', cookie)).statusCode).toBe(404);
    const rateLimited = await getCnpj(t, '11444777000161', cookie);
    expect(rateLimited.statusCode).toBe(502);
    expect(rateLimited.json().message).toBe('Erro ao consultar CNPJ');
    expect((await getCnpj(t, '06990590000123', cookie)).statusCode).toBe(502);
  });

  it('does not ask ReceitaWS for an alphanumeric CNPJ it cannot know', async () => {
    const { t, receitaws } = setup({});
    const { cookie } = await startApplicantSession(t.app, 'PJ');
    expect((await getCnpj(t, '12ABC34501DE35', cookie)).statusCode).toBe(502);
    expect(receitaws.calls).toHaveLength(0);
  });

  it('refuses an incomplete or invalid CNPJ before asking anyone', async () => {
    const { t, brasilapi } = setup({});
    const { cookie } = await startApplicantSession(t.app, 'PJ');
    const short = await getCnpj(t, '1122233300018', cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('CNPJ deve ter 14 dígitos');
    const wrong = await getCnpj(t, '12ABC34501DE36', cookie);
    expect(wrong.json().message).toBe('CNPJ inválido');
    expect(brasilapi.calls).toHaveLength(0);
  });

  it('caches a company for 7 days', async () => {
    const { t, clock, brasilapi } = setup({
      brasilapi: () => ({ status: 200, body: brasilApiCnpj }),
    });
    const { cookie } = await startApplicantSession(t.app, 'PJ');
    await getCnpj(t, '12ABC34501DE35', cookie);
    const cached = await getCnpj(t, '12ABC34501DE35', cookie);
    expect(cached.json().sugestoes.tipoEmpresa).toBe('clinica');
    expect(brasilapi.calls).toHaveLength(1);
    clock.advance(7 * 24 * 3600_000 + 1000);
    // A week later the applicant's session has ended too: another applicant asks.
    const later = await startApplicantSession(t.app, 'PJ');
    await getCnpj(t, '12ABC34501DE35', later.cookie);
    expect(brasilapi.calls).toHaveLength(2);
  });

  it('limits lookups per session', async () => {
    const { t } = setup({ brasilapi: () => ({ status: 200, body: brasilApiCnpj }) });
    const { cookie } = await startApplicantSession(t.app, 'PJ');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await getCnpj(t, '12ABC34501DE35', cookie)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
