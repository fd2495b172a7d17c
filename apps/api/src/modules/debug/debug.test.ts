import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { paths } from '@medipay/shared/routes';
import { adminSession } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The secrets test page and its API tell which integrations are configured: in production only a
 * logged-in master administrator reaches them, anyone else gets the 404 of a path that does not
 * exist; outside production they stay open (issue 23, item 6).
 */

/** Production, as the portal runs there (the sandbox chosen explicitly, mail never sent). */
const production = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:1',
  SECRET: 'x'.repeat(40),
  MEDIPAY_API_URL: 'sandbox',
  // Logged in with a password only (second-factor.test.ts covers the login with a code); a login
  // that still owes its code opens nothing here.
  REQUIRE_ADMIN_MFA: 'false',
};

const get = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: production });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers anyone but a master administrator as if neither existed', async () => {
    const mini = await adminSession(t, 'admin_mini');
    const unknownApi = await get(t, '/api/nao-existe');
    const unknownPage = await get(t, '/nao-existe');
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownPage.statusCode).toBe(404);
    for (const cookie of [undefined, 'medipay_admin=sessao-inventada', mini.cookie]) {
      const api = await get(t, '/api/debug/secrets', cookie);
      expect(api.statusCode, cookie).toBe(404);
      expect(api.json()).toEqual({ code: errorCodes.notFound, message: genericMessages.notFound });
      expect(api.body).not.toContain('integrations');
      const page = await get(t, paths.testSecrets, cookie);
      expect(page.statusCode, cookie).toBe(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toBe(unknownPage.body);
    }
  });

  it('opens the page and its API to a logged-in master administrator', async () => {
    const master = await adminSession(t, 'admin_master');
    const api = await get(t, '/api/debug/secrets', master.cookie);
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json()).toMatchObject({ integrations: { smtp: true, secret: true } });
    const page = await get(t, paths.testSecrets, master.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the page and its API open, as before', async () => {
    const api = await get(t, '/api/debug/secrets');
    expect(api.statusCode).toBe(200);
    expect(api.json()).toHaveProperty('integrations');
    expect((await get(t, paths.testSecrets)).statusCode).toBe(200);
  });
});
