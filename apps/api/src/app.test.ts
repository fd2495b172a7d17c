import { Writable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicConfigMetaName } from '@medipay/shared/company';
import { jsonBodyLimit } from './app';
import { loggerOptions } from './plugins/logging';
import { createTestApp, testIndexHtml, type TestApp } from '../test/test-app';

describe('the application', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SUPPORT_PHONE: '(21) 3333-4444',
        SMTP_URL: 'smtp://mailer:s3cr3t-smtp-pass@smtp.example.com:587',
        MEDIPAY_API_URL: 'https://api.medipay.example',
        MEDIPAY_API_KEY: 'mp_live_key_do_not_leak',
        SECRET: 'a-very-long-operator-provided-secret-value-123456',
      },
    });
    t.app.get('/api/test/boom', async () => {
      throw new Error('database exploded with cpf 123.456.789-09');
    });
    t.app.withTypeProvider<ZodTypeProvider>().post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({
            nomeCompleto: z.string().min(5, 'Nome completo deve ter pelo menos 5 caracteres'),
          }),
        },
      },
      async (request) => ({ nomeCompleto: request.body.nomeCompleto }),
    );
  });

  afterAll(async () => {
    await t.close();
  });

  describe('health', () => {
    it('GET /api/health says the process is up', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('GET /api/health/ready says the database answers', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    });
  });

  describe('errors', () => {
    it('answers unknown API paths with 404 in the error format, for any method', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await t.app.inject({ method, url: '/api/nada' });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Recurso não encontrado.' });
      }
    });

    it('says only that something failed on a 5xx', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Não foi possível concluir a operação. Tente novamente em alguns instantes.',
      });
      expect(response.body).not.toContain('exploded');
    });

    it('refuses a JSON body above the limit with 413 and a Portuguese message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/health',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ filler: 'x'.repeat(jsonBodyLimit + 10) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'A requisição excede o tamanho máximo permitido.',
      });
    });

    it('refuses an invalid body with 400 and the schema message in Portuguese', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { nomeCompleto: 'Ana' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Nome completo deve ter pelo menos 5 caracteres',
      });
      const valid = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { nomeCompleto: 'Ana Maria' },
      });
      expect(valid.json()).toEqual({ nomeCompleto: 'Ana Maria' });
    });

    it('refuses malformed JSON with 400 in the error format', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Requisição inválida.' });
    });
  });

  describe('pages', () => {
    it.each(['/', '/politica-privacidade', '/seguranca', '/test-secrets', '/seguranca/'])(
      'serves the SPA for %s with 200',
      async (url) => {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.body).toContain('<div id="root"></div>');
        expect(response.headers['cache-control']).toBe('no-cache');
      },
    );

    it.each(['/qualquer-coisa', '/onboarding/admin/qualquer/coisa', '/index.html'])(
      'answers %s with HTTP 404 and the SPA (which shows the not-found page)',
      async (url) => {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.body).toContain('<div id="root"></div>');
      },
    );

    it('passes the public configuration to the SPA in a meta tag, not a script', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      const match = response.body.match(
        new RegExp(`<meta name="${publicConfigMetaName}" content="([^"]+)">`),
      );
      expect(match).not.toBeNull();
      const config = JSON.parse(
        (match?.[1] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
      );
      expect(config).toEqual({
        supportPhone: '(21) 3333-4444',
        supportEmail: 'suporte@medipay.com.br',
        appLoginUrl: 'https://app.medipay.com.br',
        kycSandbox: false,
      });
      expect(response.body.replace(testIndexHtml, '')).not.toContain('<script');
    });

    it('serves hashed assets with long-lived caching', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/assets/app-123abc.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('sends security headers with a CSP that allows only our own origin', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/https?:\/\//);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });
  });

  describe('GET /api/debug/secrets', () => {
    it('answers which integrations are configured with booleans only', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/debug/secrets' });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { integrations: Record<string, unknown> };
      expect(Object.values(body.integrations).every((value) => typeof value === 'boolean')).toBe(
        true,
      );
      expect(body.integrations).toMatchObject({
        smtp: true,
        medipay: true,
        secret: true,
        database: false,
        s3: false,
        sms: false,
      });
      for (const value of [
        's3cr3t-smtp-pass',
        'mp_live_key_do_not_leak',
        'api.medipay.example',
        'a-very-long-operator-provided-secret',
        'smtp.example.com',
      ]) {
        expect(response.body).not.toContain(value);
      }
    });
  });
});

describe('request logs', () => {
  it('never contain CPF, CNPJ, e-mail or phone, whether in the path or the query', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logged = await createTestApp({
      logger: { ...(loggerOptions('info') as object), stream },
    });
    try {
      const urls = [
        '/api/consulta/123.456.789-09?email=maria@example.com',
        '/api/consulta/12ABC34501DE35',
        '/api/consulta/12.345.678%2F0001-95',
        '/api/consulta/maria%40example.com',
        '/api/consulta/11987654321?telefone=(11)%2098765-4321',
      ];
      for (const url of urls) await logged.app.inject({ method: 'GET', url });
      const output = lines.join('\n');
      expect(output).toContain('/api/consulta/:redacted');
      for (const secret of [
        '123.456.789-09',
        '12ABC34501DE35',
        '12.345.678',
        'maria',
        '98765',
        '11987654321',
      ]) {
        expect(output).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});
