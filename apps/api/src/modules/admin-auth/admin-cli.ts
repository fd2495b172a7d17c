import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { Database } from '@medipay/db/client';
import {
  adminRoleLabels,
  createAdminUserSchema,
  resetAdminPasswordSchema,
} from '@medipay/shared/admin';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { createAdminAccounts, type AdminActor } from './admin-accounts.service';
import type { AdminUserRow } from './admin-users.repository';
import { boxed } from './first-admin';
import { generatePassword } from './passwords';

export type CliOutput = { out: (text: string) => void; err: (text: string) => void };

export const adminCliUsage = `Uso: npm run admin -- <comando> [opções]

Comandos:
  create --email E --username U --name N --role admin_master|admin_mini [--password P]
      Cria um administrador (sem --password, uma senha aleatória é gerada e mostrada).
  reset-password --user EMAIL_OU_USUARIO [--password P]
      Redefine a senha (sem --password, gera uma) e encerra as sessões da conta.
  reset-second-factor --user EMAIL_OU_USUARIO
      Remove o aplicativo autenticador e os códigos de recuperação da conta e encerra as suas
      sessões (no próximo login, a conta cadastra o aplicativo de novo).
  deactivate --user EMAIL_OU_USUARIO
      Desativa a conta e encerra as suas sessões.
  list
      Lista os administradores.
`;

const options = {
  email: { type: 'string' },
  username: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  password: { type: 'string' },
  user: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The audit actor of the command line: the operating-system account that ran it. */
function cliActor(): AdminActor {
  let name = 'desconhecido';
  try {
    name = userInfo().username;
  } catch {
    // no passwd entry (some containers)
  }
  return { id: null, email: `linha de comando (${name})` };
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .map(
      (issue) => `  - ${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`,
    )
    .join('\n');
}

function describe(user: AdminUserRow): string {
  return `${user.email} (usuário ${user.username}, ${adminRoleLabels[user.role]})`;
}

function passwordBox(password: string): string {
  return boxed(`Senha: ${password}\nGuarde-a agora: ela não será mostrada de novo.`);
}

/**
 * The operators' command line for admin accounts, on an open database; the exit code. Uses the
 * same service as the API, so the rules (unique e-mail and username, last master) are the same.
 */
export async function runAdminCli(
  args: string[],
  deps: { db: Database; clock?: Clock; output: CliOutput },
): Promise<number> {
  const { out, err } = deps.output;
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n\n${adminCliUsage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (values.help || command === 'help') {
    out(adminCliUsage);
    return 0;
  }
  if (!command || extra.length > 0) {
    err(
      `${command ? `Argumentos inesperados: ${extra.join(' ')}` : 'Informe um comando.'}\n\n${adminCliUsage}`,
    );
    return 2;
  }

  const accounts = createAdminAccounts({ db: deps.db, clock: deps.clock ?? systemClock });
  const actor = cliActor();

  const findUser = async () => {
    if (!values.user) {
      err('Informe a conta com --user (e-mail ou usuário).\n');
      return null;
    }
    const user = await accounts.findByCredential(values.user);
    if (!user) err('Administrador não encontrado.\n');
    return user;
  };

  try {
    switch (command) {
      case 'create': {
        const generated = values.password === undefined;
        const input = createAdminUserSchema.safeParse({
          email: values.email,
          username: values.username,
          name: values.name,
          role: values.role,
          password: values.password ?? generatePassword(),
        });
        if (!input.success) {
          err(`Dados inválidos:\n${issuesOf(input.error)}\n`);
          return 1;
        }
        const user = await accounts.create(input.data, actor);
        out(`Administrador criado: ${describe(user)}\n`);
        if (generated) out(passwordBox(input.data.password));
        return 0;
      }
      case 'reset-password': {
        const user = await findUser();
        if (!user) return 1;
        const generated = values.password === undefined;
        const input = resetAdminPasswordSchema.safeParse({
          password: values.password ?? generatePassword(),
        });
        if (!input.success) {
          err(`Dados inválidos:\n${issuesOf(input.error)}\n`);
          return 1;
        }
        await accounts.resetPassword(user.id, input.data.password, actor);
        out(`Senha redefinida: ${describe(user)}. As sessões abertas da conta foram encerradas.\n`);
        if (generated) out(passwordBox(input.data.password));
        return 0;
      }
      case 'reset-second-factor': {
        const user = await findUser();
        if (!user) return 1;
        const had = user.totpSecret !== null;
        await accounts.resetSecondFactor(user.id, actor);
        out(
          had
            ? `Verificação em duas etapas redefinida: ${describe(user)}. As sessões abertas da conta foram encerradas.\n`
            : `A conta não tinha aplicativo autenticador: ${describe(user)}. As sessões abertas da conta foram encerradas.\n`,
        );
        return 0;
      }
      case 'deactivate': {
        const user = await findUser();
        if (!user) return 1;
        const wasActive = user.active;
        await accounts.deactivate(user.id, actor);
        out(
          wasActive
            ? `Administrador desativado: ${describe(user)}\n`
            : `A conta já estava desativada: ${describe(user)}\n`,
        );
        return 0;
      }
      case 'list': {
        const users = await accounts.list();
        if (users.length === 0) {
          out('Nenhum administrador cadastrado.\n');
          return 0;
        }
        const rows = [
          ['E-MAIL', 'USUÁRIO', 'NOME', 'PERFIL', 'SITUAÇÃO', '2 ETAPAS', 'ÚLTIMO LOGIN'],
          ...users.map((user) => [
            user.email,
            user.username,
            user.name,
            user.role,
            user.active ? 'ativo' : 'desativado',
            user.totpSecret === null ? 'não' : 'sim',
            user.lastLoginAt?.toISOString() ?? '-',
          ]),
        ];
        const widths = rows[0]!.map((_, column) =>
          Math.max(...rows.map((row) => row[column]!.length)),
        );
        out(
          rows
            .map((row) =>
              row
                .map((cell, column) => cell.padEnd(widths[column]!))
                .join('  ')
                .trimEnd(),
            )
            .join('\n') + '\n',
        );
        return 0;
      }
      default:
        err(`Comando desconhecido: ${command}\n\n${adminCliUsage}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof AppError) {
      err(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
