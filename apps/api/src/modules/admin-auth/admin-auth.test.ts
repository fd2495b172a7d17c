import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, adminSessions, adminUsers } from '@medipay/db/schema';
import { adminAuditActions, adminMessages, adminSessionInfoSchema } from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { ADMIN_SESSION_TTL_MS } from '@medipay/shared/constants';
import {
  adminSession,
  createTestAdmin,
  loginTestAdmin,
  nextTestIp,
  sameOrigin,
} from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { adminAllowedOrigins, DEV_SERVER_PORT } from './admin-guard';
import { deleteExpiredAdminSessions } from './admin-sessions.repository';
import { dummyPasswordHash, hashPassword } from './passwords';

const clock = createTestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const minute = 60 * 1000;

function login(
  payload: unknown,
  options: { ip?: string; origin?: string | null; app?: TestApp } = {},
) {
  const app = options.app ?? t;
  const origin = options.origin === undefined ? sameOrigin(app) : options.origin;
  return app.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: origin === null ? {} : { origin },
    payload: payload as object,
    remoteAddress: options.ip ?? nextTestIp(),
  });
}

const getSession = (cookie: string, app = t) =>
  app.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });

function expectError(
  response: Awaited<ReturnType<typeof login>>,
  status: number,
  code: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ code, message });
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function auditRows(action: string, adminEmail?: string) {
  return t.database.db
    .select()
    .from(adminActions)
    .where(
      adminEmail === undefined
        ? eq(adminActions.action, action)
        : and(eq(adminActions.action, action), eq(adminActions.adminEmail, adminEmail)),
    );
}

describe('passwords', () => {
  it('are stored as argon2id hashes (m=19456, t=2, p=1), like the dummy hash of unknown accounts', async () => {
    const { row } = await createTestAdmin(t);
    const parameters = (hash: string) => hash.split('$').slice(0, 4).join('$');
    expect(parameters(row.passwordHash)).toBe('$argon2id$v=19$m=19456,t=2,p=1');
    expect(parameters(dummyPasswordHash)).toBe(parameters(await hashPassword('outra senha')));
    expect(row.passwordHash).not.toContain('senha');
  });
});

