import { toast } from 'sonner';
import { reviewMessages, type ReviewAction, type ReviewFlow } from '@medipay/shared/admin-review';
import { isUnauthorized } from '../../api/admin-errors';
import { decisionErrorMessage } from '../../api/review-decision';

export type DecisionToast = {
  /** The success toast. */
  success: { title: string; description?: string };
  /** The 'Erro' toast's text when the server gave none of its own. */
  failure: string;
};

const common = {
  approve: { success: { title: reviewMessages.approved }, failure: reviewMessages.approveFailed },
  'resend-requirements': {
    success: { title: reviewMessages.resent, description: reviewMessages.resentDescription },
    failure: reviewMessages.resendFailed,
  },
} satisfies Partial<Record<ReviewAction, DecisionToast>>;

/**
 * The toasts of each decision per flow (back-office.md section 8): a PF denial is 'Onboarding
 * negado', a PJ one 'Rejeitado' (the company notified); going back to analysis is 'Status
 * atualizado' for PF and 'Status alterado' for PJ, each with its own failure text.
 */
const toasts: Record<ReviewFlow, Record<ReviewAction, DecisionToast>> = {
  pf: {
    ...common,
    'request-changes': {
      success: {
        title: reviewMessages.requestedChanges,
        description: reviewMessages.requestedChangesDescription,
      },
      failure: reviewMessages.requestChangesFailed,
    },
    deny: {
      success: { title: reviewMessages.denied, description: reviewMessages.deniedDescription },
      failure: reviewMessages.denyFailed,
    },
    reopen: { success: { title: reviewMessages.reopened }, failure: reviewMessages.reopenFailed },
  },
  pj: {
    ...common,
    'request-changes': {
      success: {
        title: reviewMessages.requestedChanges,
        description: reviewMessages.requestedChangesPjDescription,
      },
      failure: reviewMessages.requestChangesFailed,
    },
    deny: {
      success: { title: reviewMessages.rejected, description: reviewMessages.rejectedDescription },
      failure: reviewMessages.rejectFailed,
    },
    reopen: {
      success: {
        title: reviewMessages.reopenedPj,
        description: reviewMessages.reopenedPjDescription,
      },
      failure: reviewMessages.reopenPjFailed,
    },
  },
};

/** The toasts of a decision in a flow. */
export function decisionToast(flow: ReviewFlow, action: ReviewAction): DecisionToast {
  return toasts[flow][action];
}

/** The success toast of a decision. */
export function toastDecisionSuccess({ success }: DecisionToast) {
  toast.success(success.title, { description: success.description });
}

/** The 'Erro' toast of a refused decision (409: the server's message); a 401 is handled elsewhere. */
export function toastDecisionError(error: unknown, fallback: string) {
  if (isUnauthorized(error)) return;
  console.warn('Decisão recusada:', error);
  toast.error(reviewMessages.errorTitle, { description: decisionErrorMessage(error, fallback) });
}
