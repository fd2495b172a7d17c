import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@medipay/db/client';
import { errorCodes } from '@medipay/shared/api-error';
import { verificationMessages, type ApplicantSession } from '@medipay/shared/applicant-session';
import { APPLICANT_SESSION_IDLE_DAYS } from '@medipay/shared/constants';
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
import {
  completeHandoff,
  endApplicantSession,
  findApplicantSession,
  findHintSource,
  findLatestHandoff,
  findLiveHandoffByCredential,
  insertApplicantSession,
  insertHandoff,
  redeemHandoff,
  touchApplicantSession,
  type ApplicantSessionRow,
} from './applicant-session.repository';

const IDLE_MS = APPLICANT_SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
/** A link to continue on a phone works once, within this time. */
export const HANDOFF_TTL_MS = 10 * 60 * 1000;
/** The phone's credential lasts this long after the link was opened (less once the step is done). */
export const HANDOFF_ACCESS_TTL_MS = 30 * 60 * 1000;
/** The phone's credential cookie is sent to the phone's API only. */
export const HANDOFF_COOKIE_PATH = `/api${HANDOFF_API_PATH}`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Link tokens and phone credentials: 256 random bits, URL-safe. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** lastSeenAt is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

/** One cookie per flow: an applicant may have a PF and a PJ application open in one browser. */
export const sessionCookieNames = { PF: 'medipay_pf', PJ: 'medipay_pj' } as const satisfies Record<
  Flow,
  string
>;

export function toPublicSession(row: ApplicantSessionRow): ApplicantSession {
  return { flow: row.flow, verifiedEmail: row.verifiedEmail, verifiedPhone: row.verifiedPhone };
}

export type ApplicantSessions = {
  /** The session of the request's cookie for a flow, or null when there is none or it expired. */
  find: (request: FastifyRequest, flow: Flow) => Promise<ApplicantSessionRow | null>;
  /** Like find, but answers 401 when there is no live session. */
  require: (request: FastifyRequest, flow: Flow) => Promise<ApplicantSessionRow>;
  /** The request's live session, or a new one set in the reply's cookie. */
  findOrCreate: (
    request: FastifyRequest,
    reply: FastifyReply,
    flow: Flow,
  ) => Promise<{ session: ApplicantSessionRow; created: boolean }>;
  /**
   * 'Sair': ends the session of the request's cookie for a flow (on the server, so that the
   * cookie, or a copy of it, opens nothing on a shared computer) and clears the cookie.
   */
  end: (request: FastifyRequest, reply: FastifyReply, flow: Flow) => Promise<void>;
  /** A single-use token that lets a phone take the selfie step of this (PF) session. */
  createHandoff: (session: ApplicantSessionRow) => Promise<{ token: string; expiresAt: Date }>;
  /**
   * Spends a link token: sets the phone's credential cookie (never a session cookie); false when
   * the token is spent, expired or unknown.
   */
  redeemHandoff: (token: string, reply: FastifyReply) => Promise<boolean>;
  /** The phone credential of the request, or 401 (in Portuguese) when there is no live one. */
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

  const setCookie = (reply: FastifyReply, session: ApplicantSessionRow) =>
    reply.setCookie(sessionCookieNames[session.flow], session.id, {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      path: '/',
      maxAge: IDLE_MS / 1000,
    });

  /** Neither ended with 'Sair' nor idle for too long. */
  const alive = (session: ApplicantSessionRow, now: Date) =>
    !session.endedAt && now.getTime() - session.lastSeenAt.getTime() <= IDLE_MS;

  const find = async (request: FastifyRequest, flow: Flow) => {
    const id = request.cookies[sessionCookieNames[flow]];
    if (!id || sessionIdFlow(id) !== flow) return null;
    const session = await findApplicantSession(db, id);
    if (!session || session.flow !== flow) return null;
    const now = clock.now();
    if (!alive(session, now)) return null;
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchApplicantSession(db, id, now);
      session.lastSeenAt = now;
    }
    return session;
  };

  return {
    find,
    require: async (request, flow) => {
      const session = await find(request, flow);
      if (!session)
        throw new AppError(errorCodes.sessionRequired, verificationMessages.sessionRequired, 401);
      return session;
    },
    findOrCreate: async (request, reply, flow) => {
      const existing = await find(request, flow);
      const session =
        existing ?? (await insertApplicantSession(db, generateSessionId(flow), flow, clock.now()));
      setCookie(reply, session);
      return { session, created: !existing };
    },
    end: async (request, reply, flow) => {
      const session = await find(request, flow);
      if (session) await endApplicantSession(db, session.id, clock.now());
      reply.clearCookie(sessionCookieNames[flow], {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        path: '/',
      });
    },
    createHandoff: async (session) => {
      if (session.flow !== 'PF') throw new Error('only the PF flow has a selfie step');
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
      if (!session || !alive(session, now)) return false;
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
      if (!handoff?.usedAt || !handoff.credentialExpiresAt || !session || !alive(session, now))
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
