import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Database } from '@medipay/db/client';
import {
  adminAuditActions,
  adminMessages,
  adminRoleValues,
  LOGIN_FAILURES_PER_IP,
  LOGIN_FAILURES_PER_SOURCE,
  LOGIN_KNOWN_SOURCE_MS,
  LOGIN_PACING_AFTER_FAILURES,
  LOGIN_PACING_INTERVAL_MS,
  LOGIN_THROTTLE_WINDOW_MS,
  ADMIN_PENDING_SESSION_TTL_MS,
  type AdminSessionStage,
} from '@medipay/shared/admin';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { ADMIN_SESSION_TTL_MS } from '@medipay/shared/constants';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../messaging/outbox.repository';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import type { AuthenticatedAdmin } from './admin-request';
import {
  deleteAdminSession,
  findAdminSessionByTokenHash,
  insertAdminSession,
  releaseLoginAttempt,
  reserveLoginAttempt,
  type LoginRefusal,
  type LoginThrottleLimits,
} from './admin-sessions.repository';
import {
  findAdminUserByCredential,
  setAdminLastLoginAt,
  type AdminUserRow,
} from './admin-users.repository';
import { dummyPasswordHash, verifyPassword } from './passwords';

/**
 * The session cookie: `__Host-` (Secure, Path=/, no Domain: bound to this exact origin) when the
 * portal is served over HTTPS; a plain name over HTTP, where browsers refuse Secure cookies.
 */
export function adminCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? '__Host-medipay_admin' : 'medipay_admin';
}

const throttleLimits: LoginThrottleLimits = {
  windowMs: LOGIN_THROTTLE_WINDOW_MS,
  perSource: LOGIN_FAILURES_PER_SOURCE,
  perIp: LOGIN_FAILURES_PER_IP,
  pacingAfter: LOGIN_PACING_AFTER_FAILURES,
  pacingIntervalMs: LOGIN_PACING_INTERVAL_MS,
  knownSourceMs: LOGIN_KNOWN_SOURCE_MS,
};

/** The audit's note on a refused login. */
export const loginRefusalNotes: Record<LoginRefusal, string> = {
  source: 'Limite de tentativas da conta a partir deste IP atingido',
  pacing: 'Conta com muitas falhas recentes: intervalo mínimo entre tentativas',
  ip: 'Limite de tentativas do IP atingido',
};

/** 32 random bytes, base64url: 43 characters. Only their SHA-256 is stored. */
const TOKEN_BYTES = 32;
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type LoginAttempt = {
  credential: string;
  password: string;
  ip: string;
  userAgent: string | null;
};

/** A session just opened: its token (for the cookie), its end, its account and its stage. */
export type AdminLogin = {
  token: string;
  expiresAt: Date;
  user: AdminUserRow;
  stage: AdminSessionStage;
};

export type AdminAuth = {
  cookieName: string;
  /**
   * Checks a login: 429 with Retry-After when the throttle refuses it (see reserveLoginAttempt:
   * the IP's budget for the account, which is its e-mail and username together or the typed
   * credential when no account has it; the IP's budget for all accounts; the account's pace),
   * 401 for an unknown account or a wrong password (same answer, same work), 403 for a correct
   * password of an account that may not enter. The attempt is reserved before the password
   * check, so parallel attempts cannot overrun a limit. Every outcome is audited.
   *
   * A right password of an account with a second factor opens a `second_factor` session, and of
   * an account without one where it is required (REQUIRE_ADMIN_MFA) an `enrolment` session: both
   * last minutes and reach only the second factor's routes (second-factor.service.ts).
   */
  login: (attempt: LoginAttempt) => Promise<AdminLogin>;
  /**
   * Reserves an attempt of `accountKey` from `ip` under the login throttle (429 and audited when
   * refused); its id, to release it when the attempt succeeds.
   */
  reserveAttempt: (
    accountKey: string,
    user: AdminUserRow | null,
    credential: string,
    ip: string,
  ) => Promise<string>;
  /**
   * Within `tx`: opens a session of `stage` for `user` (a complete one also records the login:
   * last login time, the throttle attempt released, LOGIN_SUCESSO audited).
   */
  openSession: (
    tx: Executor,
    opening: {
      user: AdminUserRow;
      stage: AdminSessionStage;
      ip: string;
      userAgent: string | null;
      attemptId: string;
      auditNote?: string;
    },
  ) => Promise<AdminLogin>;
  /**
   * The admin of a complete session's cookie token, or null (no, unknown or expired session, or
   * a login that still owes its second factor): what every check outside the admin API uses.
   */
  authenticate: (token: string | undefined) => Promise<AuthenticatedAdmin | null>;
  /**
   * The same, for a session of any stage: the admin API's guard, which lets a pending login
   * reach only the routes of its stage.
   */
  authenticateAnyStage: (token: string | undefined) => Promise<AuthenticatedAdmin | null>;
  /** Ends the session and audits the logout. */
  logout: (admin: AuthenticatedAdmin, ip: string) => Promise<void>;
  setCookie: (reply: FastifyReply, login: AdminLogin) => void;
  clearCookie: (reply: FastifyReply) => void;
};

