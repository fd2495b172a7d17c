import type { errorCodes } from '@medipay/shared/api-error';
import type { PfApplicationErrorCode } from '@medipay/shared/pf-application';
import type { PjApplicationErrorCode } from '@medipay/shared/pj-application';

type ErrorCode =
  (typeof errorCodes)[keyof typeof errorCodes] | PfApplicationErrorCode | PjApplicationErrorCode;

/** An error whose message is meant for the user (Portuguese) and whose status is a 4xx. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode: number,
    readonly options: {
      retryAfterSeconds?: number;
      /** The wizard step the error is about (a refused final submit). */
      step?: number;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
