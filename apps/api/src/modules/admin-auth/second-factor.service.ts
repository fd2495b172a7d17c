import type { Database } from '@medipay/db/client';
import {
  adminAuditActions,
  adminMessages,
  type RecoveryCodes,
  type SecondFactorCode,
  type TotpSetup,
} from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../lib/clock';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import type { AuthenticatedAdmin } from './admin-request';
import type { AdminAuth, AdminLogin } from './admin-auth.service';
import { deleteAdminSession, releaseLoginAttempt } from './admin-sessions.repository';
import { findAdminUserById, type AdminUserRow } from './admin-users.repository';
import {
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpEnrolment,
  totpStepOf,
} from './second-factor';
import {
  acceptTotpStep,
  confirmTotpSecret,
  setPendingTotpSecret,
  useRecoveryCode,
} from './second-factor.repository';

export type SecondFactorRequest = {
  admin: AuthenticatedAdmin;
  ip: string;
  userAgent: string | null;
};

export type SecondFactor = {
  /**
   * Completes a login in the `second_factor` stage with the authenticator's code (one step of
   * drift, never a step already used) or an unused recovery code: the pending session is
   * replaced by a complete one (a new token). Attempts are throttled as logins are (429);
   * a wrong code is 400 and audited as a failed login.
   */
  verify: (request: SecondFactorRequest, input: SecondFactorCode) => Promise<AdminLogin>;
  /**
   * A new secret to enrol, kept pending until a first code confirms it (replacing any earlier
   * pending one). 409 when the account already has a second factor: only a master resets it.
   */
  setup: (admin: AuthenticatedAdmin) => Promise<TotpSetup>;
  /**
   * Confirms the pending secret with its first code: it becomes the account's second factor,
   * with ten new recovery codes (returned once). A session in the `enrolment` stage becomes a
   * complete one (`login`, a new token). Throttled and audited like verify.
   */
  confirm: (
    request: SecondFactorRequest,
    code: string,
  ) => Promise<RecoveryCodes & { login: AdminLogin | null }>;
};

const accountKeyOf = (userId: string) => `second-factor:${userId}`;

export function createSecondFactor(deps: {
  db: Database;
  clock: Clock;
  auth: AdminAuth;
  box: SecretBox;
}): SecondFactor {
  const { db, clock, auth, box } = deps;

  const accountOf = async (admin: AuthenticatedAdmin): Promise<AdminUserRow> => {
    const user = await findAdminUserById(db, admin.user.id);
    if (!user) throw new AppError(errorCodes.unauthorized, adminMessages.sessionRequired, 401);
    return user;
  };

  const refuse = async (
    user: AdminUserRow,
    ip: string,
    note: string,
    message: string,
  ): Promise<never> => {
    await recordAdminAction(db, {
      adminUserId: user.id,
      adminEmail: user.email,
      action: adminAuditActions.loginFailed,
      observacoes: note,
      ip,
      createdAt: clock.now(),
    });
    throw new AppError(errorCodes.invalidCode, message, 400);
  };

  return {
    verify: async ({ admin, ip, userAgent }, input) => {
      const user = await accountOf(admin);
      const attemptId = await auth.reserveAttempt(accountKeyOf(user.id), user, user.email, ip);
      const now = clock.now();
      if (user.totpSecret === null) {
        // Reset by a master after this session began: the login starts over.
        throw new AppError(errorCodes.unauthorized, adminMessages.sessionRequired, 401);
      }
      if ('recoveryCode' in input) {
        const hash = recoveryCodeHash(user.id, input.recoveryCode);
        const login = await db.transaction(async (tx) => {
          if (!(await useRecoveryCode(tx, user.id, hash, now))) return null;
          await deleteAdminSession(tx, admin.sessionId);
          await recordAdminAction(tx, {
            adminUserId: user.id,
            adminEmail: user.email,
            action: adminAuditActions.recoveryCodeUsed,
            ip,
            createdAt: now,
          });
          return auth.openSession(tx, {
            user,
            stage: 'complete',
            ip,
            userAgent,
            attemptId,
            auditNote: 'Com código de recuperação',
          });
        });
        if (login) return login;
        return refuse(
          user,
          ip,
          'Senha correta; código de recuperação inválido ou já usado',
          adminMessages.invalidRecoveryCode,
        );
      }

      const step = totpStepOf(box.open(user.totpSecret), input.code, now);
      const login =
        step === null
          ? null
          : await db.transaction(async (tx) => {
              if (!(await acceptTotpStep(tx, user.id, step))) return null;
              await deleteAdminSession(tx, admin.sessionId);
              return auth.openSession(tx, { user, stage: 'complete', ip, userAgent, attemptId });
            });
      if (login) return login;
      return refuse(
        user,
        ip,
        step === null
          ? 'Senha correta; código de verificação incorreto'
          : 'Senha correta; código de verificação já usado',
        adminMessages.invalidCode,
      );
    },

    setup: async (admin) => {
      const user = await accountOf(admin);
      if (user.totpSecret !== null) {
        throw new AppError(errorCodes.conflict, adminMessages.alreadyEnrolled, 409);
      }
      const secret = newTotpSecret();
      await setPendingTotpSecret(db, user.id, box.seal(secret));
      return { secret, ...(await totpEnrolment(secret, user.email)) };
    },

    confirm: async ({ admin, ip, userAgent }, code) => {
      const user = await accountOf(admin);
      if (user.totpSecret !== null) {
        throw new AppError(errorCodes.conflict, adminMessages.alreadyEnrolled, 409);
      }
      const sealedPending = user.totpPendingSecret;
      if (sealedPending === null) {
        throw new AppError(errorCodes.conflict, adminMessages.noPendingEnrolment, 409);
      }
      const attemptId = await auth.reserveAttempt(accountKeyOf(user.id), user, user.email, ip);
      const now = clock.now();
      const step = totpStepOf(box.open(sealedPending), code, now);
      if (step === null) {
        return refuse(
          user,
          ip,
          'Cadastro do aplicativo autenticador: código incorreto',
          adminMessages.invalidCode,
        );
      }
      const recoveryCodes = newRecoveryCodes();
      const outcome = await db.transaction(async (tx) => {
        const confirmed = await confirmTotpSecret(tx, user.id, {
          sealedPending,
          step,
          at: now,
          recoveryCodeHashes: recoveryCodes.map((recovery) => recoveryCodeHash(user.id, recovery)),
        });
        if (!confirmed) return null;
        await recordAdminAction(tx, {
          adminUserId: user.id,
          adminEmail: user.email,
          action: adminAuditActions.secondFactorEnrolled,
          ip,
          createdAt: now,
        });
        if (admin.stage !== 'enrolment') {
          await releaseLoginAttempt(tx, attemptId);
          return { login: null };
        }
        await deleteAdminSession(tx, admin.sessionId);
        const enrolled = { ...user, totpSecret: sealedPending, totpPendingSecret: null };
        return {
          login: await auth.openSession(tx, {
            user: enrolled,
            stage: 'complete',
            ip,
            userAgent,
            attemptId,
          }),
        };
      });
      if (!outcome) throw new AppError(errorCodes.conflict, adminMessages.noPendingEnrolment, 409);
      return { recoveryCodes, login: outcome.login };
    },
  };
}
