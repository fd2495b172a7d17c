import { apiErrorSchema, errorCodes, genericMessages } from '@medipay/shared/api-error';
import type { z } from 'zod';

/** An API answer other than 2xx, with the server's code and Portuguese message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** On a 429: seconds until the server accepts the request again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type RequestOptions<T> = Omit<RequestInit, 'body'> & {
  schema: z.ZodType<T>;
  body?: unknown;
};

/** The one way the SPA calls the API: JSON in, schema-checked JSON out, typed errors. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { schema, body, headers, ...init } = options;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, errorCodes.unavailable, genericMessages.unavailable);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw parsed.success
      ? new ApiRequestError(
          response.status,
          parsed.data.code,
          parsed.data.message,
          parsed.data.retryAfterSeconds,
        )
      : new ApiRequestError(response.status, errorCodes.internal, genericMessages.internal);
  }
  return schema.parse(payload);
}
