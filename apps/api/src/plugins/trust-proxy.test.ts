import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, adminUsers } from '@medipay/db/schema';
import { adminAuditActions, adminMessages, LOGIN_FAILURES_PER_IP } from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { perIpLimits } from '../lib/rate-limits';
import { adminSession, sameOrigin } from '../../test/admin';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * TRUST_PROXY decides whose X-Forwarded-For is believed. The address it yields is what the per-IP
 * limits count and what the admin audit records, so a forged header must change neither.
 */

/** Production, as the portal runs there (the sandbox chosen explicitly, mail never sent). */
const production = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:1',
  SECRET: 'x'.repeat(40),
  MEDIPAY_API_URL: 'sandbox',
  // The admins' logins here are about addresses, not the second factor production requires.
  REQUIRE_ADMIN_MFA: 'false',
};

let counter = 0;
/** A forged client address, different on every call. */
const forged = () => {
  counter += 1;
  return `203.0.${counter >> 8}.${counter & 255}`;
};

const createSession = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applicant/sessions',
    payload: { flow: 'PF' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

/** A failed admin login (an unknown account each time); its audit row records the client IP. */
async function failedLogin(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  counter += 1;
  const credential = `ninguem${counter}@medipay.test`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: {
      origin: sameOrigin(t),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: { credential, password: 'nao-e-a-senha' },
    remoteAddress,
  });
  const audited = await t.database.db
    .select({ ip: adminActions.ip, action: adminActions.action })
    .from(adminActions)
    .where(eq(adminActions.adminEmail, credential));
  return { status: response.statusCode, audited };
}

/** The client address the app saw, as the admin audit recorded it. */
async function seenAddress(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  const { status, audited } = await failedLogin(t, remoteAddress, forwardedFor);
  expect(status).toBe(401);
  expect(audited).toHaveLength(1);
  return audited[0]!.ip;
}

describe('TRUST_PROXY unset, in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: production });
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not let a rotating X-Forwarded-For pass the per-IP limit of new sessions', async () => {
    const { max } = perIpLimits.sessionCreations;
    const socket = '198.51.100.10';
    for (let i = 0; i < max; i += 1) {
      const response = await createSession(t, socket, forged());
      expect(response.statusCode, `session ${i + 1}`).toBe(201);
    }
    const refused = await createSession(t, socket, forged());
    expect(refused.statusCode).toBe(429);
    // The limit belongs to the socket's address: another one is not held back.
    expect((await createSession(t, '198.51.100.11', forged())).statusCode).toBe(201);
  });

  it('does not let a rotating X-Forwarded-For pass the per-IP admin login limit', async () => {
    const socket = '198.51.100.20';
    for (let i = 0; i < LOGIN_FAILURES_PER_IP; i += 1) {
      expect((await failedLogin(t, socket, forged())).status, `login ${i + 1}`).toBe(401);
    }
    const refused = await failedLogin(t, socket, forged());
    expect(refused.status).toBe(429);
    expect(refused.audited).toEqual([{ ip: socket, action: adminAuditActions.loginThrottled }]);
  });

  it("records the socket's address in the admin audit, not the forged one", async () => {
    expect(await seenAddress(t, '198.51.100.30', '1.2.3.4')).toBe('198.51.100.30');
    expect(await seenAddress(t, '198.51.100.31', '1.2.3.4, 10.0.0.1')).toBe('198.51.100.31');
    const rows = await t.database.db
      .select({ ip: adminActions.ip })
      .from(adminActions)
      .where(and(eq(adminActions.action, adminAuditActions.loginFailed)));
    expect(rows.some((row) => row.ip === '1.2.3.4' || row.ip === '10.0.0.1')).toBe(false);
  });
});

