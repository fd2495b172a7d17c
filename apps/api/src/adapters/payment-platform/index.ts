import type { Database } from '@medipay/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import {
  startMedipaySandbox,
  type MedipaySandbox,
} from '../../modules/medipay-sandbox/medipay-sandbox.server';
import { createHttpPaymentPlatform, type HttpPaymentPlatformOptions } from './http';
import type { PaymentPlatform } from './port';

export type PaymentPlatformHandle = {
  platform: PaymentPlatform;
  /** True when the built-in sandbox answers (the back office shows a 'Sandbox' badge). */
  sandbox: boolean;
  /** The sandbox's controls, when it is the one in use (tests, demos). */
  sandboxServer: MedipaySandbox | undefined;
  /** Stops the sandbox, if started; call on app shutdown. */
  close: () => Promise<void>;
};

/**
 * The HTTP client of the MediPay platform at MEDIPAY_API_URL with MEDIPAY_API_KEY; while the
 * built-in sandbox stands in (MEDIPAY_API_URL unset outside production, or `sandbox`), the sandbox
 * is started and the same HTTP client points at it. In production env.ts lets the sandbox in only
 * when chosen explicitly, and it runs with a warning in the log.
 */
export async function createPaymentPlatform(
  env: Pick<Env, 'MEDIPAY_API_URL' | 'MEDIPAY_API_KEY' | 'NODE_ENV' | 'medipaySandbox'>,
  deps: { db: Database; log: FastifyBaseLogger } & Pick<
    HttpPaymentPlatformOptions,
    'timeoutMs' | 'backoffMs' | 'sleep'
  >,
): Promise<PaymentPlatformHandle> {
  const { db, log, ...clientOptions } = deps;
  if (!env.medipaySandbox) {
    if (!env.MEDIPAY_API_URL || !env.MEDIPAY_API_KEY) {
      throw new Error(
        'MEDIPAY_API_URL e MEDIPAY_API_KEY: informe os dois, ou MEDIPAY_API_URL=sandbox',
      );
    }
    return {
      platform: createHttpPaymentPlatform({
        ...clientOptions,
        baseUrl: env.MEDIPAY_API_URL,
        apiKey: env.MEDIPAY_API_KEY,
        log,
      }),
      sandbox: false,
      sandboxServer: undefined,
      close: async () => {},
    };
  }
  const sandbox = await startMedipaySandbox({ db, log });
  const message = 'MediPay: usando o sandbox embutido';
  if (env.NODE_ENV === 'production') {
    log.warn(
      { url: sandbox.url },
      `${message} (MEDIPAY_API_URL=sandbox em produção); nenhuma conta real será criada`,
    );
  } else {
    log.info({ url: sandbox.url }, `${message} (MEDIPAY_API_URL não configurada ou sandbox)`);
  }
  return {
    platform: createHttpPaymentPlatform({
      ...clientOptions,
      baseUrl: () => sandbox.url,
      apiKey: sandbox.apiKey,
      log,
    }),
    sandbox: true,
    sandboxServer: sandbox,
    close: () => sandbox.close(),
  };
}