describe('logging in', () => {
  it('accepts the e-mail or the username in any case, sets the session cookie and opens GET /session', async () => {
    const { row, password } = await createTestAdmin(t, {
      email: 'ana.souza@medipay.test',
      username: 'ana.souza',
      name: 'Ana Souza',
      role: 'admin_mini',
    });
    const ip = nextTestIp();
    const response = await login({ credential: '  ANA.Souza@MediPay.test ', password }, { ip });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = adminSessionInfoSchema.parse(response.json());
    const expiresAt = new Date(clock.now().getTime() + ADMIN_SESSION_TTL_MS).toISOString();
    expect(body).toEqual({
      user: {
        id: row.id,
        email: 'ana.souza@medipay.test',
        username: 'ana.souza',
        name: 'Ana Souza',
        role: 'admin_mini',
        active: true,
        createdAt: row.createdAt.toISOString(),
        lastLoginAt: clock.now().toISOString(),
        secondFactor: false,
      },
      expiresAt,
      // No MEDIPAY_API_URL in the tests: the built-in sandbox answers.
      medipaySandbox: true,
      // No second factor enrolled, and none required outside production.
      stage: 'complete',
    });

    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({
      name: 'medipay_admin',
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: ADMIN_SESSION_TTL_MS / 1000,
    });
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.domain).toBeUndefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).not.toMatch(/Secure/);

    // Only the token's SHA-256 is stored.
    const sessions = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.adminUserId, row.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).toBe(sha256(cookie!.value));
    expect(sessions[0]!.expiresAt.toISOString()).toBe(expiresAt);
    expect(sessions[0]!.ip).toBe(ip);
    const [stored] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, row.id));
    expect(stored!.lastLoginAt?.toISOString()).toBe(clock.now().toISOString());

    const session = await getSession(`${cookie!.name}=${cookie!.value}`);
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    expect(session.json()).toEqual(body);

    const byUsername = await login({ credential: 'ANA.SOUZA', password });
    expect(byUsername.statusCode).toBe(200);
    expect(byUsername.json().user.id).toBe(row.id);
  });

  it('sets a Secure __Host- cookie when the portal is served over HTTPS', async () => {
    const secure = await createTestApp({
      clock,
      env: { PUBLIC_URL: 'https://portal.medipay.test' },
    });
    try {
      const { row, password } = await createTestAdmin(secure);
      const response = await login({ credential: row.email, password }, { app: secure });
      expect(response.statusCode, response.body).toBe(200);
      const [cookie] = response.cookies;
      expect(cookie).toMatchObject({
        name: '__Host-medipay_admin',
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
      });
      expect(cookie!.domain).toBeUndefined();
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
      const session = await getSession(`__Host-medipay_admin=${cookie!.value}`, secure);
      expect(session.statusCode).toBe(200);
      // The plain name means nothing on an HTTPS portal.
      expect((await getSession(`medipay_admin=${cookie!.value}`, secure)).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });

  it('refuses empty fields with the message of each field, and records nothing', async () => {
    const before = (await auditRows(adminAuditActions.loginFailed)).length;
    for (const payload of [{}, { password: 'x' }, { credential: '', password: 'x' }]) {
      expectError(
        await login(payload),
        400,
        errorCodes.validation,
        adminMessages.credentialRequired,
      );
    }
    expectError(
      await login({ credential: '   ', password: 'x' }),
      400,
      errorCodes.validation,
      adminMessages.credentialRequired,
    );
    for (const payload of [{ credential: 'ana' }, { credential: 'ana', password: '' }]) {
      expectError(await login(payload), 400, errorCodes.validation, adminMessages.passwordRequired);
    }
    expect(await auditRows(adminAuditActions.loginFailed)).toHaveLength(before);
  });

  it('answers an unknown account and a wrong password identically, and audits both', async () => {
    const { row } = await createTestAdmin(t);
    const ip = nextTestIp();
    const unknown = await login(
      { credential: 'Ninguem@Medipay.test', password: 'qualquer' },
      { ip },
    );
    const wrong = await login({ credential: row.username, password: 'senha errada!!' }, { ip });
    for (const response of [unknown, wrong]) {
      expectError(response, 401, errorCodes.unauthorized, adminMessages.invalidCredentials);
      expect(response.cookies).toHaveLength(0);
    }
    expect(unknown.body).toBe(wrong.body);

    const [unknownRow] = await auditRows(adminAuditActions.loginFailed, 'ninguem@medipay.test');
    expect(unknownRow).toMatchObject({ adminUserId: null, ip });
    const [wrongRow] = await auditRows(adminAuditActions.loginFailed, row.username);
    expect(wrongRow).toMatchObject({ adminUserId: row.id, ip });
    for (const audit of [unknownRow!, wrongRow!]) {
      expect(audit.createdAt.toISOString()).toBe(clock.now().toISOString());
      expect(JSON.stringify(audit)).not.toContain('senha errada');
      expect(JSON.stringify(audit)).not.toContain('qualquer');
    }
  });

  it('refuses an inactive account with 403 only after a correct password', async () => {
    const { row, password } = await createTestAdmin(t, { role: 'admin_mini' });
    await t.database.db.update(adminUsers).set({ active: false }).where(eq(adminUsers.id, row.id));
    expectError(
      await login({ credential: row.email, password }),
      403,
      errorCodes.forbidden,
      adminMessages.accessDenied,
    );
    expectError(
      await login({ credential: row.email, password: 'nao-e-a-senha' }),
      401,
      errorCodes.unauthorized,
      adminMessages.invalidCredentials,
    );
  });

  it('audits a success with the account and its e-mail', async () => {
    const { row, password } = await createTestAdmin(t);
    const ip = nextTestIp();
    await loginTestAdmin(t, row.username, password, ip);
    const rows = await auditRows(adminAuditActions.loginSucceeded, row.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ adminUserId: row.id, ip, observacoes: null });
  });
});

// The login throttle is tested in login-throttle.test.ts.

describe('the admin session', () => {
  it('lasts 4 hours from login, whatever the activity', async () => {
    const { cookie, row } = await adminSession(t);
    clock.advance(2 * 60 * minute);
    expect((await getSession(cookie)).statusCode).toBe(200);
    clock.advance(119 * minute);
    expect((await getSession(cookie)).statusCode).toBe(200);
    clock.advance(2 * minute);
    const expired = await getSession(cookie);
    expectError(expired, 401, errorCodes.unauthorized, adminMessages.sessionRequired);
    // The stale cookie is cleared, and the expired session deleted.
    expect(expired.cookies[0]).toMatchObject({ name: 'medipay_admin', value: '' });
    const rows = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.adminUserId, row.id));
    expect(rows).toHaveLength(0);
  });

  it('is required: no cookie, a made-up token or a malformed one get 401', async () => {
    for (const cookie of [undefined, `medipay_admin=${'a'.repeat(43)}`, 'medipay_admin=../x']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: cookie ? { cookie } : {},
      });
      expectError(response, 401, errorCodes.unauthorized, adminMessages.sessionRequired);
    }
  });

  it('ends on logout: the session is deleted, the cookie cleared, and the logout audited', async () => {
    const { headers, cookie, row } = await adminSession(t);
    const ip = nextTestIp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers,
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const [cleared] = response.cookies;
    expect(cleared).toMatchObject({ name: 'medipay_admin', value: '', path: '/' });
    expect(new Date(cleared!.expires!).getTime()).toBeLessThan(Date.now());

    expectError(
      await getSession(cookie),
      401,
      errorCodes.unauthorized,
      adminMessages.sessionRequired,
    );
    const sessions = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.adminUserId, row.id));
    expect(sessions).toHaveLength(0);
    const audit = await auditRows(adminAuditActions.logout, row.email);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUserId: row.id, ip });

    const again = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers });
    expect(again.statusCode).toBe(401);
  });

  it('sweeps expired sessions with deleteExpiredAdminSessions, keeping live ones', async () => {
    const old = await adminSession(t);
    clock.advance(3 * 60 * minute);
    const recent = await adminSession(t);
    clock.advance(60 * minute + 1);
    const removed = await deleteExpiredAdminSessions(t.database.db, clock.now());
    expect(removed).toBeGreaterThanOrEqual(1);
    const remaining = await t.database.db.select().from(adminSessions);
    expect(remaining.some((session) => session.adminUserId === old.row.id)).toBe(false);
    expect(remaining.some((session) => session.adminUserId === recent.row.id)).toBe(true);
    expect((await getSession(recent.cookie)).statusCode).toBe(200);
  });
});

