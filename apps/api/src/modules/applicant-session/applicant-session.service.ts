import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@medipay/db/client';
import { errorCodes } from '@medipay/shared/api-error';
import {
  APPLICANT_SESSION_IDLE_MS,
  APPLICANT_SESSION_MAX_MS,
  verificationMessages,
  type ApplicantSession,
} from '@medipay/shared/applicant-session';
import { applicationErrorCodes } from '@medipay/shared/application-wire';
import {
  HANDOFF_API_PATH,
  HANDOFF_COOKIE,
  handoffHintCpf,
  handoffHintEmail,
  handoffHintFirstName,
  handoffMessages,
  type HandoffHint,
  type HandoffState,
} from '@medipay/shared/handoff';
import { randomUrlSafe } from '@medipay/shared/random';
import { generateSessionId, sessionIdFlow } from '@medipay/shared/session-id';
import type { Flow } from '@medipay/shared/status';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../messaging/outbox.repository';
import {
  completeHandoff,
  endApplicantSession,
  findApplicantSession,
  findApplicantSessionByToken,
  findHintSource,
  findLatestHandoff,
  findLiveHandoffByCredential,
  insertApplicantSession,
  insertHandoff,
  redeemHandoff,
  rotateApplicantSessionToken,
  touchApplicantSession,
  type ApplicantSessionRow,
} from './applicant-session.repository';

/** A link to continue on a phone works once, within this time. */
export const HANDOFF_TTL_MS = 10 * 60 * 1000;
/** The phone's credential lasts this long after the link was opened (less once the step is done). */
export const HANDOFF_ACCESS_TTL_MS = 30 * 60 * 1000;
/** The phone's credential cookie is sent to the phone's API only. */
export const HANDOFF_COOKIE_PATH = `/api${HANDOFF_API_PATH}`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/**
 * The hash kept of a session cookie's token (applicant_sessions.token_hash). A session's token
 * has the shape of a session id (`sess_...`, `pj_...`); the sessions made before tokens existed
 * had their id as their first token.
 */
export const hashSessionToken = hashToken;
/** Link tokens and phone credentials: 256 random bits, URL-safe. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** lastSeenAt is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

/** One cookie per flow: an applicant may have a PF and a PJ application open in one browser. */
export const sessionCookieNames = { PF: 'medipay_pf', PJ: 'medipay_pj' } as const satisfies Record<
  Flow,
  string
>;

/** What the browser may know: once the application was submitted, not even its contacts. */
export function toPublicSession(row: ApplicantSessionRow): ApplicantSession {
  if (row.submittedAt)
    return { flow: row.flow, verifiedEmail: null, verifiedPhone: null, submitted: true };
  return { flow: row.flow, verifiedEmail: row.verifiedEmail, verifiedPhone: row.verifiedPhone };
}

/**
 * A new token for a session (ARCHITECTURE.md departure 3: the cookie is the credential): written
 * in the transaction of what earned it (a verified code, the submission), sent once that
 * committed. The old cookie opens nothing from then on.
 */
export type SessionRotation = {
  /** Writes the new token; with `submittedAt`, the session opens the status page only. */
  apply: (executor: Executor, change?: { submittedAt?: Date }) => Promise<void>;
  /** After the commit: the new cookie (none when another request rotated the token first). */
  send: (reply: FastifyReply) => void;
};

