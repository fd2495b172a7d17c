import type { SecretsStatus } from '@medipay/shared/health';
import type { Env } from '../../config/env';

/** Which integrations are configured. Booleans only: no value ever leaves the server. */
export function getSecretsStatus(env: Env): SecretsStatus {
  return {
    integrations: {
      database: Boolean(env.DATABASE_URL),
      smtp: Boolean(env.SMTP_URL),
      sms: env.SMS_PROVIDER !== 'log',
      viacep: Boolean(env.VIACEP_URL),
      brasilapi: Boolean(env.BRASILAPI_URL),
      receitaws: Boolean(env.RECEITAWS_URL),
      s3: Boolean(env.S3_BUCKET),
      medipay: Boolean(env.MEDIPAY_API_URL && env.MEDIPAY_API_KEY),
      adminCredentials: Boolean(env.ADMIN_EMAIL && env.ADMIN_PASSWORD),
      secret: env.secretFromEnvironment,
    },
  };
}
