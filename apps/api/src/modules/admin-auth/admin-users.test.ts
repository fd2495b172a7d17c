import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, adminUsers } from '@medipay/db/schema';
import {
  adminAuditActions,
  adminMessages,
  adminUserListSchema,
  adminUserSchema,
} from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { passwordMessages, validationMessages } from '@medipay/shared/messages';
import { adminSession, createTestAdmin, loginTestAdmin, nextTestIp } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { createAdminAccounts } from './admin-accounts.service';

const clock = createTestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;

const request = (
  method: 'GET' | 'POST',
  url: string,
  headers: Headers,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url: `/api/admin${url}`, headers, payload });

function expectError(
  response: Awaited<ReturnType<typeof request>>,
  status: number,
  code: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ code, message });
}

const newAccount = (suffix: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Bruno Lima',
  email: `Bruno.${suffix}@MediPay.test`,
  username: `Bruno.${suffix}`,
  role: 'admin_mini',
  password: 'uma-senha-longa-de-teste',
  ...overrides,
});

async function auditOf(action: string, observacoesContaining: string) {
  const rows = await t.database.db
    .select()
    .from(adminActions)
    .where(eq(adminActions.action, action));
  return rows.filter((row) => row.observacoes?.includes(observacoesContaining));
}

describe('roles', () => {
  it('refuses an admin_mini on every /users route, and lets it see its own session', async () => {
    const mini = await adminSession(t, 'admin_mini');
    const master = await createTestAdmin(t);
    const attempts = [
      request('GET', '/users', mini.headers),
      request('POST', '/users', mini.headers, newAccount('mini')),
      request('POST', `/users/${master.row.id}/deactivate`, mini.headers),
      request('POST', `/users/${master.row.id}/password`, mini.headers, {
        password: 'nova-senha-muito-longa',
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expectError(response, 403, errorCodes.forbidden, adminMessages.masterOnly);
    }
    const [stored] = await t.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.id, master.row.id));
    expect(stored!.active).toBe(true);
    const session = await request('GET', '/session', mini.headers);
    expect(session.statusCode).toBe(200);
    expect(session.json().user.role).toBe('admin_mini');
  });
});

