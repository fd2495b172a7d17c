import { Ban, CheckCircle2, FileWarning, Lock, Mail, RotateCcw, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import type { ApplicationDetail, ReviewFlow } from '@medipay/shared/admin-review';
import { caseMessages } from '@medipay/shared/case-review';
import { reopenApprovedMessages, type MedipayAccount } from '@medipay/shared/medipay-account';
import { statusLabel } from '@medipay/shared/status';
import { Button } from '../../../../components/ui/button';
import { isConflict, useReviewDecision, type DecisionInput } from '../../api/review-decision';
import { ConfirmDialog } from './confirm-dialog';
import { decisionToast, toastDecisionError, toastDecisionSuccess } from './decision-toasts';
import { refusedDocumentsText } from './document-review-controls';
import { FourEyesApprove, needsTwoApprovals } from './four-eyes';
import { ReasonDialog } from './reason-dialog';

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
 * `expectedStatus`. A 409 shows the server's message and reloads the application. While another
 * admin holds the case the server refuses every decision: the buttons stay, disabled, with why.
 */
export function DecisionActions({ detail }: { detail: ApplicationDetail }) {
  const flow: ReviewFlow = detail.flow === 'PF' ? 'pf' : 'pj';
  const decide = useReviewDecision(flow);
  const blockedId = useId();
  const allowed = new Set(detail.allowedActions);
  const pending = decide.isPending;
  const base = { id: detail.id, expectedStatus: detail.status };
  const blocked = detail.case.analista !== null && !detail.case.heldByMe;
  const describedBy = blocked ? blockedId : undefined;

  /** Sends a decision; true when its dialog may close (done, or moot after a 409). */
  async function run(input: DecisionInput): Promise<boolean> {
    const toasts = decisionToast(flow, input.action);
    try {
      const answer = await decide.mutateAsync(input);
      // The first approval of a four-eyes case keeps the status: it awaits the second one.
      const firstApproval =
        input.action === 'approve' &&
        answer?.status === input.expectedStatus &&
        answer.case.primeiraAprovacao !== null;
      if (firstApproval) {
        toast.success(caseMessages.firstApproved);
      } else {
        toastDecisionSuccess(toasts);
      }
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
      {blocked && (
        <p
          id={blockedId}
          className="mb-3 flex items-start gap-2 text-sm font-medium text-muted-foreground"
        >
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {caseMessages.heldByOther}
        </p>
      )}
      <div className="flex flex-wrap items-start gap-2">
        {allowed.has('approve') && needsTwoApprovals(detail) && (
          <FourEyesApprove
            detail={detail}
            pending={pending}
            blockedBy={describedBy}
            onApprove={(nota) => run({ ...base, action: 'approve', nota })}
          />
        )}
        {allowed.has('approve') && !needsTwoApprovals(detail) && (
          <ConfirmDialog
            trigger={
              <Button
                type="button"
                className="bg-green-700 hover:bg-green-800"
                disabled={blocked}
                aria-describedby={describedBy}
              >
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
              <Button
                type="button"
                variant="outline"
                className="text-yellow-900"
                disabled={blocked}
                aria-describedby={describedBy}
              >
                <FileWarning aria-hidden="true" />
                Em Exigência
              </Button>
            }
            title="Colocar em exigência"
            description="Descreva o que precisa ser corrigido. O solicitante receberá as exigências por e-mail."
            fieldLabel="Exigências"
            fieldHint={caseMessages.applicantNoteLabel}
            initialText={refusedDocumentsText(detail.documents)}
            internalNoteLabel={caseMessages.internalNoteLabel}
            confirmLabel="Enviar Exigências"
            pendingLabel="Enviando..."
            pending={pending}
            onSubmit={(exigencias, notaInterna) =>
              run({ ...base, action: 'request-changes', exigencias, notaInterna })
            }
          />
        )}
        {allowed.has('deny') && (
          <ReasonDialog
            trigger={
              <Button
                type="button"
                variant="destructive"
                disabled={blocked}
                aria-describedby={describedBy}
              >
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
            fieldHint={caseMessages.applicantNoteLabel}
            internalNoteLabel={caseMessages.internalNoteLabel}
            confirmLabel="Confirmar Negação"
            pendingLabel="Negando..."
            destructive
            pending={pending}
            onSubmit={(motivo, notaInterna) =>
              run({ ...base, action: 'deny', motivo, notaInterna })
            }
          />
        )}
        {allowed.has('reopen') && (
          <ConfirmDialog
            trigger={
              <Button
                type="button"
                variant="outline"
                disabled={blocked}
                aria-describedby={describedBy}
              >
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
            disabled={pending || blocked}
            aria-describedby={describedBy}
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
