import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './port';

/** Without a provider: prints each message (one-time codes included) to the server log. */
export function createLogSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    kind: 'log',
    channel: 'sms',
    send: async (message) => {
      log.info({ to: message.to }, `SMS (log transport): ${message.text}`);
      return { providerMessageId: message.messageId };
    },
  };
}
