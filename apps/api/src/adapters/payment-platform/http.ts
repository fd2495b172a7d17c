import { setTimeout as delay } from 'node:timers/promises';
import {
  createAccountRequestSchema,
  createAccountResponseSchema,
  describeIssues,
  emailVerificationRequestSchema,
  emailVerificationResponseSchema,
  idempotencyKeyHeader,
  idempotencyKeySchema,
  onboardingLinkResponseSchema,
  paymentPlatformPaths,
  platformErrorBodySchema,
  platformErrorCodes,
  uploadDocumentsRequestSchema,
  uploadDocumentsResponseSchema,
} from '@medipay/shared/payment-platform';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { userAgent } from '../../lib/http';
import { PaymentPlatformError, type PaymentPlatform } from './port';

export type HttpPaymentPlatformOptions = {
  /** A function when the base URL may change (the sandbox after a restart on another port). */
  baseUrl: string | (() => string);
  apiKey: string;
  /** Time limit of each attempt (default 5 s). */
  timeoutMs?: number;
  /** The waits between attempts; its length + 1 is the number of attempts (default 200, 800 ms). */
  backoffMs?: readonly number[];
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  log?: FastifyBaseLogger;
};

/** A failure worth another attempt: no answer, a time-out, 408, 429 or 5xx. */
class TransientFailure extends Error {}

function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * The real client of the MediPay platform API v1 (global fetch). Each POST is tried up to
 * `backoffMs.length + 1` times on transient failures, always with the caller's Idempotency-Key,
 * so the platform acts once however many attempts reach it. Other 4xx answers are not retried.
 */
export function createHttpPaymentPlatform(options: HttpPaymentPlatformOptions): PaymentPlatform {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const backoffMs = options.backoffMs ?? [200, 800];
  const sleep = options.sleep ?? ((ms: number) => delay(ms));

  async function attempt(path: string, body: unknown, idempotencyKey: string) {
    let response: Response;
    try {
      response = await fetch(
        new URL(path, typeof options.baseUrl === 'string' ? options.baseUrl : options.baseUrl()),
        {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            authorization: `Bearer ${options.apiKey}`,
            [idempotencyKeyHeader]: idempotencyKey,
            'user-agent': userAgent,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
    } catch (error) {
      throw new TransientFailure(
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer in ${timeoutMs} ms`
          : `request failed: ${error instanceof Error ? (error.cause ?? error.message) : String(error)}`,
      );
    }
    const text = await response.text().catch(() => '');
    if (isTransientStatus(response.status)) {
      throw new TransientFailure(`HTTP ${response.status} ${text.slice(0, 200)}`.trim());
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  }

  async function post<T>(
    path: string,
    body: unknown,
    idempotencyKey: string,
    responseSchema: z.ZodType<T>,
  ): Promise<T> {
    if (!idempotencyKeySchema.safeParse(idempotencyKey).success) {
      throw new PaymentPlatformError('INVALID', `invalid idempotency key ${idempotencyKey}`);
    }
    const attempts = backoffMs.length + 1;
    let lastFailure = '';
    for (let index = 0; index < attempts; index += 1) {
      if (index > 0) await sleep(backoffMs[index - 1] ?? 0);
      let answer: { status: number; json: unknown };
      try {
        answer = await attempt(path, body, idempotencyKey);
      } catch (error) {
        if (!(error instanceof TransientFailure)) throw error;
        lastFailure = error.message;
        options.log?.warn(
          { path, idempotencyKey, attempt: index + 1, attempts, reason: lastFailure },
          'MediPay: tentativa falhou',
        );
        continue;
      }
      return interpret(path, answer, responseSchema);
    }
    throw new PaymentPlatformError(
      'UNAVAILABLE',
      `POST ${path} failed after ${attempts} attempts: ${lastFailure}`,
    );
  }

  return {
    createAccount: async (input, { idempotencyKey }) => {
      const request = parseRequest(createAccountRequestSchema, input);
      return post(
        paymentPlatformPaths.accounts,
        request,
        idempotencyKey,
        createAccountResponseSchema,
      );
    },
    uploadDocuments: async (userId, documents, { idempotencyKey }) => {
      const request = parseRequest(uploadDocumentsRequestSchema, { documents });
      return post(
        paymentPlatformPaths.documents(requireUserId(userId)),
        request,
        idempotencyKey,
        uploadDocumentsResponseSchema,
      );
    },
    getOnboardingUrl: async (userId, { idempotencyKey }) => {
      const { url } = await post(
        paymentPlatformPaths.onboardingLink(requireUserId(userId)),
        {},
        idempotencyKey,
        onboardingLinkResponseSchema,
      );
      return url;
    },
    sendEmailVerification: async (userId, email, { idempotencyKey }) => {
      const request = parseRequest(emailVerificationRequestSchema, { email });
      await post(
        paymentPlatformPaths.emailVerification(requireUserId(userId)),
        request,
        idempotencyKey,
        emailVerificationResponseSchema,
      );
    },
  };
}

/** Our own input is checked with the same schema the platform applies, before any call. */
function parseRequest<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new PaymentPlatformError('INVALID', describeIssues(result.error));
  return result.data;
}

function requireUserId(userId: string): string {
  if (userId.trim() === '') throw new PaymentPlatformError('NOT_FOUND', 'no MediPay user id');
  return userId;
}

/** A definite answer (2xx or a non-transient 4xx) as the result or a PaymentPlatformError. */
function interpret<T>(
  path: string,
  answer: { status: number; json: unknown },
  responseSchema: z.ZodType<T>,
): T {
  const { status, json } = answer;
  if (status >= 200 && status < 300) {
    const parsed = responseSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    throw new PaymentPlatformError(
      'UNAVAILABLE',
      `unexpected answer to POST ${path} (HTTP ${status}): ${describeIssues(parsed.error)}`,
      status,
    );
  }
  const error = platformErrorBodySchema.safeParse(json);
  const code = error.success ? error.data.code : undefined;
  const detail = `POST ${path}: HTTP ${status} ${code ?? ''} ${error.data?.message ?? ''}`.trim();
  if (status === 401 || status === 403) {
    throw new PaymentPlatformError('UNAUTHORIZED', detail, status);
  }
  if (status === 404 && code === platformErrorCodes.accountNotFound) {
    throw new PaymentPlatformError('NOT_FOUND', detail, status);
  }
  // Any other 404: the base URL does not lead to the platform API (configuration).
  if (status === 404) throw new PaymentPlatformError('UNAUTHORIZED', detail, status);
  if (status === 409 && code === platformErrorCodes.documentAlreadyRegistered) {
    throw new PaymentPlatformError('ALREADY_REGISTERED', detail, status);
  }
  throw new PaymentPlatformError('INVALID', detail, status);
}
