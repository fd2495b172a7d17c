import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Mailer } from '../../adapters/mail/port';
import type { SmsSender } from '../../adapters/sms/port';
import type { Clock } from '../../lib/clock';
import {
  claimOutboxMessage,
  markOutboxAttemptFailed,
  markOutboxSent,
  type OutboxMessage,
} from './outbox.repository';
import { isTemplateName, renderEmail, renderPhoneText, type TemplateData } from './templates';

/** Attempts per message: the first and 8 retries with exponential backoff, about an hour. */
export const OUTBOX_MAX_ATTEMPTS = 9;
/** How long one attempt may hold a message before another may take it. */
const DELIVERY_HOLD_MS = 2 * 60_000;

export type DeliveryOutcome = 'sent' | 'skipped';

export type OutboxDeliverer = {
  /** Delivers one message. Throws when the attempt failed and another should follow. */
  deliver: (id: string) => Promise<DeliveryOutcome>;
};

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

  async function send(message: OutboxMessage): Promise<{ providerMessageId: string }> {
    if (!isTemplateName(message.template)) throw new Error(`Unknown template ${message.template}`);
    if (message.channel === 'email') {
      const rendered = renderEmail(
        message.template,
        message.data as TemplateData[typeof message.template],
      );
      return mailer.send({ to: message.recipient, ...rendered, messageId: messageId(message) });
    }
    if (message.template !== 'otp-code') throw new Error(`No phone text for ${message.template}`);
    const text = renderPhoneText('otp-code', message.data as TemplateData['otp-code']);
    return sms.send({ to: message.recipient, text, messageId: message.id });
  }

  return {
    deliver: async (id) => {
      const message = await claimOutboxMessage(db, id, clock.now(), DELIVERY_HOLD_MS);
      if (!message) return 'skipped';
      try {
        const { providerMessageId } = await send(message);
        await markOutboxSent(db, id, clock.now(), providerMessageId);
        log.info(
          { outboxId: id, template: message.template, channel: message.channel },
          'message delivered',
        );
        return 'sent';
      } catch (error) {
        const final = message.attempts >= OUTBOX_MAX_ATTEMPTS;
        const reason = error instanceof Error ? error.message : String(error);
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