describe('managing accounts (admin_master)', () => {
  it('lists the accounts with ISO dates and no password hash', async () => {
    const master = await adminSession(t);
    const response = await request('GET', '/users', master.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { users } = adminUserListSchema.parse(response.json());
    const self = users.find((user) => user.id === master.row.id);
    expect(self).toMatchObject({ email: master.row.email, role: 'admin_master', active: true });
    expect(self!.lastLoginAt).toBe(clock.now().toISOString());
    expect(response.body).not.toContain('argon2');
  });

  it('creates an account (lower-cased e-mail and username), audited without the password', async () => {
    const master = await adminSession(t);
    const response = await request('POST', '/users', master.headers, newAccount('criado'));
    expect(response.statusCode, response.body).toBe(201);
    const user = adminUserSchema.parse(response.json());
    expect(user).toMatchObject({
      name: 'Bruno Lima',
      email: 'bruno.criado@medipay.test',
      username: 'bruno.criado',
      role: 'admin_mini',
      active: true,
      lastLoginAt: null,
    });
    const [audit] = await auditOf(adminAuditActions.accountCreated, 'bruno.criado@medipay.test');
    expect(audit).toMatchObject({ adminUserId: master.row.id, adminEmail: master.row.email });
    expect(JSON.stringify(audit)).not.toContain('uma-senha-longa');
    await loginTestAdmin(t, 'BRUNO.CRIADO', 'uma-senha-longa-de-teste');
  });

  it('validates the new account with the messages of the contract', async () => {
    const master = await adminSession(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Al' }, adminMessages.nameRequired],
      [{ name: '   ' }, adminMessages.nameRequired],
      [{ name: '\u0410na S\u039Fuza' }, validationMessages.nameLatin],
      [{ username: 'a b' }, adminMessages.usernameFormat],
      [{ username: 'ab' }, adminMessages.usernameFormat],
      [{ password: 'curta' }, adminMessages.passwordLength],
      [{ role: 'superuser' }, adminMessages.roleRequired],
      [{ role: undefined }, adminMessages.roleRequired],
    ];
    for (const [overrides, message] of cases) {
      const response = await request('POST', '/users', master.headers, newAccount('x', overrides));
      expectError(response, 400, errorCodes.validation, message);
    }
    expect(
      await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'bruno.x')),
    ).toEqual([]);
  });

  it('refuses a weak password, long enough but easy to guess, and creates nothing', async () => {
    const master = await adminSession(t);
    // Repetition, a common password, the product's name, the account's own name and e-mail.
    for (const weak of [
      'aaaaaaaaaaaa',
      'password1234',
      'medipay12345',
      'brunolima2024',
      'bruno.fraca.2024',
    ]) {
      const response = await request(
        'POST',
        '/users',
        master.headers,
        newAccount('fraca', { password: weak }),
      );
      expectError(response, 400, errorCodes.validation, passwordMessages.weak);
    }
    const users = adminUserListSchema.parse(
      (await request('GET', '/users', master.headers)).json(),
    ).users;
    expect(users.some((user) => user.username === 'bruno.fraca')).toBe(false);
    expect(await auditOf(adminAuditActions.accountCreated, 'bruno.fraca@')).toHaveLength(0);
  });

  it('refuses a duplicate e-mail or username with 409', async () => {
    const master = await adminSession(t);
    expect((await request('POST', '/users', master.headers, newAccount('dup'))).statusCode).toBe(
      201,
    );
    for (const duplicate of [
      newAccount('dup', { username: 'outro.nome' }),
      newAccount('dup', { email: 'outro@medipay.test', username: 'BRUNO.DUP' }),
    ]) {
      expectError(
        await request('POST', '/users', master.headers, duplicate),
        409,
        errorCodes.conflict,
        adminMessages.duplicateAccount,
      );
    }
  });

  it('deactivates an account: its sessions stop working and it can no longer log in', async () => {
    const master = await adminSession(t);
    const mini = await adminSession(t, 'admin_mini');
    const response = await request('POST', `/users/${mini.row.id}/deactivate`, master.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(adminUserSchema.parse(response.json())).toMatchObject({
      id: mini.row.id,
      active: false,
    });
    expectError(
      await request('GET', '/session', mini.headers),
      401,
      errorCodes.unauthorized,
      adminMessages.sessionRequired,
    );
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: master.headers.origin },
      payload: { credential: mini.row.email, password: mini.password },
      remoteAddress: nextTestIp(),
    });
    expectError(relogin, 403, errorCodes.forbidden, adminMessages.accessDenied);
    const audit = await auditOf(adminAuditActions.accountDeactivated, mini.row.email);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUserId: master.row.id, adminEmail: master.row.email });

    // Again: nothing changes, nothing more is audited.
    const again = await request('POST', `/users/${mini.row.id}/deactivate`, master.headers);
    expect(again.statusCode).toBe(200);
    expect(await auditOf(adminAuditActions.accountDeactivated, mini.row.email)).toHaveLength(1);
  });

  it('does not let a master deactivate itself', async () => {
    const master = await adminSession(t);
    expectError(
      await request('POST', `/users/${master.row.id}/deactivate`, master.headers),
      409,
      errorCodes.conflict,
      adminMessages.cannotDeactivateSelf,
    );
    expect((await request('GET', '/session', master.headers)).statusCode).toBe(200);
  });

  it('lets a master deactivate another master', async () => {
    const master = await adminSession(t);
    const other = await adminSession(t);
    const response = await request('POST', `/users/${other.row.id}/deactivate`, master.headers);
    expect(response.statusCode).toBe(200);
    expect((await request('GET', '/session', other.headers)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const master = await adminSession(t);
    for (const id of [randomUUID(), 'abc', '1']) {
      expectError(
        await request('POST', `/users/${id}/deactivate`, master.headers),
        404,
        errorCodes.notFound,
        adminMessages.accountNotFound,
      );
      expectError(
        await request('POST', `/users/${id}/password`, master.headers, {
          password: 'nova-senha-muito-longa',
        }),
        404,
        errorCodes.notFound,
        adminMessages.accountNotFound,
      );
    }
  });

  it('resets a password: the old sessions and the old password stop working, the new one works', async () => {
    const master = await adminSession(t);
    const mini = await adminSession(t, 'admin_mini');
    expectError(
      await request('POST', `/users/${mini.row.id}/password`, master.headers, {
        password: 'curta',
      }),
      400,
      errorCodes.validation,
      adminMessages.passwordLength,
    );
    expect((await request('GET', '/session', mini.headers)).statusCode).toBe(200);
    // Weak for this account: its own username with digits.
    expectError(
      await request('POST', `/users/${mini.row.id}/password`, master.headers, {
        password: `${mini.row.username}.2024`,
      }),
      400,
      errorCodes.validation,
      passwordMessages.weak,
    );
    expect((await request('GET', '/session', mini.headers)).statusCode).toBe(200);
    await loginTestAdmin(t, mini.row.email, mini.password);

    const response = await request('POST', `/users/${mini.row.id}/password`, master.headers, {
      password: 'nova-senha-muito-longa',
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect((await request('GET', '/session', mini.headers)).statusCode).toBe(401);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: master.headers.origin },
      payload: { credential: mini.row.email, password: mini.password },
      remoteAddress: nextTestIp(),
    });
    expect(oldPassword.statusCode).toBe(401);
    await loginTestAdmin(t, mini.row.email, 'nova-senha-muito-longa');

    const audit = await auditOf(adminAuditActions.passwordReset, mini.row.email);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUserId: master.row.id, adminEmail: master.row.email });
    expect(JSON.stringify(audit)).not.toContain('nova-senha');
  });
});

describe('the last active master', () => {
  it('cannot be deactivated (reachable outside a session: the operator CLI)', async () => {
    const fresh = await createTestApp({ clock });
    try {
      const accounts = createAdminAccounts({ db: fresh.database.db, clock });
      const operator = { id: null, email: 'linha de comando (teste)' };
      const first = await createTestAdmin(fresh);
      const second = await createTestAdmin(fresh);
      await createTestAdmin(fresh, { role: 'admin_mini' });
      await accounts.deactivate(second.row.id, operator);
      await expect(accounts.deactivate(first.row.id, operator)).rejects.toMatchObject({
        statusCode: 409,
        code: errorCodes.conflict,
        message: adminMessages.lastMaster,
      });
      const [stored] = await fresh.database.db
        .select()
        .from(adminUsers)
        .where(and(eq(adminUsers.id, first.row.id), eq(adminUsers.active, true)));
      expect(stored).toBeDefined();
    } finally {
      await fresh.close();
    }
  });
});
