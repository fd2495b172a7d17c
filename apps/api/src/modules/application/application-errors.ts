import { errorCodes } from '@medipay/shared/api-error';
import type {
  pfApplicationErrorCodes,
  pfApplicationMessages,
} from '@medipay/shared/pf-application';
import { AppError } from '../../lib/app-error';
import type { FlowDefinition } from './flow-definition';

type SharedCode =
  | 'stepLocked'
  | 'alreadySubmitted'
  | 'documentNotFound'
  | 'emailNotVerified'
  | 'phoneNotVerified'
  | 'incomplete';

/** The refusals both flows share, from a flow's codes and messages (packages/shared). */
export function applicationErrors(
  codes: Pick<typeof pfApplicationErrorCodes, SharedCode>,
  messages: Pick<typeof pfApplicationMessages, SharedCode | 'submitFailed'>,
): FlowDefinition<'PF' | 'PJ'>['errors'] {
  return {
    stepLocked: () => new AppError(codes.stepLocked, messages.stepLocked, 409),
    alreadySubmitted: () => new AppError(codes.alreadySubmitted, messages.alreadySubmitted, 409),
    documentNotFound: () => new AppError(codes.documentNotFound, messages.documentNotFound, 400),
    emailNotVerified: () => new AppError(codes.emailNotVerified, messages.emailNotVerified, 400),
    phoneNotVerified: () => new AppError(codes.phoneNotVerified, messages.phoneNotVerified, 400),
    incomplete: (step, stepTitle) =>
      new AppError(codes.incomplete, messages.incomplete(stepTitle), 422, { step }),
    // Every protocol tried was taken (decision 006): nothing changed; the applicant retries.
    submitFailed: () => new AppError(errorCodes.unavailable, messages.submitFailed, 503),
  };
}
