import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database } from '@medipay/db/client';
import { RECTIFICATION_LINK_TTL_MS } from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import {
  applicationStatusMessages as messages,
  protocolFlow,
  STATUS_ACCESS_TTL_MS,
  STATUS_CODES_PER_HOUR,
  type ApplicationStatus,
  type RectificationLink,
} from '@medipay/shared/application-status';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_MS,
} from '@medipay/shared/constants';
import { paths } from '@medipay/shared/routes';
import type { Flow } from '@medipay/shared/status';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  findRequestedDocuments,
  insertRectificationLink,
} from '../admin-review/rectification-links.repository';
import { isRecordId } from '../admin-review/review-detail.repository';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import { insertOutboxMessage } from '../messaging/outbox.repository';
import type { TemplateData } from '../messaging/templates';
import {
  closeExpiredStatusCodes,
  closeOpenStatusCodes,
  closeStatusCode,
  countStatusCodesSince,
  findLatestStatusCode,
  findStatusRecordById,
  findStatusRecordByProtocol,
  findStatusRecordIdByProtocol,
  findStatusRecordBySession,
  findStatusTimeline,
  insertStatusCode,
  reserveStatusCodeAttempt,
  type StatusRecord,
} from './application-status.repository';

const HOUR_MS = 60 * 60 * 1000;
/** What a check on a protocol that names no application looks up: no record has this id. */
const NO_RECORD_ID = '00000000-0000-0000-0000-000000000000';
/** What a code is compared with when there is no code to try: a keyed hash never equals it. */
const unmatchableHash = Buffer.alloc(32);

/** The signed value of the `medipay_status` cookie and when it stops opening the page. */
export type StatusAccess = { value: string; expiresAt: Date };

/** A submitted application (it has a protocol), as resolved from a session or a cookie. */
export type StatusApplication = StatusRecord & { protocolo: string };

export type ApplicationStatuses = {
  /** The submitted application of a wizard session, or null (none, or not submitted). */
  mine: (session: ApplicantSessionRow) => Promise<StatusApplication | null>;
  /**
   * E-mails a new code for a protocol when it names a submitted application with an e-mail and
   * neither the cooldown nor the hourly cap holds it back; answers the outbox message to hand
   * over after the commit (null when nothing was sent: the caller answers alike).
   */
  sendCode: (protocolo: string) => Promise<{ outboxId: string | null }>;
  /** Checks a code; the status and the cookie value that opens it for 30 minutes. */
  verify: (
    protocolo: string,
    code: string,
  ) => Promise<{ status: ApplicationStatus; access: StatusAccess }>;
  /** The application a `medipay_status` cookie opens, or null (missing, expired, tampered with). */
  fromAccess: (value: string | undefined) => Promise<StatusApplication | null>;
  /** What the applicant may see of an application. Reads only. */
  view: (application: StatusApplication) => Promise<ApplicationStatus>;
  /**
   * Mints a rectification link for the viewer (only its hash is kept, like the e-mail's links; it
   * expires on its own). 409 unless the application is EM_EXIGENCIA.
   */
  rectificationLink: (application: StatusApplication) => Promise<RectificationLink>;
};

