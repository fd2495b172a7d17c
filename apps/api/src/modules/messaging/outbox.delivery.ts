import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Mailer } from '../../adapters/mail/port';
import type { SmsSender } from '../../adapters/sms/port';
import type { Clock } from '../../lib/clock';
import {
  carriesOneTimeCode,
  claimOutboxMessage,
  findMessageCode,
  markOutboxAttemptFailed,
  markOutboxExpired,
  markOutboxSent,
  type OutboxMessage,
} from './outbox.repository';
import { isTemplateName, renderEmail, renderPhoneText, type TemplateData } from './templates';

/** Attempts per message: the first and 8 retries with exponential backoff, about an hour. */
export const OUTBOX_MAX_ATTEMPTS = 9;
/** How long one attempt may hold a message before another may take it. */
const DELIVERY_HOLD_MS = 2 * 60_000;

/**
 * `expired`: a one-time code that can no longer be used, closed without sending; `failed`: a
 * message that no attempt could ever send (it cannot be rendered), closed for good.
 */
export type DeliveryOutcome = 'sent' | 'skipped' | 'expired' | 'failed';

export type OutboxDeliverer = {
  /** Delivers one message. Throws when the attempt failed and another should follow. */
  deliver: (id: string) => Promise<DeliveryOutcome>;
};

/** A message that no later attempt could send either: not retried. */
class UndeliverableMessage extends Error {}

/** Why a code message must not be sent any more, or null while its code can still be used. */
async function staleCodeReason(
  db: Database,
  message: OutboxMessage,
  now: Date,
): Promise<string | null> {
  if (!carriesOneTimeCode(message.template)) return null;
  // The sweep removes a code from its message once the code's validity is over.
  if (typeof message.data.code !== 'string') return 'expired: the code was removed after expiry';
  const code = await findMessageCode(db, message);
  if (!code) return 'expired: the code no longer exists';
  switch (code.closedReason) {
    case 'verified':
      return 'expired: the code was already used';
    case 'replaced':
      return 'expired: a newer code replaced it';
    case 'too_many_attempts':
      return 'expired: the code was closed after too many wrong tries';
    case 'expired':
      return 'expired: the code expired before delivery';
    case null:
      return code.expiresAt.getTime() <= now.getTime()
        ? 'expired: the code expired before delivery'
        : null;
  }
}

export function createOutboxDeliverer(deps: {
  db: Database;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  log: FastifyBaseLogger;
  publicOrigin: string;
}): OutboxDeliverer {
  const { db, mailer, sms, clock, log } = deps;
  const messageId = (message: OutboxMessage) =>
    `<${message.id}@${new URL(deps.publicOrigin).hostname}>`;

  /** The message ready for its transport; throws UndeliverableMessage when it cannot be. */
  function render(message: OutboxMessage) {
    const template = message.template;
    if (!isTemplateName(template)) throw new UndeliverableMessage(`Unknown template ${template}`);
    try {
      if (message.channel === 'email') {
        const rendered = renderEmail(template, message.data as TemplateData[typeof template]);
        return { kind: 'email' as const, rendered };
      }
      if (template !== 'otp-code') throw new Error(`No phone text for ${template}`);
      const text = renderPhoneText('otp-code', message.data as TemplateData['otp-code']);
      return { kind: 'phone' as const, text };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new UndeliverableMessage(`Cannot render ${template}: ${reason}`);
    }
  }

  async function send(message: OutboxMessage): Promise<{ providerMessageId: string }> {
    const ready = render(message);
    if (ready.kind === 'email') {
      return mailer.send({
        to: message.recipient,
        ...ready.rendered,
        messageId: messageId(message),
      });
    }
    return sms.send({ to: message.recipient, text: ready.text, messageId: message.id });
  }

  return {
    deliver: async (id) => {
      const message = await claimOutboxMessage(db, id, clock.now(), DELIVERY_HOLD_MS);
      if (!message) return 'skipped';
      try {
        const stale = await staleCodeReason(db, message, clock.now());
        if (stale) {
          await markOutboxExpired(db, id, stale);
          log.info(
            { outboxId: id, template: message.template, channel: message.channel, reason: stale },
            'message not delivered: its one-time code can no longer be used',
          );
          return 'expired';
        }
        const { providerMessageId } = await send(message);
        await markOutboxSent(db, id, clock.now(), providerMessageId);
        log.info(
          { outboxId: id, template: message.template, channel: message.channel },
          'message delivered',
        );
        return 'sent';
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (error instanceof UndeliverableMessage) {
          await markOutboxAttemptFailed(db, id, reason, true);
          log.error(
            { outboxId: id, template: message.template, channel: message.channel, reason },
            'message cannot be delivered; closed as failed',
          );
          return 'failed';
        }
        const final = message.attempts >= OUTBOX_MAX_ATTEMPTS;
        await markOutboxAttemptFailed(db, id, reason, final);
        log.warn(
          { outboxId: id, attempt: message.attempts, final, reason },
          'message delivery failed',
        );
        throw error;
      }
    },
  };
}
