import type { Database } from '@medipay/db/client';
import {
  adminAuditActions,
  adminMessages,
  type AdminUser,
  type CreateAdminUser,
} from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { passwordMessages } from '@medipay/shared/messages';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/database-errors';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import { deleteAdminSessionsOfUser } from './admin-sessions.repository';
import {
  deactivateAdminUser,
  findAdminUserByCredential,
  findAdminUserById,
  insertAdminUser,
  listAdminUsers,
  lockActiveMasterIds,
  setAdminPasswordHash,
  type AdminUserRow,
} from './admin-users.repository';
import { clearSecondFactor } from './second-factor.repository';
import { isStrongPassword, type PasswordOwner } from './password-strength';
import { hashPassword } from './passwords';

/**
 * Who changes an account, for the audit trail: a logged-in admin (the server's own session
 * record), or the operator's command line / the first start (id null, a descriptive label).
 */
export type AdminActor = { id: string | null; email: string; ip?: string | null };

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    name: row.name,
    role: row.role,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    secondFactor: row.totpSecret !== null,
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError(errorCodes.notFound, adminMessages.accountNotFound, 404);

/** 400 with the Portuguese message when the strength estimate finds the password easy to guess. */
async function requireStrongPassword(password: string, owner: PasswordOwner): Promise<void> {
  if (!(await isStrongPassword(password, owner))) {
    throw new AppError(errorCodes.validation, passwordMessages.weak, 400);
  }
}

/** The management of admin accounts, shared by the API (admin_master) and the operator CLI. */
export type AdminAccounts = {
  list: () => Promise<AdminUserRow[]>;
  findById: (id: string) => Promise<AdminUserRow | null>;
  /** By e-mail or username, case-insensitive. */
  findByCredential: (credential: string) => Promise<AdminUserRow | null>;
  /**
   * 400 when the password is weak for this account (password-strength.ts: the one check of the
   * API, the command line and the first start); 409 duplicateAccount when the e-mail or the
   * username is taken.
   */
  create: (input: CreateAdminUser, actor: AdminActor) => Promise<AdminUserRow>;
  /**
   * Deactivates an account and ends its sessions. 404 for an unknown id; 409 for the actor's
   * own account and for the last active master. An inactive account is returned as it is.
   */
  deactivate: (id: string, actor: AdminActor) => Promise<AdminUserRow>;
  /**
   * Sets a new password (its length already validated) and ends the account's sessions. 404 when
   * unknown; 400 when the password is weak for this account.
   */
  resetPassword: (id: string, password: string, actor: AdminActor) => Promise<AdminUserRow>;
  /**
   * Removes the account's second factor (its authenticator secret and recovery codes) and ends
   * its sessions: at the next login it enrols again, or logs in with the password alone where
   * REQUIRE_ADMIN_MFA is off. 404 when unknown. Audited.
   */
  resetSecondFactor: (id: string, actor: AdminActor) => Promise<AdminUserRow>;
};

export function createAdminAccounts(deps: { db: Database; clock: Clock }): AdminAccounts {
  const { db, clock } = deps;

  return {
    list: () => listAdminUsers(db),
    findById: async (id) => (uuidPattern.test(id) ? findAdminUserById(db, id) : null),
    findByCredential: (credential) => findAdminUserByCredential(db, credential),

    create: async (input, actor) => {
      await requireStrongPassword(input.password, input);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const user = await insertAdminUser(tx, {
            email: input.email.trim().toLowerCase(),
            username: input.username.trim().toLowerCase(),
            name: input.name.trim(),
            role: input.role,
            passwordHash,
            createdAt: now,
          });
          await recordAdminAction(tx, {
            adminUserId: actor.id,
            adminEmail: actor.email,
            action: adminAuditActions.accountCreated,
            observacoes: `Conta criada: ${user.email} (${user.role})`,
            ip: actor.ip ?? null,
            createdAt: now,
          });
          return user;
        });
      } catch (error) {
        if (uniqueViolation(error) !== null) {
          throw new AppError(errorCodes.conflict, adminMessages.duplicateAccount, 409);
        }
        throw error;
      }
    },

    deactivate: async (id, actor) => {
      if (!uuidPattern.test(id)) throw notFound();
      const now = clock.now();
      return db.transaction(async (tx) => {
        const target = await findAdminUserById(tx, id);
        if (!target) throw notFound();
        if (actor.id === target.id) {
          throw new AppError(errorCodes.conflict, adminMessages.cannotDeactivateSelf, 409);
        }
        if (!target.active) return target;
        if (target.role === 'admin_master') {
          const masters = await lockActiveMasterIds(tx);
          if (!masters.some((masterId) => masterId !== target.id)) {
            throw new AppError(errorCodes.conflict, adminMessages.lastMaster, 409);
          }
        }
        const updated = await deactivateAdminUser(tx, id);
        await deleteAdminSessionsOfUser(tx, id);
        await recordAdminAction(tx, {
          adminUserId: actor.id,
          adminEmail: actor.email,
          action: adminAuditActions.accountDeactivated,
          observacoes: `Conta desativada: ${target.email}`,
          ip: actor.ip ?? null,
          createdAt: now,
        });
        return updated;
      });
    },

    resetPassword: async (id, password, actor) => {
      if (!uuidPattern.test(id)) throw notFound();
      const owner = await findAdminUserById(db, id);
      if (!owner) throw notFound();
      await requireStrongPassword(password, owner);
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const target = await findAdminUserById(tx, id);
        if (!target) throw notFound();
        await setAdminPasswordHash(tx, id, passwordHash);
        await deleteAdminSessionsOfUser(tx, id);
        await recordAdminAction(tx, {
          adminUserId: actor.id,
          adminEmail: actor.email,
          action: adminAuditActions.passwordReset,
          observacoes: `Senha redefinida: ${target.email}`,
          ip: actor.ip ?? null,
          createdAt: now,
        });
        return { ...target, passwordHash };
      });
    },

    resetSecondFactor: async (id, actor) => {
      if (!uuidPattern.test(id)) throw notFound();
      return db.transaction(async (tx) => {
        const target = await findAdminUserById(tx, id);
        if (!target) throw notFound();
        const updated = await clearSecondFactor(tx, id);
        await deleteAdminSessionsOfUser(tx, id);
        await recordAdminAction(tx, {
          adminUserId: actor.id,
          adminEmail: actor.email,
          action: adminAuditActions.secondFactorReset,
          observacoes: `Verificação em duas etapas redefinida: ${target.email}`,
          ip: actor.ip ?? null,
          createdAt: clock.now(),
        });
        return updated;
      });
    },
  };
}
