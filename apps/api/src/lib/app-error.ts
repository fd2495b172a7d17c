import type { errorCodes } from '@medipay/shared/api-error';

type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** An error whose message is meant for the user (Portuguese) and whose status is a 4xx. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode: number,
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
