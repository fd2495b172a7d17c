import { sql } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { createAdminUserSchema, type CreateAdminUser } from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import type { Env } from '../../config/env';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { createAdminAccounts, type AdminActor } from './admin-accounts.service';
import { hasAnyAdminUser, type AdminUserRow } from './admin-users.repository';
import { generatePassword } from './passwords';

/** The audit actor of the account created at the first start. */
export const firstStartActor: AdminActor = { id: null, email: 'sistema (primeira inicialização)' };

export const defaultFirstAdmin = { username: 'admin', email: 'admin@medipay.local' } as const;

/**
 * The key of the transaction advisory lock under which the first admin is looked for and created
 * ("medipay" in ASCII, then 2; the migrations hold 1): processes that start together decide one
 * after the other, even when their ADMIN_EMAIL differ.
 */
const FIRST_ADMIN_LOCK_KEY = '7882817126801701122';

/** The username derived from an e-mail: its local part, reduced to the allowed characters. */
export function usernameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '.')
    .slice(0, 40);
  return local.length >= 3 ? local : defaultFirstAdmin.username;
}

/**
 * On an empty admin_users table, creates the first admin_master: from ADMIN_EMAIL and
 * ADMIN_PASSWORD when set (refused, stopping the start, when shorter than the minimum or weak for
 * the account: see password-strength.ts), otherwise 'admin' with a random password handed once
 * to `print`.
 * Does nothing when any account exists; processes starting at once create one account: the
 * check and the creation run in one transaction under an advisory lock, so the others wait and
 * then find it (and print nothing).
 */
export async function ensureFirstAdmin(deps: {
  db: Database;
  env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>;
  clock?: Clock;
  print: (message: string) => void;
}): Promise<{ created: AdminUserRow | null }> {
  const { db, env, print } = deps;
  const fromEnv = env.ADMIN_EMAIL !== undefined && env.ADMIN_PASSWORD !== undefined;
  const password = fromEnv ? env.ADMIN_PASSWORD! : generatePassword();
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    if (await hasAnyAdminUser(tx)) return null;

    const parsed = createAdminUserSchema.safeParse({
      name: 'Administrador',
      email: fromEnv ? env.ADMIN_EMAIL : defaultFirstAdmin.email,
      username: fromEnv ? usernameFromEmail(env.ADMIN_EMAIL!) : defaultFirstAdmin.username,
      role: 'admin_master',
      password,
    });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => issue.message).join('; ');
      throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: primeiro administrador recusado: ${issues}`);
    }
    const input: CreateAdminUser = parsed.data;

    // Inside the locked transaction (a savepoint there): on PGlite, with its one connection,
    // another transaction would wait for this one forever.
    const accounts = createAdminAccounts({
      db: tx as unknown as Database,
      clock: deps.clock ?? systemClock,
    });
    try {
      return await accounts.create(input, firstStartActor);
    } catch (error) {
      // Created meanwhile without the lock (`npm run admin` at that very moment): nothing to do.
      if (error instanceof AppError && error.code === errorCodes.conflict) return null;
      // A weak ADMIN_PASSWORD stops the start: the operator chose it and must choose another.
      if (error instanceof AppError && error.code === errorCodes.validation) {
        throw new Error(`ADMIN_PASSWORD: primeiro administrador recusado: ${error.message}`);
      }
      throw error;
    }
  });
  if (!created) return { created: null };
  if (!fromEnv) {
    print(
      [
        'Primeiro administrador master criado.',
        '',
        `  Usuário: ${created.username}`,
        `  E-mail:  ${created.email}`,
        `  Senha:   ${password}`,
        '',
        'Guarde esta senha agora: ela não será mostrada de novo.',
        'Para trocá-la: npm run admin -- reset-password --user admin',
      ].join('\n'),
    );
  }
  return { created };
}

/** Draws a message in a box, for the terminal. */
export function boxed(message: string): string {
  const lines = message.split('\n');
  const width = Math.max(...lines.map((line) => line.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return [border, ...lines.map((line) => `| ${line.padEnd(width)} |`), border, ''].join('\n');
}