export type ApplicantSessions = {
  /**
   * The session of the request's cookie for a flow while its application is not submitted; null
   * when there is none, it expired, or the application was sent (the cookie then opens only the
   * status page).
   */
  find: (request: FastifyRequest, flow: Flow) => Promise<ApplicantSessionRow | null>;
  /** Like find, but answers 401 without a live session and 403 once the application was sent. */
  require: (request: FastifyRequest, flow: Flow) => Promise<ApplicantSessionRow>;
  /** The live session of the request's cookie, sent or not; 401 without one. */
  requireLive: (request: FastifyRequest, flow: Flow) => Promise<ApplicantSessionRow>;
  /** The live session whose application was submitted (the status page's access), or null. */
  findSubmitted: (request: FastifyRequest, flow: Flow) => Promise<ApplicantSessionRow | null>;
  /** The request's live session (sent or not), or a new one set in the reply's cookie. */
  findOrCreate: (
    request: FastifyRequest,
    reply: FastifyReply,
    flow: Flow,
  ) => Promise<{ session: ApplicantSessionRow; created: boolean }>;
  /** A new token for the session of the request's cookie (see SessionRotation). */
  rotation: (session: ApplicantSessionRow) => SessionRotation;
  /**
   * 'Sair': ends the session of the request's cookie for a flow (on the server, so that the
   * cookie, or a copy of it, opens nothing on a shared computer) and clears the cookie.
   */
  end: (request: FastifyRequest, reply: FastifyReply, flow: Flow) => Promise<void>;
  /** A single-use token that lets a phone take the selfie step of this (PF) session. */
  createHandoff: (session: ApplicantSessionRow) => Promise<{ token: string; expiresAt: Date }>;
  /**
   * Spends a link token: sets the phone's credential cookie (never a session cookie); false when
   * the token is spent, expired or unknown, or the application was sent meanwhile.
   */
  redeemHandoff: (token: string, reply: FastifyReply) => Promise<boolean>;
  /**
   * The phone credential of the request, or 401 (in Portuguese) when there is no live one, or
   * the application was sent meanwhile.
   */
  requireHandoff: (request: FastifyRequest) => Promise<HandoffAccess>;
  /** Ends the phone's credential: its biometric check passed. */
  completeHandoff: (access: HandoffAccess) => Promise<void>;
  /** Whose application the phone continues, masked. */
  handoffHint: (access: HandoffAccess) => Promise<HandoffHint>;
  /** How the session's newest link stands (the desktop follows the phone with it). */
  handoffState: (session: ApplicantSessionRow) => Promise<HandoffState>;
};

/** What a phone credential grants: the selfie step of one PF session, for a while. */
export type HandoffAccess = {
  handoffId: string;
  session: ApplicantSessionRow;
  /** When the link was opened: what the phone uploaded is newer. */
  openedAt: Date;
  expiresInSeconds: number;
};

