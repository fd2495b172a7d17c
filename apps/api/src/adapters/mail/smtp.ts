import nodemailer from 'nodemailer';
import type { Mailer } from './port';

/** Delivers over SMTP (`smtp://user:pass@host:port`, or `smtps://` for implicit TLS). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(
    { url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from: options.from },
  );
  return {
    kind: 'smtp',
    send: async (message) => {
      const info = await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
      });
      return { providerMessageId: info.messageId };
    },
    close: async () => transport.close(),
  };
}