export function createAdminAuth(deps: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  /** REQUIRE_ADMIN_MFA: an account without a second factor must enrol one at login. */
  requireSecondFactor: boolean;
}): AdminAuth {
  const { db, clock } = deps;
  const cookieName = adminCookieName(deps.publicUrl);
  const secure = deps.publicUrl.startsWith('https://');
  const cookieOptions = { httpOnly: true, sameSite: 'strict', secure, path: '/' } as const;

  /**
   * Reserves this attempt before the password is checked (see reserveLoginAttempt), or refuses
   * it (429, audited, not counted). The e-mail and the username of an account are one key.
   */
  const reserve = async (
    accountKey: string,
    credential: string,
    user: AdminUserRow | null,
    ip: string,
    now: Date,
  ): Promise<string> => {
    const reservation = await reserveLoginAttempt(
      db,
      { accountKey, ip, userId: user?.id ?? null },
      now,
      throttleLimits,
    );
    if (reservation.reserved) return reservation.id;
    await recordAdminAction(db, {
      adminUserId: user?.id ?? null,
      adminEmail: credential,
      action: adminAuditActions.loginThrottled,
      observacoes: loginRefusalNotes[reservation.limitedBy],
      ip,
      createdAt: now,
    });
    const retryAfterMs = reservation.blockedUntil.getTime() - now.getTime();
    throw new AppError(errorCodes.rateLimited, genericMessages.rateLimited, 429, {
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    });
  };

  const recordFailure = (
    credential: string,
    userId: string | null,
    ip: string,
    reason: string,
    now: Date,
  ) =>
    recordAdminAction(db, {
      adminUserId: userId,
      adminEmail: credential,
      action: adminAuditActions.loginFailed,
      observacoes: reason,
      ip,
      createdAt: now,
    });

  const openSession: AdminAuth['openSession'] = async (tx, opening) => {
    const { user, stage, ip } = opening;
    const now = clock.now();
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const ttl = stage === 'complete' ? ADMIN_SESSION_TTL_MS : ADMIN_PENDING_SESSION_TTL_MS;
    const expiresAt = new Date(now.getTime() + ttl);
    await insertAdminSession(tx, {
      adminUserId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
      ip,
      userAgent: opening.userAgent?.slice(0, 512) ?? null,
      stage,
    });
    await releaseLoginAttempt(tx, opening.attemptId);
    if (stage !== 'complete') return { token, expiresAt, user, stage };
    await setAdminLastLoginAt(tx, user.id, now);
    await recordAdminAction(tx, {
      adminUserId: user.id,
      adminEmail: user.email,
      action: adminAuditActions.loginSucceeded,
      observacoes: opening.auditNote ?? null,
      ip,
      createdAt: now,
    });
    return { token, expiresAt, user: { ...user, lastLoginAt: now }, stage };
  };

  const authenticateAnyStage: AdminAuth['authenticateAnyStage'] = async (token) => {
    if (!token || !tokenPattern.test(token)) return null;
    const found = await findAdminSessionByTokenHash(db, hashToken(token));
    if (!found) return null;
    const { session, user } = found;
    if (session.expiresAt.getTime() <= clock.now().getTime()) {
      await deleteAdminSession(db, session.id);
      return null;
    }
    // Deactivation deletes the sessions; this holds even for a row changed by hand.
    if (!user.active || !adminRoleValues.includes(user.role)) return null;
    return {
      sessionId: session.id,
      expiresAt: session.expiresAt,
      stage: session.stage,
      user: {
        id: user.id,
        email: user.email,
        username: user.username,
        name: user.name,
        role: user.role,
      },
    };
  };

  return {
    cookieName,

    login: async ({ password, ip, userAgent, ...attempt }) => {
      const credential = attempt.credential.trim().toLowerCase();
      const now = clock.now();
      const user = await findAdminUserByCredential(db, credential);
      const accountKey = user ? `user:${user.id}` : `credential:${credential}`;
      const attemptId = await reserve(accountKey, credential, user, ip, now);

      // An unknown account costs the same verification as a known one.
      const passwordOk = await verifyPassword(user?.passwordHash ?? dummyPasswordHash, password);
      if (!user || !passwordOk) {
        await recordFailure(
          credential,
          user?.id ?? null,
          ip,
          user ? 'Senha incorreta' : 'Conta inexistente',
          now,
        );
        throw new AppError(errorCodes.unauthorized, adminMessages.invalidCredentials, 401);
      }
      if (!user.active || !adminRoleValues.includes(user.role)) {
        await recordFailure(
          credential,
          user.id,
          ip,
          user.active ? 'Perfil sem acesso' : 'Conta desativada',
          now,
        );
        throw new AppError(errorCodes.forbidden, adminMessages.accessDenied, 403);
      }

      const stage: AdminSessionStage =
        user.totpSecret !== null
          ? 'second_factor'
          : deps.requireSecondFactor
            ? 'enrolment'
            : 'complete';
      return db.transaction((tx) => openSession(tx, { user, stage, ip, userAgent, attemptId }));
    },

    reserveAttempt: (accountKey, user, credential, ip) =>
      reserve(accountKey, credential, user, ip, clock.now()),

    openSession: (tx, opening) => openSession(tx, opening),

    authenticate: async (token) => {
      const admin = await authenticateAnyStage(token);
      return admin?.stage === 'complete' ? admin : null;
    },

    authenticateAnyStage,

    logout: async (admin, ip) => {
      await db.transaction(async (tx) => {
        await deleteAdminSession(tx, admin.sessionId);
        await recordAdminAction(tx, {
          adminUserId: admin.user.id,
          adminEmail: admin.user.email,
          action: adminAuditActions.logout,
          ip,
          createdAt: clock.now(),
        });
      });
    },

    setCookie: (reply, login) => {
      const remainingMs = login.expiresAt.getTime() - clock.now().getTime();
      reply.setCookie(cookieName, login.token, {
        ...cookieOptions,
        maxAge: Math.max(0, Math.floor(remainingMs / 1000)),
      });
    },

    clearCookie: (reply) => {
      reply.clearCookie(cookieName, cookieOptions);
    },
  };
}
