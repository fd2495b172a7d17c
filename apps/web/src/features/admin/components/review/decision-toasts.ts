import { toast } from 'sonner';
import { reviewMessages } from '@medipay/shared/admin-review';
import { isUnauthorized } from '../../api/admin-errors';
import { decisionErrorMessage } from '../../api/review-decision';

/** The 'Erro' toast of a refused decision (409: the server's message); a 401 is handled elsewhere. */
export function toastDecisionError(error: unknown, fallback: string) {
  if (isUnauthorized(error)) return;
  console.warn('Decisão recusada:', error);
  toast.error(reviewMessages.errorTitle, { description: decisionErrorMessage(error, fallback) });
}
