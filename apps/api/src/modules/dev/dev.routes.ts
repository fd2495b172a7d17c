import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@medipay/db/client';
import { devOutboxResponseSchema } from '@medipay/shared/dev-outbox';
import { listRecentOutboxMessages } from '../messaging/outbox.repository';
import {
  isTemplateName,
  renderEmail,
  renderPhoneText,
  type TemplateData,
} from '../messaging/templates';

/**
 * For local trials only (never registered when NODE_ENV=production): the latest messages of the
 * outbox as they were or will be delivered, so a local user can read a one-time code.
 */
export const devRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/dev/outbox', { schema: { response: { 200: devOutboxResponseSchema } } }, async () => {
    const messages = await listRecentOutboxMessages(db, 50);
    return {
      messages: messages.map((message) => {
        let subject: string | null = null;
        let text = '';
        if (
          isTemplateName(message.template) &&
          (message.template !== 'otp-code' || 'code' in message.data)
        ) {
          if (message.channel === 'email') {
            const rendered = renderEmail(
              message.template,
              message.data as TemplateData[typeof message.template],
            );
            subject = rendered.subject;
            text = rendered.text;
          } else if (message.template === 'otp-code') {
            text = renderPhoneText('otp-code', message.data as TemplateData['otp-code']);
          }
        } else {
          text = '(conteúdo removido: o código expirou)';
        }
        return {
          id: message.id,
          channel: message.channel,
          template: message.template,
          recipient: message.recipient,
          status: message.status,
          attempts: message.attempts,
          lastError: message.lastError,
          createdAt: message.createdAt.toISOString(),
          sentAt: message.sentAt?.toISOString() ?? null,
          subject,
          text,
        };
      }),
    };
  });
};