export function createApplicationStatuses(deps: {
  db: Database;
  clock: Clock;
  /** Keys the code hashes and the cookie signatures. */
  secret: string;
}): ApplicationStatuses {
  const { db, clock, secret } = deps;
  const hmac = (purpose: string, value: string) =>
    createHmac('sha256', secret).update(`${purpose}:${value}`).digest();
  const codeHash = (codeId: string, code: string) => hmac('status-code', `${codeId}:${code}`);
  /** Signs the cookie's fields as written (the expiry in epoch milliseconds, as text). */
  const signature = (flow: Flow, id: string, expiresAt: string) =>
    hmac('status-access', `${flow}:${id}:${expiresAt}`).toString('base64url');

  const invalidCode = () => new AppError(errorCodes.invalidCode, messages.invalidCode, 400);

  async function view(application: StatusApplication): Promise<ApplicationStatus> {
    const timeline = await findStatusTimeline(db, application.flow, application.id);
    const inRequirements = application.status === 'EM_EXIGENCIA';
    return {
      flow: application.flow,
      protocolo: application.protocolo,
      status: application.status,
      submittedAt: application.submittedAt?.toISOString() ?? null,
      history: timeline.map((entry) => ({ status: entry.status, at: entry.at.toISOString() })),
      exigencias: inRequirements ? application.exigencias : null,
      motivoNegacao: application.status === 'NEGADO' ? application.motivoNegacao : null,
      canRectify: inRequirements,
    };
  }

  const submitted = (record: StatusRecord | null): record is StatusApplication =>
    Boolean(record?.protocolo);

  return {
    mine: async (session) => {
      const record = await findStatusRecordBySession(db, session.flow, session.id);
      return submitted(record) ? record : null;
    },

    view,

    rectificationLink: async (application) => {
      if (application.status !== 'EM_EXIGENCIA')
        throw new AppError(errorCodes.conflict, messages.rectificationUnavailable, 409);
      const now = clock.now();
      const { token } = await insertRectificationLink(db, {
        flow: application.flow,
        recordId: application.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RECTIFICATION_LINK_TTL_MS),
        documentos: await findRequestedDocuments(db, application.flow, application.id),
      });
      return { url: `${paths.rectification}?token=${token}` };
    },

    sendCode: async (protocolo) => {
      const flow = protocolFlow(protocolo);
      if (!flow) return { outboxId: null };
      const now = clock.now();
      // The application's row is locked while its codes are counted: two requests at once
      // cannot both pass the cooldown.
      return db.transaction(async (tx) => {
        const record = await findStatusRecordByProtocol(tx, flow, protocolo, { lock: true });
        if (!record?.email) return { outboxId: null };
        const latest = await findLatestStatusCode(tx, flow, record.id);
        const cooldownEnds = latest
          ? latest.createdAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000
          : 0;
        if (cooldownEnds > now.getTime()) return { outboxId: null };
        const sent = await countStatusCodesSince(
          tx,
          flow,
          record.id,
          new Date(now.getTime() - HOUR_MS),
        );
        if (sent >= STATUS_CODES_PER_HOUR) return { outboxId: null };

        const id = randomUUID();
        const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
        await closeOpenStatusCodes(tx, flow, record.id, now);
        await insertStatusCode(tx, {
          id,
          onboardingType: flow,
          onboardingId: record.id,
          destination: record.email,
          codeHash: codeHash(id, code).toString('hex'),
          createdAt: now,
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        });
        const data: TemplateData['status-code'] = { code, protocolo };
        const outboxId = await insertOutboxMessage(tx, {
          channel: 'email',
          template: 'status-code',
          recipient: record.email,
          data,
          idempotencyKey: `status-code:${id}`,
        });
        return { outboxId };
      });
    },

    verify: async (protocolo, code) => {
      // The same work whatever the protocol names (issue 23, item 8): one lookup, one try
      // reserved, one keyed hash compared in constant time and one closing write, on a record
      // that exists or on none. A refusal therefore takes as long for a made-up protocol as for
      // a real one, and tells them apart neither by its answer nor by its time.
      const flow = protocolFlow(protocolo) ?? 'PF';
      const recordId = await findStatusRecordIdByProtocol(db, flow, protocolo);
      const target = { flow, id: recordId ?? NO_RECORD_ID };
      const now = clock.now();
      const challenge = await reserveStatusCodeAttempt(
        db,
        target.flow,
        target.id,
        now,
        OTP_MAX_ATTEMPTS,
      );
      const matches = timingSafeEqual(
        codeHash(challenge?.id ?? NO_RECORD_ID, code),
        challenge ? Buffer.from(challenge.codeHash, 'hex') : unmatchableHash,
      );
      if (!recordId || !challenge || !matches) {
        // A code tried too often is closed for good; otherwise the expired codes are closed (an
        // expired code never opens the page): nothing to close on an unknown protocol, alike.
        if (challenge && challenge.attempts >= OTP_MAX_ATTEMPTS)
          await closeStatusCode(db, challenge.id, now, 'too_many_attempts');
        else await closeExpiredStatusCodes(db, target.flow, target.id, now);
        throw invalidCode();
      }
      if (!(await closeStatusCode(db, challenge.id, now, 'verified'))) throw invalidCode();
      const record = await findStatusRecordById(db, flow, recordId);
      if (!submitted(record)) throw invalidCode();
      const expiresAt = new Date(now.getTime() + STATUS_ACCESS_TTL_MS);
      const expires = String(expiresAt.getTime());
      return {
        status: await view(record),
        access: {
          value: [record.flow, record.id, expires, signature(record.flow, record.id, expires)].join(
            '.',
          ),
          expiresAt,
        },
      };
    },

    fromAccess: async (value) => {
      const [flow, id, expires, given, ...rest] = (value ?? '').split('.');
      if (rest.length > 0 || (flow !== 'PF' && flow !== 'PJ') || !id || !isRecordId(id))
        return null;
      if (!expires || !/^\d{1,15}$/.test(expires) || !given) return null;
      if (Number(expires) <= clock.now().getTime()) return null;
      const expected = Buffer.from(signature(flow, id, expires));
      const received = Buffer.from(given);
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
      const record = await findStatusRecordById(db, flow, id);
      return submitted(record) ? record : null;
    },
  };
}
