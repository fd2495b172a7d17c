import { Ban, Eye, Mail } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import {
  reviewMessages,
  type ApplicationListItem,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { Button, buttonVariants } from '../../../../components/ui/button';
import { useReviewDecision, isConflict } from '../../api/review-decision';
import { decisionToast, toastDecisionError, toastDecisionSuccess } from './decision-toasts';
import { ReasonDialog } from './reason-dialog';
import type { BackState } from './back-to-list';

/** 'Ver': the application's page, remembering the list (filters and page) to come back to. */
export function ViewLink({ to }: { to: string }) {
  const location = useLocation();
  const state: BackState = { from: `${location.pathname}${location.search}` };
  return (
    <Link to={to} state={state} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <Eye aria-hidden="true" />
      Ver
    </Link>
  );
}

/**
 * 'Negar' from a list (EM_EXIGENCIA only): the spec's prompt as a dialog with a required reason.
 */
export function DenyFromListButton({
  flow,
  item,
}: {
  flow: ReviewFlow;
  item: ApplicationListItem;
}) {
  const decide = useReviewDecision(flow);
  return (
    <ReasonDialog
      trigger={
        <Button type="button" variant="outline" size="sm" className="text-red-800">
          <Ban aria-hidden="true" />
          Negar
        </Button>
      }
      title={reviewMessages.denyPrompt}
      description={`${item.name ?? 'Onboarding'}${item.protocolo ? ` (${item.protocolo})` : ''}`}
      fieldLabel="Motivo da negação"
      confirmLabel="Negar"
      pendingLabel="Negando..."
      destructive
      pending={decide.isPending}
      onSubmit={async (motivo) => {
        try {
          await decide.mutateAsync({
            id: item.id,
            action: 'deny',
            expectedStatus: item.status,
            motivo,
          });
          toastDecisionSuccess(decisionToast(flow, 'deny'));
          return true;
        } catch (error) {
          toastDecisionError(error, decisionToast(flow, 'deny').failure);
          return isConflict(error);
        }
      }}
    />
  );
}

/** 'Reenviar' (EM_EXIGENCIA only): the requirements e-mail again. */
export function ResendButton({ flow, item }: { flow: ReviewFlow; item: ApplicationListItem }) {
  const decide = useReviewDecision(flow);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={decide.isPending}
      onClick={() =>
        decide.mutate(
          { id: item.id, action: 'resend-requirements', expectedStatus: item.status },
          {
            onSuccess: () => toastDecisionSuccess(decisionToast(flow, 'resend-requirements')),
            onError: (error) =>
              toastDecisionError(error, decisionToast(flow, 'resend-requirements').failure),
          },
        )
      }
    >
      <Mail aria-hidden="true" />
      {decide.isPending ? 'Reenviando...' : 'Reenviar'}
    </Button>
  );
}
