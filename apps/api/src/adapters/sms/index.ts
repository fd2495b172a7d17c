import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import { createLogSmsSender } from './log';
import type { SmsSender } from './port';
import { createZenviaSender } from './zenvia';

export function createSmsSender(env: Env, log: FastifyBaseLogger): SmsSender {
  if (env.SMS_PROVIDER === 'zenvia' && env.SMS_API_TOKEN) {
    return createZenviaSender({
      baseUrl: env.SMS_API_URL,
      token: env.SMS_API_TOKEN,
      from: env.WHATSAPP_FROM ?? env.SMS_FROM,
      channel: env.WHATSAPP_FROM ? 'whatsapp' : 'sms',
    });
  }
  return createLogSmsSender(log);
}
