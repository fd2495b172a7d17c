import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import { createLogMailer } from './log';
import type { Mailer } from './port';
import { createSmtpMailer } from './smtp';

export function createMailer(env: Env, log: FastifyBaseLogger): Mailer {
  return env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
    : createLogMailer(log);
}
