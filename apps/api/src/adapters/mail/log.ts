import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './port';

/**
 * Without SMTP: prints each e-mail's text (one-time codes included) to the server log, so a local
 * user can finish a flow, and counts it as delivered. Refused in production by the configuration.
 */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    kind: 'log',
    send: async (message) => {
      log.info(
        { to: message.to, subject: message.subject },
        `e-mail (log transport):\n${message.text}`,
      );
      return { providerMessageId: message.messageId };
    },
    close: async () => {},
  };
}
