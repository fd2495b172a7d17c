import { Ban, CheckCircle2, FileWarning, Mail, RotateCcw, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ApplicationDetail, ReviewFlow } from '@medipay/shared/admin-review';
import { reopenApprovedMessages, type MedipayAccount } from '@medipay/shared/medipay-account';
import { statusLabel } from '@medipay/shared/status';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog';
import { isConflict, useReviewDecision, type DecisionInput } from '../../api/review-decision';
import { DialogActions } from '../dialog-actions';
import { decisionToast, toastDecisionError, toastDecisionSuccess } from './decision-toasts';
import { ReasonDialog } from './reason-dialog';

/** A decision that needs only a confirmation (approve, back to analysis). */
function ConfirmDialog({
  trigger,
  title,
  description,
  details,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  /** What else the admin should know before confirming. */
  details?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {details}
        <DialogActions
          pending={pending}
          label={confirmLabel}
          pendingLabel={pendingLabel}
          onConfirm={() => {
            void onConfirm().then((close) => close && setOpen(false));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * What 'Voltar para Análise' leaves standing on an approved application and what the applicant
 * is told: nothing on the MediPay platform is undone (review-decisions.service.ts).
 */
function ReopenApprovedDetails({ medipay }: { medipay: MedipayAccount | null }) {
  const account = medipay?.state === 'done';
  const linkSent = account && medipay.onboardingSentAt !== null;
  const lines = [
    ...(account
      ? [reopenApprovedMessages.accountStays]
      : [reopenApprovedMessages.creationSuspended]),
    ...(linkSent ? [reopenApprovedMessages.linkStays] : []),
    reopenApprovedMessages.applicantTold({ account, linkSent }),
  ];
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * The decisions the server allows now (`allowedActions`), each sending the status shown as
 * `expectedStatus`. A 409 shows the server's message and reloads the application.
 */
export function DecisionActions({ detail }: { detail: ApplicationDetail }) {
  const flow: ReviewFlow = detail.flow === 'PF' ? 'pf' : 'pj';
  const decide = useReviewDecision(flow);
  const allowed = new Set(detail.allowedActions);
  const pending = decide.isPending;
  const base = { id: detail.id, expectedStatus: detail.status };

  /** Sends a decision; true when its dialog may close (done, or moot after a 409). */
  async function run(input: DecisionInput): Promise<boolean> {
    const toasts = decisionToast(flow, input.action);
    try {
      await decide.mutateAsync(input);
      toastDecisionSuccess(toasts);
      return true;
    } catch (error) {
      toastDecisionError(error, toasts.failure);
      return isConflict(error);
    }
  }

  if (allowed.size === 0) return null;

  return (
    <section aria-labelledby="review-actions" className="rounded-lg border bg-card p-4">
      <h2 id="review-actions" className="sr-only">
        Ações
      </h2>
      <div className="flex flex-wrap gap-2">
        {allowed.has('approve') && (
          <ConfirmDialog
            trigger={
              <Button type="button" className="bg-green-700 hover:bg-green-800">
                <CheckCircle2 aria-hidden="true" />
                Aprovar
              </Button>
            }
            title="Aprovar onboarding?"
            description="O cadastro será marcado como aprovado."
            confirmLabel="Aprovar"
            pendingLabel="Aprovando..."
            pending={pending}
            onConfirm={() => run({ ...base, action: 'approve' })}
          />
        )}
        {allowed.has('request-changes') && (
          <ReasonDialog
            trigger={
              <Button type="button" variant="outline" className="text-yellow-900">
                <FileWarning aria-hidden="true" />
                Em Exigência
              </Button>
            }
            title="Colocar em exigência"
            description="Descreva o que precisa ser corrigido. O solicitante receberá as exigências por e-mail."
            fieldLabel="Exigências"
            confirmLabel="Enviar Exigências"
            pendingLabel="Enviando..."
            pending={pending}
            onSubmit={(exigencias) => run({ ...base, action: 'request-changes', exigencias })}
          />
        )}
        {allowed.has('deny') && (
          <ReasonDialog
            trigger={
              <Button type="button" variant="destructive">
                <Ban aria-hidden="true" />
                Negar
              </Button>
            }
            title="Negar onboarding"
            description={
              <span className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-900">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                Esta ação não pode ser desfeita. O solicitante será notificado por e-mail.
              </span>
            }
            fieldLabel="Motivo da negação"
            confirmLabel="Confirmar Negação"
            pendingLabel="Negando..."
            destructive
            pending={pending}
            onSubmit={(motivo) => run({ ...base, action: 'deny', motivo })}
          />
        )}
        {allowed.has('reopen') && (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline">
                <RotateCcw aria-hidden="true" />
                Voltar para Análise
              </Button>
            }
            title="Voltar para Análise?"
            description={`O onboarding voltará para o status ${statusLabel('EM_ANALISE')} e poderá ser decidido de novo.`}
            details={
              detail.status === 'APROVADO' ? (
                <ReopenApprovedDetails medipay={detail.medipay} />
              ) : undefined
            }
            confirmLabel="Voltar para Análise"
            pendingLabel="Alterando..."
            pending={pending}
            onConfirm={() => run({ ...base, action: 'reopen' })}
          />
        )}
        {allowed.has('resend-requirements') && (
          <Button
            type="button"
            variant="outline"
            disabled={pending}
            onClick={() => void run({ ...base, action: 'resend-requirements' })}
          >
            <Mail aria-hidden="true" />
            Reenviar exigências
          </Button>
        )}
      </div>
    </section>
  );
}
