import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database } from '@medipay/db/client';
import { errorCodes } from '@medipay/shared/api-error';
import { verificationMessages } from '@medipay/shared/applicant-session';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_MS,
} from '@medipay/shared/constants';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  setVerifiedContact,
  type ApplicantSessionRow,
} from '../applicant-session/applicant-session.repository';
import { insertOutboxMessage, type Executor } from '../messaging/outbox.repository';
import {
  closeChallenge,
  closeExpiredChallenges,
  closeOpenChallenges,
  countChallengesSince,
  findLatestChallenge,
  insertChallenge,
  lockCodeSends,
  reserveAttempt,
  type Channel,
} from './verification.repository';

/** Codes one session may ask for per channel, and one destination may receive, per hour. */
export const MAX_CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export type SendResult = { destination: string; resendInSeconds: number; expiresInSeconds: number };

export type Verification = {
  /** Sends a new code to a destination; returns the outbox message to deliver after commit. */
  send: (
    session: ApplicantSessionRow,
    channel: Channel,
    destination: string,
  ) => Promise<SendResult & { outboxId: string }>;
  /**
   * Checks a code; on success the session's contact for that channel is verified, and
   * `onVerified` runs in the same transaction (the session's new token).
   */
  verify: (
    session: ApplicantSessionRow,
    channel: Channel,
    code: string,
    onVerified?: (tx: Executor) => Promise<void>,
  ) => Promise<ApplicantSessionRow>;
};

export function createVerification(deps: {
  db: Database;
  clock: Clock;
  secret: string;
}): Verification {
  const { db, clock } = deps;
  const hash = (challengeId: string, code: string) =>
    createHmac('sha256', deps.secret).update(`otp:${challengeId}:${code}`).digest();

  return {
    send: async (session, channel, destination) => {
      const id = randomUUID();
      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      // Checked and reserved in one transaction under the session's and the destination's
      // locks: parallel sends (from any process) see each other's codes, so the cooldown and
      // the hourly limits hold whatever the concurrency.
      const outboxId = await db.transaction(async (tx) => {
        await lockCodeSends(tx, session.id, destination);
        // Read after the wait for the locks, so the cooldown left is counted from the codes seen.
        // The cooldown is per destination: a corrected address or number gets its code at once
        // (the hourly limits, per session and per destination, still hold).
        const now = clock.now();
        const latest = await findLatestChallenge(tx, session.id, channel, destination);
        if (latest) {
          const waitMs =
            latest.createdAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime();
          if (waitMs > 0) {
            const seconds = Math.ceil(waitMs / 1000);
            throw new AppError(
              errorCodes.resendTooSoon,
              verificationMessages.resendTooSoon(seconds),
              429,
              { retryAfterSeconds: seconds },
            );
          }
        }
        const hourAgo = new Date(now.getTime() - HOUR_MS);
        const bySession = await countChallengesSince(
          tx,
          { sessionId: session.id, channel },
          hourAgo,
        );
        const byDestination = await countChallengesSince(tx, { destination }, hourAgo);
        if (bySession >= MAX_CODES_PER_HOUR || byDestination >= MAX_CODES_PER_HOUR) {
          throw new AppError(errorCodes.rateLimited, verificationMessages.tooManyCodes, 429);
        }

        await closeOpenChallenges(tx, session.id, channel, now);
        await insertChallenge(tx, {
          id,
          sessionId: session.id,
          channel,
          destination,
          codeHash: hash(id, code).toString('hex'),
          createdAt: now,
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        });
        return insertOutboxMessage(tx, {
          channel: channel === 'email' ? 'email' : 'sms',
          template: 'otp-code',
          recipient: destination,
          data: { code },
          idempotencyKey: `otp:${id}`,
        });
      });
      return {
        outboxId: outboxId!,
        destination,
        resendInSeconds: OTP_RESEND_COOLDOWN_SECONDS,
        expiresInSeconds: OTP_TTL_MS / 1000,
      };
    },

    verify: async (session, channel, code, onVerified) => {
      const now = clock.now();
      const invalid = () =>
        new AppError(errorCodes.invalidCode, verificationMessages.invalidCode, 400);
      const blocked = () =>
        new AppError(errorCodes.codeBlocked, verificationMessages.codeBlocked, 400);
      const challenge = await reserveAttempt(db, session.id, channel, now, OTP_MAX_ATTEMPTS);
      if (!challenge) {
        // Nothing to try: no code, an expired one (now closed for good) or one that failed too
        // often. The last is told apart: even the right code is refused until a new one is sent.
        await closeExpiredChallenges(db, session.id, channel, now);
        const latest = await findLatestChallenge(db, session.id, channel);
        const spent =
          latest !== null &&
          (latest.closedReason === 'too_many_attempts' ||
            (latest.closedAt === null && latest.attempts >= OTP_MAX_ATTEMPTS));
        throw spent ? blocked() : invalid();
      }
      const matches = timingSafeEqual(
        hash(challenge.id, code),
        Buffer.from(challenge.codeHash, 'hex'),
      );
      if (!matches) {
        if (challenge.attempts >= OTP_MAX_ATTEMPTS) {
          await closeChallenge(db, challenge.id, now, 'too_many_attempts');
          throw blocked();
        }
        throw invalid();
      }
      return db.transaction(async (tx) => {
        if (!(await closeChallenge(tx, challenge.id, now, 'verified'))) throw invalid();
        const verified = await setVerifiedContact(tx, session.id, channel, challenge.destination);
        await onVerified?.(tx);
        return verified;
      });
    },
  };
}
