import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '@medipay/db/client';
import { adminActions, adminUsers } from '@medipay/db/schema';
import { createTestDatabase } from '@medipay/db/testing/test-database';
import { adminAuditActions } from '@medipay/shared/admin';
import { passwordMessages } from '@medipay/shared/messages';
import { loginTestAdmin } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { boxed, ensureFirstAdmin, usernameFromEmail } from './first-admin';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function capture() {
  const printed: string[] = [];
  return { printed, print: (message: string) => void printed.push(message) };
}

describe('the first admin', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD on an empty database, once', async () => {
    t = await createTestApp();
    const env = {
      ADMIN_EMAIL: 'Chefe+Ops@Clinica.com.br',
      ADMIN_PASSWORD: 'senha-do-operador-123',
    };
    const { printed, print } = capture();
    const { created } = await ensureFirstAdmin({ db: t.database.db, env, print });
    expect(created).toMatchObject({
      email: 'chefe+ops@clinica.com.br',
      username: 'chefe.ops',
      name: 'Administrador',
      role: 'admin_master',
      active: true,
    });
    expect(printed).toEqual([]);
    const login = await loginTestAdmin(t, 'CHEFE.OPS', 'senha-do-operador-123');
    expect(login.user.role).toBe('admin_master');

    const again = await ensureFirstAdmin({
      db: t.database.db,
      env: { ADMIN_EMAIL: 'outro@clinica.com.br', ADMIN_PASSWORD: 'outra-senha-longa-1' },
      print,
    });
    expect(again.created).toBeNull();
    expect(await t.database.db.select().from(adminUsers)).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, adminAuditActions.accountCreated));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.observacoes).toContain('chefe+ops@clinica.com.br');
  });

  it('is refused, naming ADMIN_PASSWORD and not its value, when ADMIN_PASSWORD is weak', async () => {
    t = await createTestApp();
    const { printed, print } = capture();
    for (const weak of ['aaaaaaaaaaaa', 'password1234', 'clinica.2024', 'chefe.ops.2024']) {
      const attempt = ensureFirstAdmin({
        db: t.database.db,
        env: { ADMIN_EMAIL: 'chefe.ops@clinica.com.br', ADMIN_PASSWORD: weak },
        print,
      });
      await expect(attempt).rejects.toThrow(
        `ADMIN_PASSWORD: primeiro administrador recusado: ${passwordMessages.weak}`,
      );
      await attempt.catch((error: Error) => expect(error.message).not.toContain(weak));
    }
    expect(printed).toEqual([]);
    expect(await t.database.db.select().from(adminUsers)).toHaveLength(0);
  });

  it('is created with a random password printed once when no variables are set', async () => {
    t = await createTestApp();
    const { printed, print } = capture();
    const { created } = await ensureFirstAdmin({ db: t.database.db, env: {}, print });
    expect(created).toMatchObject({
      username: 'admin',
      email: 'admin@medipay.local',
      role: 'admin_master',
    });
    expect(printed).toHaveLength(1);
    const password = /Senha: {3}([A-Za-z0-9_-]+)/.exec(printed[0]!)?.[1];
    expect(password).toHaveLength(24);
    expect(printed[0]).toContain('admin@medipay.local');
    await loginTestAdmin(t, 'admin', password!);

    await ensureFirstAdmin({ db: t.database.db, env: {}, print });
    expect(printed).toHaveLength(1);
    expect(await t.database.db.select().from(adminUsers)).toHaveLength(1);
  });

  it('is created once when two processes start at the same time', async () => {
    t = await createTestApp();
    const { printed, print } = capture();
    const db = t.database.db;
    const results = await Promise.all([
      ensureFirstAdmin({ db, env: {}, print }),
      ensureFirstAdmin({ db, env: {}, print }),
    ]);
    expect(results.filter((result) => result.created !== null)).toHaveLength(1);
    expect(printed).toHaveLength(1);
    expect(await db.select().from(adminUsers)).toHaveLength(1);
  });

  it('is created once when processes with different settings start together', async () => {
    const database = await createTestDatabase();
    // On PostgreSQL each "process" has its own pool; PGlite has one connection.
    const handles = database.url
      ? await Promise.all([1, 2, 3].map(() => createDb({ url: database.url!, poolSize: 2 })))
      : [database, database, database];
    try {
      const { printed, print } = capture();
      const password = 'senha-do-operador-123';
      const settings = [
        {},
        { ADMIN_EMAIL: 'ana.ops@clinica.com.br', ADMIN_PASSWORD: password },
        { ADMIN_EMAIL: 'bruno.ops@clinica.com.br', ADMIN_PASSWORD: password },
      ];
      const results = await Promise.all(
        handles.map((handle, i) => ensureFirstAdmin({ db: handle.db, env: settings[i]!, print })),
      );
      const created = results.flatMap((result) => (result.created ? [result.created] : []));
      expect(created).toHaveLength(1);
      expect(await database.db.select().from(adminUsers)).toHaveLength(1);
      const audit = await database.db
        .select()
        .from(adminActions)
        .where(eq(adminActions.action, adminAuditActions.accountCreated));
      expect(audit).toHaveLength(1);
      // Only the account with a random password prints it.
      expect(printed).toHaveLength(created[0]!.username === 'admin' ? 1 : 0);
    } finally {
      for (const handle of new Set(handles)) if (handle !== database) await handle.close();
      await database.close();
    }
  });

  it('derives a valid username from any e-mail', () => {
    expect(usernameFromEmail('Maria.Silva@x.com')).toBe('maria.silva');
    expect(usernameFromEmail('jo@x.com')).toBe('admin');
    expect(usernameFromEmail(`${'a'.repeat(60)}@x.com`)).toHaveLength(40);
  });

  it('prints in a box', () => {
    expect(boxed('ab\nc')).toBe('+----+\n| ab |\n| c  |\n+----+\n');
  });
});