describe('the Origin check', () => {
  it('refuses a login without Origin or from another site, before anything else', async () => {
    const { row, password } = await createTestAdmin(t);
    for (const origin of [null, 'https://evil.example', 'null', 'http://localhost:3001', 'lixo']) {
      for (const payload of [{ credential: row.email, password }, {}]) {
        const response = await login(payload, { origin });
        expectError(response, 403, errorCodes.forbidden, adminMessages.originRefused);
        expect(response.cookies).toHaveLength(0);
      }
    }
    expect(await auditRows(adminAuditActions.loginFailed, row.email)).toHaveLength(0);
    expect(await auditRows(adminAuditActions.loginSucceeded, row.email)).toHaveLength(0);
  });

  it('refuses a state-changing request behind the guard from another origin; GET needs none', async () => {
    const { cookie } = await adminSession(t);
    for (const headers of [{ cookie }, { cookie, origin: 'https://evil.example' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers });
      expectError(response, 403, errorCodes.forbidden, adminMessages.originRefused);
    }
    // Refused before the guard: no cookie gives 403 too.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/logout' });
    expectError(anonymous, 403, errorCodes.forbidden, adminMessages.originRefused);
    expect((await getSession(cookie)).statusCode).toBe(200);
  });

  it("accepts PUBLIC_URL's origin and its loopback aliases, never the request's own Host", async () => {
    const { row, password } = await createTestAdmin(t);
    const loginAs = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers,
        payload: { credential: row.email, password },
        remoteAddress: nextTestIp(),
      });
    // PUBLIC_URL is the default http://localhost:3000.
    expect((await login({ credential: row.email, password })).statusCode).toBe(200);
    // The same computer under another loopback name (the browser tests open 127.0.0.1).
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await loginAs({ origin })).statusCode, origin).toBe(200);
    }
    // Outside production, the Vite dev server of `npm run dev`, which proxies /api here.
    expect((await loginAs({ origin: `http://localhost:${DEV_SERVER_PORT}` })).statusCode).toBe(200);
    // An origin that only matches the Host the request names is not the portal's.
    for (const headers of [
      { host: 'portal.interno:8080', origin: 'http://portal.interno:8080' },
      { host: 'evil.example', origin: 'http://evil.example' },
      { host: 'localhost', origin: 'http://localhost' },
    ]) {
      const response = await loginAs(headers);
      expectError(response, 403, errorCodes.forbidden, adminMessages.originRefused);
    }
    const { cookie } = await adminSession(t);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie, origin: sameOrigin(t) },
    });
    expect(logout.statusCode).toBe(204);
  });

  it('derives the allowed origins from the configuration alone', () => {
    const origins = (publicUrl: string, production: boolean) =>
      [...adminAllowedOrigins({ publicUrl, production })].sort();
    expect(origins('https://portal.medipay.com.br', true)).toEqual([
      'https://portal.medipay.com.br',
    ]);
    expect(origins('https://portal.medipay.com.br:8443/base', false)).toEqual(
      [
        'https://portal.medipay.com.br:8443',
        `http://localhost:${DEV_SERVER_PORT}`,
        `http://127.0.0.1:${DEV_SERVER_PORT}`,
        `http://[::1]:${DEV_SERVER_PORT}`,
      ].sort(),
    );
    // A loopback PUBLIC_URL in production (a trial of the production build on one computer).
    expect(origins('http://127.0.0.1:4173', true)).toEqual(
      ['http://127.0.0.1:4173', 'http://localhost:4173', 'http://[::1]:4173'].sort(),
    );
  });
});
