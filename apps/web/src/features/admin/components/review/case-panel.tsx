import { FileDown, LogOut, UserCheck, UserRoundPen } from 'lucide-react';
import { useId } from 'react';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { caseMessages, deadlineStatusLabels, type ReviewCase } from '@medipay/shared/case-review';
import { formatDateTime } from '@medipay/shared/dates';
import { Badge, type BadgeVariant } from '../../../../components/ui/badge';
import { Button, buttonVariants } from '../../../../components/ui/button';
import { reviewFlowOf, caseFailures, useRunCaseAction } from './case-action-run';
import { ConfirmDialog } from './confirm-dialog';

type DeadlineStatus = NonNullable<ReviewCase['prazoStatus']>;

const deadlineTones: Record<DeadlineStatus, BadgeVariant> = {
  no_prazo: 'secondary',
  vence_hoje: 'warning',
  atrasado: 'destructive',
};

/** Who holds the case, as the admin reads it, and since when. */
function Holder({ reviewCase }: { reviewCase: ReviewCase }) {
  const { analista } = reviewCase;
  if (!analista) return <span>{caseMessages.unassigned}</span>;
  return (
    <>
      <span className="wrap-anywhere">
        {reviewCase.heldByMe ? caseMessages.heldByYou : caseMessages.heldBy(analista.email)}
      </span>
      <span className="block text-sm font-normal text-muted-foreground">
        desde <time dateTime={analista.desde}>{formatDateTime(analista.desde)}</time>
      </span>
    </>
  );
}

/** 'Assumir análise', 'Assumir no lugar' (confirmed first) or 'Liberar análise'. */
function HolderActions({ detail }: { detail: ApplicationDetail }) {
  const { run, pending } = useRunCaseAction(detail);
  const { analista, heldByMe } = detail.case;

  if (heldByMe) {
    return (
      <Button
        type="button"
        variant="outline"
        disabled={pending}
        onClick={() =>
          void run(
            { action: 'release', expectedStatus: detail.status },
            { success: caseMessages.released, failure: caseFailures.release },
          )
        }
      >
        <LogOut aria-hidden="true" />
        {caseMessages.release}
      </Button>
    );
  }
  // Nothing left to decide: nobody needs to take the case (a holder may still let it go).
  if (detail.allowedActions.length === 0) return null;
  if (!analista) {
    return (
      <Button
        type="button"
        disabled={pending}
        onClick={() =>
          void run(
            { action: 'assign', expectedHolderId: null, takeOver: false },
            { success: caseMessages.assigned, failure: caseFailures.assign },
          )
        }
      >
        <UserCheck aria-hidden="true" />
        {caseMessages.assign}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline">
          <UserRoundPen aria-hidden="true" />
          {caseMessages.takeOver}
        </Button>
      }
      title={`${caseMessages.takeOver}?`}
      description={caseMessages.takeOverConfirm(analista.email)}
      confirmLabel={caseMessages.takeOver}
      pendingLabel="Assumindo..."
      pending={pending}
      onConfirm={() =>
        run(
          { action: 'assign', expectedHolderId: analista.id, takeOver: true },
          { success: caseMessages.assigned, failure: caseFailures.assign },
        )
      }
    />
  );
}

/**
 * The case at the top of the application (decision 023): the due time and how it stands, who
 * holds the case with the actions to take it or let it go, and 'Exportar dossiê'.
 */
export function CasePanel({ detail }: { detail: ApplicationDetail }) {
  const headingId = useId();
  const { prazo, prazoStatus } = detail.case;
  const dossier = `/api/admin/applications/${reviewFlowOf(detail)}/${encodeURIComponent(detail.id)}/dossier.pdf`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border bg-card p-4">
      <h2 id={headingId} className="sr-only">
        Análise do cadastro
      </h2>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <dl className="grid min-w-0 gap-x-8 gap-y-3 sm:grid-cols-2">
          {prazo && (
            <div className="min-w-0">
              <dt className="text-sm text-muted-foreground">{caseMessages.deadline}</dt>
              <dd className="flex flex-wrap items-center gap-2 font-medium">
                <time dateTime={prazo}>{formatDateTime(prazo)}</time>
                {prazoStatus && (
                  <Badge variant={deadlineTones[prazoStatus]} data-deadline={prazoStatus}>
                    {deadlineStatusLabels[prazoStatus]}
                  </Badge>
                )}
              </dd>
            </div>
          )}
          <div className="min-w-0">
            <dt className="text-sm text-muted-foreground">Responsável</dt>
            <dd className="font-medium">
              <Holder reviewCase={detail.case} />
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <HolderActions detail={detail} />
          <a href={dossier} download className={buttonVariants({ variant: 'outline' })}>
            <FileDown aria-hidden="true" />
            {caseMessages.exportDossier}
          </a>
        </div>
      </div>
    </section>
  );
}
