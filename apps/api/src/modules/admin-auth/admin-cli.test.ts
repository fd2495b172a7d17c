import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, adminRecoveryCodes } from '@medipay/db/schema';
import { adminAuditActions, adminMessages } from '@medipay/shared/admin';
import { passwordMessages } from '@medipay/shared/messages';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import { runAdminCli } from './admin-cli';
import { findAdminUserByCredential } from './admin-users.repository';
import { verifyPassword } from './passwords';
import { confirmTotpSecret, setPendingTotpSecret } from './second-factor.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function cli(...args: string[]) {
  let out = '';
  let err = '';
  const code = await runAdminCli(args, {
    db: database.db,
    output: { out: (text) => void (out += text), err: (text) => void (err += text) },
  });
  return { code, out, err };
}

const generatedPassword = (out: string) => /Senha: ([A-Za-z0-9_-]{24})/.exec(out)?.[1];

describe('npm run admin', () => {
  it('creates accounts, with a given or a generated password', async () => {
    const created = await cli(
      'create',
      '--email',
      'Ops@Medipay.test',
      '--username',
      'ops',
      '--name',
      'Operações',
      '--role',
      'admin_master',
    );
    expect(created, created.err).toMatchObject({ code: 0, err: '' });
    expect(created.out).toContain('Administrador criado: ops@medipay.test (usuário ops');
    const password = generatedPassword(created.out);
    expect(password).toBeDefined();
    const row = await findAdminUserByCredential(database.db, 'ops');
    expect(await verifyPassword(row!.passwordHash, password!)).toBe(true);

    const given = await cli(
      'create',
      '--email=mini@medipay.test',
      '--username=mini',
      '--name=Mini Admin',
      '--role=admin_mini',
      '--password=senha-informada-123',
    );
    expect(given.code).toBe(0);
    expect(given.out).not.toContain('Senha:');
    const mini = await findAdminUserByCredential(database.db, 'mini@medipay.test');
    expect(await verifyPassword(mini!.passwordHash, 'senha-informada-123')).toBe(true);

    const [audit] = await database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, adminAuditActions.accountCreated));
    expect(audit!.adminEmail).toMatch(/^linha de comando \(/);
  });

  it('refuses invalid data and duplicates, with the messages of the contract', async () => {
    const invalid = await cli('create', '--email', 'x', '--username', 'A B', '--role', 'root');
    expect(invalid.code).toBe(1);
    for (const message of [
      adminMessages.nameRequired,
      adminMessages.usernameFormat,
      adminMessages.roleRequired,
    ]) {
      expect(invalid.err).toContain(message);
    }
    const duplicate = await cli(
      'create',
      '--email=OPS@medipay.test',
      '--username=outro',
      '--name=Outro Nome',
      '--role=admin_mini',
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toContain(adminMessages.duplicateAccount);

    for (const weak of ['aaaaaaaaaaaa', 'password1234', 'contafraca2024']) {
      const refused = await cli(
        'create',
        '--email=fraca@medipay.test',
        '--username=fraca',
        '--name=Conta Fraca',
        '--role=admin_mini',
        `--password=${weak}`,
      );
      expect(refused, weak).toMatchObject({ code: 1, out: '' });
      expect(refused.err).toContain(passwordMessages.weak);
    }
    expect(await findAdminUserByCredential(database.db, 'fraca')).toBeNull();
  });

  it('lists the accounts', async () => {
    const { code, out } = await cli('list');
    expect(code).toBe(0);
    expect(out).toMatch(/^E-MAIL/);
    expect(out).toMatch(/ops@medipay\.test\s+ops\s+Operações\s+admin_master\s+ativo\s+não/);
    expect(out).toMatch(/mini@medipay\.test\s+mini\s+Mini Admin\s+admin_mini\s+ativo\s+não/);
  });

  it('resets a second factor: secret and recovery codes gone, audited', async () => {
    const mini = await findAdminUserByCredential(database.db, 'mini');
    await setPendingTotpSecret(database.db, mini!.id, 'v1.iv.corpo');
    expect(
      await confirmTotpSecret(database.db, mini!.id, {
        sealedPending: 'v1.iv.corpo',
        step: 1,
        at: new Date(),
        recoveryCodeHashes: ['a', 'b'],
      }),
    ).toBe(true);
    expect((await cli('list')).out).toMatch(/mini@medipay\.test.*ativo\s+sim/);

    const reset = await cli('reset-second-factor', '--user', 'mini');
    expect(reset, reset.err).toMatchObject({ code: 0, err: '' });
    expect(reset.out).toContain('Verificação em duas etapas redefinida: mini@medipay.test');
    const after = await findAdminUserByCredential(database.db, 'mini');
    expect(after).toMatchObject({ totpSecret: null, totpPendingSecret: null, totpLastStep: null });
    expect(
      await database.db
        .select()
        .from(adminRecoveryCodes)
        .where(eq(adminRecoveryCodes.adminUserId, mini!.id)),
    ).toEqual([]);
    const audits = await database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, adminAuditActions.secondFactorReset));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.adminEmail).toMatch(/^linha de comando/);

    const again = await cli('reset-second-factor', '--user', 'mini');
    expect(again.out).toContain('A conta não tinha aplicativo autenticador');
  });

  it('resets a password by e-mail or username', async () => {
    const reset = await cli('reset-password', '--user', 'MINI');
    expect(reset.code).toBe(0);
    expect(reset.out).toContain('Senha redefinida: mini@medipay.test');
    const password = generatedPassword(reset.out);
    const mini = await findAdminUserByCredential(database.db, 'mini');
    expect(await verifyPassword(mini!.passwordHash, password!)).toBe(true);

    const short = await cli('reset-password', '--user', 'mini', '--password', 'curta');
    expect(short.code).toBe(1);
    expect(short.err).toContain(adminMessages.passwordLength);
    const weak = await cli('reset-password', '--user', 'mini', '--password', 'miniadmin2024');
    expect(weak.code).toBe(1);
    expect(weak.err).toContain(passwordMessages.weak);
    const unchanged = await findAdminUserByCredential(database.db, 'mini');
    expect(await verifyPassword(unchanged!.passwordHash, password!)).toBe(true);
    const unknown = await cli('reset-password', '--user', 'ninguem');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain(adminMessages.accountNotFound);
  });

  it('deactivates an account, but never the last active master', async () => {
    const last = await cli('deactivate', '--user', 'ops');
    expect(last.code).toBe(1);
    expect(last.err).toContain(adminMessages.lastMaster);

    const mini = await cli('deactivate', '--user', 'mini@medipay.test');
    expect(mini.code).toBe(0);
    expect(mini.out).toContain('Administrador desativado: mini@medipay.test');
    expect((await cli('list')).out).toMatch(/mini@medipay\.test.*desativado/);
  });

  it('explains its usage and exits non-zero on a wrong command line', async () => {
    expect((await cli('--help')).out).toContain('Uso: npm run admin');
    for (const args of [[], ['apagar'], ['list', '--naoexiste'], ['list', 'extra']]) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toContain('Uso: npm run admin');
    }
    const missing = await cli('deactivate');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('--user');
  });
});