describe('TRUST_PROXY=10.0.0.2 (one proxy in front of the portal)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...production, TRUST_PROXY: '10.0.0.2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the client from the hop the proxy added, not from what the client sent', async () => {
    // The proxy appends the address it saw; whatever the client wrote comes before it.
    expect(await seenAddress(t, '10.0.0.2', '203.0.113.5')).toBe('203.0.113.5');
    expect(await seenAddress(t, '10.0.0.2', '1.2.3.4, 203.0.113.6')).toBe('203.0.113.6');
    // Without the header, the socket is the client.
    expect(await seenAddress(t, '10.0.0.2')).toBe('10.0.0.2');
    // Another machine that reaches the portal directly is not the proxy: its header is ignored.
    expect(await seenAddress(t, '10.0.0.3', '203.0.113.5')).toBe('10.0.0.3');
  });

  it("never takes the admin Origin check's origin from forwarded host headers", async () => {
    const master = await adminSession(t);
    const createAdmin = (username: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/users',
        remoteAddress: '10.0.0.2',
        headers: { cookie: master.cookie, 'x-forwarded-for': '203.0.113.70', ...headers },
        payload: {
          name: 'Conta Forjada',
          email: `${username}@medipay.test`,
          username,
          role: 'admin_master',
          password: 'uma-senha-longa-de-teste',
        },
      });
    const accounts = async (username: string) =>
      t.database.db.select().from(adminUsers).where(eq(adminUsers.username, username));

    // The attack run's request: a page on evil.example, its host forwarded as if it were ours.
    const forgeries: Record<string, string>[] = [
      { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' },
      {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
      { origin: 'http://evil.example', host: 'evil.example' },
    ];
    for (const [i, headers] of forgeries.entries()) {
      const response = await createAdmin(`forjada${i}`, headers);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({
        code: errorCodes.forbidden,
        message: adminMessages.originRefused,
      });
      expect(await accounts(`forjada${i}`)).toEqual([]);
    }

    // The portal's own pages (PUBLIC_URL's origin) pass, whatever the proxy forwards.
    const legitimate = await createAdmin('legitima', {
      origin: sameOrigin(t),
      'x-forwarded-host': 'evil.example',
    });
    expect(legitimate.statusCode, legitimate.body).toBe(201);
    expect(await accounts('legitima')).toHaveLength(1);
  });

  it('gives each client behind the proxy its own budget of new sessions', async () => {
    const { max } = perIpLimits.sessionCreations;
    for (let i = 0; i < max; i += 1) {
      expect((await createSession(t, '10.0.0.2', '203.0.113.50')).statusCode).toBe(201);
    }
    expect((await createSession(t, '10.0.0.2', '203.0.113.50')).statusCode).toBe(429);
    expect((await createSession(t, '10.0.0.2', '203.0.113.51')).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY=1 (one proxy hop, the portal reachable only through it)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...production, TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the client from the one entry the proxy added, not from earlier forged ones', async () => {
    expect(await seenAddress(t, '10.9.8.7', '203.0.113.21')).toBe('203.0.113.21');
    expect(await seenAddress(t, '10.9.8.7', '1.2.3.4, 203.0.113.22')).toBe('203.0.113.22');
    expect(await seenAddress(t, '10.9.8.7')).toBe('10.9.8.7');
  });
});

describe('TRUST_PROXY as a list of proxy addresses and ranges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...production, TRUST_PROXY: '10.0.0.0/8, fd00::/8' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('believes the header of a listed proxy only, IPv4 and IPv6', async () => {
    expect(await seenAddress(t, '10.20.30.40', '203.0.113.9')).toBe('203.0.113.9');
    expect(await seenAddress(t, 'fd00::5', '203.0.113.10')).toBe('203.0.113.10');
    // Not a listed proxy: its header is ignored.
    expect(await seenAddress(t, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    expect(await seenAddress(t, '2001:db8::7', '203.0.113.9')).toBe('2001:db8::7');
  });

  it('walks back through listed proxies and stops at the first address that is not one', async () => {
    expect(await seenAddress(t, '10.20.30.40', '203.0.113.66, 10.9.9.9')).toBe('203.0.113.66');
    // A client that writes its own X-Forwarded-For cannot go past the address the proxy saw.
    expect(await seenAddress(t, '10.20.30.40', '10.1.1.1, 203.0.113.67')).toBe('203.0.113.67');
  });
});
