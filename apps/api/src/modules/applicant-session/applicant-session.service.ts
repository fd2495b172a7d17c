import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@medipay/db/client';
import { errorCodes } from '@medipay/shared/api-error';
import { verificationMessages, type ApplicantSession } from '@medipay/shared/applicant-session';
import { APPLICANT_SESSION_IDLE_DAYS } from '@medipay/shared/constants';
import { randomUrlSafe } from '@medipay/shared/random';
import { generateSessionId, sessionIdFlow } from '@medipay/shared/session-id';
import type { Flow } from '@medipay/shared/status';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  findApplicantSession,
  insertApplicantSession,
  insertHandoff,
  redeemHandoff,
  touchApplicantSession,
  type ApplicantSessionRow,
} from './applicant-session.repository';

const IDLE_MS = APPLICANT_SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
/** A link to continue on another device works once, within this time. */
export const HANDOFF_TTL_MS = 10 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
  /** A single-use token that opens this session on another device. */
  createHandoff: (session: ApplicantSessionRow) => Promise<{ token: string; expiresAt: Date }>;
  /** Opens the session of a handoff token in the reply's cookie; null when the token is spent. */
  redeemHandoff: (token: string, reply: FastifyReply) => Promise<ApplicantSessionRow | null>;
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

  const find = async (request: FastifyRequest, flow: Flow) => {
    const id = request.cookies[sessionCookieNames[flow]];
    if (!id || sessionIdFlow(id) !== flow) return null;
    const session = await findApplicantSession(db, id);
    if (!session || session.flow !== flow) return null;
    const now = clock.now();
    if (now.getTime() - session.lastSeenAt.getTime() > IDLE_MS) return null;
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
    createHandoff: async (session) => {
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
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const now = clock.now();
      const sessionId = await redeemHandoff(db, hashToken(token), now);
      const session = sessionId ? await findApplicantSession(db, sessionId) : null;
      if (!session || now.getTime() - session.lastSeenAt.getTime() > IDLE_MS) return null;
      setCookie(reply, session);
      return session;
    },
  };
}