export function createApplicantSessions(deps: {
  db: Database;
  clock: Clock;
  secureCookies: boolean;
}): ApplicantSessions {
  const { db, clock } = deps;

  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.secureCookies,
    path: '/',
  } as const;

  /** The browser keeps the cookie until the session's absolute end. */
  const setCookie = (reply: FastifyReply, session: ApplicantSessionRow, token: string) =>
    reply.setCookie(sessionCookieNames[session.flow], token, {
      ...cookieOptions,
      maxAge: Math.max(
        0,
        Math.floor(
          (session.createdAt.getTime() + APPLICANT_SESSION_MAX_MS - clock.now().getTime()) / 1000,
        ),
      ),
    });

  /**
   * Neither ended with 'Sair', nor idle for too long, nor older than the absolute limit (both
   * limits in packages/shared/src/applicant-session.ts).
   */
  const alive = (session: ApplicantSessionRow, now: Date) =>
    !session.endedAt &&
    now.getTime() - session.lastSeenAt.getTime() <= APPLICANT_SESSION_IDLE_MS &&
    now.getTime() - session.createdAt.getTime() <= APPLICANT_SESSION_MAX_MS;

  /** The live session of the request's cookie for a flow, sent or not. */
  const live = async (request: FastifyRequest, flow: Flow) => {
    const token = request.cookies[sessionCookieNames[flow]];
    if (!token || sessionIdFlow(token) !== flow) return null;
    const session = await findApplicantSessionByToken(db, hashToken(token));
    if (!session || session.flow !== flow) return null;
    const now = clock.now();
    if (!alive(session, now)) return null;
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchApplicantSession(db, session.id, now);
      session.lastSeenAt = now;
    }
    return session;
  };

  const sessionRequired = () =>
    new AppError(errorCodes.sessionRequired, verificationMessages.sessionRequired, 401);

  const rotation = (session: ApplicantSessionRow): SessionRotation => {
    const token = generateSessionId(session.flow);
    let rotated: ApplicantSessionRow | null = null;
    return {
      apply: async (executor, change = {}) => {
        if (!session.tokenHash) throw new Error('a session opened by a cookie has a token');
        const row = await rotateApplicantSessionToken(executor, session.id, {
          fromHash: session.tokenHash,
          toHash: hashToken(token),
          ...change,
        });
        rotated = row?.tokenHash === hashToken(token) ? row : null;
      },
      send: (reply) => {
        if (rotated) setCookie(reply, rotated, token);
      },
    };
  };

  return {
    find: async (request, flow) => {
      const session = await live(request, flow);
      return session && !session.submittedAt ? session : null;
    },
    require: async (request, flow) => {
      const session = await live(request, flow);
      if (!session) throw sessionRequired();
      if (session.submittedAt)
        throw new AppError(
          applicationErrorCodes.alreadySubmitted,
          verificationMessages.submitted,
          403,
        );
      return session;
    },
    requireLive: async (request, flow) => {
      const session = await live(request, flow);
      if (!session) throw sessionRequired();
      return session;
    },
    findSubmitted: async (request, flow) => {
      const session = await live(request, flow);
      return session?.submittedAt ? session : null;
    },
    findOrCreate: async (request, reply, flow) => {
      const existing = await live(request, flow);
      if (existing) {
        // The same token, the cookie kept until the session's absolute end.
        setCookie(reply, existing, request.cookies[sessionCookieNames[flow]]!);
        return { session: existing, created: false };
      }
      const token = generateSessionId(flow);
      const session = await insertApplicantSession(db, {
        id: generateSessionId(flow),
        flow,
        tokenHash: hashToken(token),
        now: clock.now(),
      });
      setCookie(reply, session, token);
      return { session, created: true };
    },
    rotation,
    end: async (request, reply, flow) => {
      const session = await live(request, flow);
      if (session) await endApplicantSession(db, session.id, clock.now());
      reply.clearCookie(sessionCookieNames[flow], cookieOptions);
    },
    createHandoff: async (session) => {
      if (session.flow !== 'PF') throw new Error('only the PF flow has a selfie step');
      if (session.submittedAt) throw new Error('a submitted application has no selfie step');
      const token = randomUrlSafe(43);
      const createdAt = clock.now();
      const expiresAt = new Date(createdAt.getTime() + HANDOFF_TTL_MS);
      await insertHandoff(db, {
        sessionId: session.id,
        tokenHash: hashToken(token),
        createdAt,
        expiresAt,
      });
      return { token, expiresAt };
    },
    redeemHandoff: async (token, reply) => {
      if (!tokenPattern.test(token)) return false;
      const now = clock.now();
      const credential = randomUrlSafe(43);
      const expiresAt = new Date(now.getTime() + HANDOFF_ACCESS_TTL_MS);
      const sessionId = await redeemHandoff(
        db,
        hashToken(token),
        { hash: hashToken(credential), expiresAt },
        now,
      );
      const session = sessionId ? await findApplicantSession(db, sessionId) : null;
      if (!session || !alive(session, now) || session.submittedAt) return false;
      reply.setCookie(HANDOFF_COOKIE, credential, {
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.secureCookies,
        path: HANDOFF_COOKIE_PATH,
        maxAge: HANDOFF_ACCESS_TTL_MS / 1000,
      });
      return true;
    },
    requireHandoff: async (request) => {
      const credential = request.cookies[HANDOFF_COOKIE];
      const now = clock.now();
      const handoff =
        credential && tokenPattern.test(credential)
          ? await findLiveHandoffByCredential(db, hashToken(credential), now)
          : null;
      const session = handoff ? await findApplicantSession(db, handoff.sessionId) : null;
      // A submitted application takes nothing more from the phone (a rectification has its own
      // link, rectification.ts).
      if (
        !handoff?.usedAt ||
        !handoff.credentialExpiresAt ||
        !session ||
        !alive(session, now) ||
        session.submittedAt
      )
        throw new AppError(errorCodes.unauthorized, handoffMessages.expired, 401);
      return {
        handoffId: handoff.id,
        session,
        openedAt: handoff.usedAt,
        expiresInSeconds: Math.floor(
          (handoff.credentialExpiresAt.getTime() - now.getTime()) / 1000,
        ),
      };
    },
    completeHandoff: (access) => completeHandoff(db, access.handoffId, clock.now()),
    handoffHint: async ({ session }) => {
      const saved = await findHintSource(db, session.id);
      return {
        firstName: handoffHintFirstName(saved?.nomeCompleto),
        cpf: handoffHintCpf(saved?.cpf),
        email: handoffHintEmail(session.verifiedEmail),
      };
    },
    handoffState: async (session) => {
      const handoff = await findLatestHandoff(db, session.id);
      if (!handoff) return 'none';
      const now = clock.now();
      if (!handoff.usedAt) return handoff.expiresAt > now ? 'waiting' : 'expired';
      if (handoff.completedAt) return 'done';
      return handoff.credentialExpiresAt && handoff.credentialExpiresAt > now
        ? 'opened'
        : 'expired';
    },
  };
}
