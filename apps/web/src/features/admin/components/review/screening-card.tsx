import { CircleCheck, CircleX } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { reviewMessages, type ReviewFlow } from '@medipay/shared/admin-review';
import { formatDateTime } from '@medipay/shared/dates';
import {
  screeningHitStatusLabels,
  screeningListKinds,
  screeningListLabels,
  screeningSubjectRoleLabels,
  type ScreeningHit,
  type ScreeningHitStatus,
} from '@medipay/shared/screening';
import { Badge, type BadgeVariant } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { isUnauthorized } from '../../api/admin-errors';
import { useDecideScreeningHit } from '../../api/decide-screening-hit';
import { useApplicationScreening } from '../../api/get-application-screening';
import { decisionErrorMessage, isConflict } from '../../api/review-decision';
import { LoadError } from '../load-error';
import { scorePercent } from '../screening-format';
import { SectionCard } from './detail-parts';
import { ReasonDialog } from './reason-dialog';

export const screeningMessages = {
  title: 'Triagem PEP e sanções',
  empty: 'Nenhuma ocorrência nas listas.',
  confirmed: 'Ocorrência confirmada',
  dismissed: 'Ocorrência descartada',
  decisionFailed: 'Não foi possível registrar a decisão',
} as const;

const statusTones: Record<ScreeningHitStatus, BadgeVariant> = {
  aberto: 'warning',
  confirmado: 'destructive',
  descartado: 'secondary',
  retirado: 'outline',
};

/** When the application was last screened against each list ('Nunca' before the first time). */
function LastScreenings({ lastScreenedAt }: { lastScreenedAt: Record<string, string | null> }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">Última triagem por lista</h3>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {screeningListKinds.map((list) => {
          const at = lastScreenedAt[list];
          return (
            <div key={list} className="min-w-0">
              <dt className="text-muted-foreground">{screeningListLabels[list]}</dt>
              <dd className="font-medium">{at ? formatDateTime(at) : 'Nunca'}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

type Decide = (
  hit: ScreeningHit,
  decision: 'confirmado' | 'descartado',
  motivo: string,
) => Promise<boolean>;

/** 'Confirmar' and 'Descartar' of an undecided hit, each asking for the reason. */
function HitActions({
  hit,
  pending,
  onDecide,
}: {
  hit: ScreeningHit;
  pending: boolean;
  onDecide: Decide;
}) {
  const entry = `${hit.entryName}, da lista ${screeningListLabels[hit.list]}`;
  return (
    <div className="flex flex-wrap gap-2">
      <ReasonDialog
        trigger={
          <Button type="button" variant="destructive" size="sm">
            <CircleCheck aria-hidden="true" />
            Confirmar
          </Button>
        }
        title="Confirmar ocorrência"
        description={`${hit.subjectName} corresponde a ${entry}. A decisão fica registrada com o motivo e não pode ser desfeita.`}
        fieldLabel="Motivo"
        confirmLabel="Confirmar ocorrência"
        pendingLabel="Salvando..."
        destructive
        pending={pending}
        onSubmit={(motivo) => onDecide(hit, 'confirmado', motivo)}
      />
      <ReasonDialog
        trigger={
          <Button type="button" variant="outline" size="sm">
            <CircleX aria-hidden="true" />
            Descartar
          </Button>
        }
        title="Descartar ocorrência"
        description={`${hit.subjectName} não corresponde a ${entry}. Enquanto o registro da lista não mudar, ele não volta a alertar.`}
        fieldLabel="Motivo"
        confirmLabel="Descartar ocorrência"
        pendingLabel="Salvando..."
        pending={pending}
        onSubmit={(motivo) => onDecide(hit, 'descartado', motivo)}
      />
    </div>
  );
}

/** One hit: the list entry, who matched it, how well and why, and its decision. */
function HitItem({
  hit,
  pending,
  onDecide,
}: {
  hit: ScreeningHit;
  pending: boolean;
  onDecide: Decide;
}) {
  const headingId = useId();
  const summary = Object.entries(hit.entrySummary).filter(([, value]) => value);
  const list = screeningListLabels[hit.list];
  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-3 rounded-md border p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground">
              {hit.version === null ? list : `${list} · versão ${hit.version}`}
            </p>
            <h3 id={headingId} className="font-semibold break-words">
              {hit.entryName}
            </h3>
          </div>
          <Badge variant={statusTones[hit.status]}>{screeningHitStatusLabels[hit.status]}</Badge>
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-muted-foreground">Pessoa verificada</dt>
            <dd className="font-medium break-words">
              {screeningSubjectRoleLabels[hit.subjectRole]}: {hit.subjectName}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Semelhança</dt>
            <dd className="font-medium tabular-nums">{scorePercent(hit.score)}</dd>
          </div>
          {summary.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
          <div>
            <dt className="text-muted-foreground">Encontrada em</dt>
            <dd className="font-medium">{formatDateTime(hit.foundAt)}</dd>
          </div>
        </dl>
        {hit.reasons.length > 0 && (
          <div className="text-sm">
            <p className="text-muted-foreground">Motivos da semelhança</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {hit.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        )}
        {hit.status === 'aberto' ? (
          <HitActions hit={hit} pending={pending} onDecide={onDecide} />
        ) : (
          hit.decidedAt && (
            <div className="rounded-md bg-muted p-3 text-sm">
              <p>
                {screeningHitStatusLabels[hit.status]} por {hit.decidedByEmail ?? '—'} em{' '}
                {formatDateTime(hit.decidedAt)}
              </p>
              {hit.decisionReason && (
                <p className="mt-1 break-words whitespace-pre-line">
                  <span className="font-medium">Motivo:</span> {hit.decisionReason}
                </p>
              )}
            </div>
          )
        )}
      </article>
    </li>
  );
}

/**
 * 'Triagem PEP e sanções' (issue 24, item 4): the application's hits on the PEP, CEIS, CNEP and
 * UN lists, undecided first, each with its reasons; a reviewer confirms or dismisses an
 * undecided one with a reason. Also when the application was last screened on each list.
 */
export function ScreeningCard({ flow, id }: { flow: ReviewFlow; id: string }) {
  const screening = useApplicationScreening(flow, id);
  const decide = useDecideScreeningHit(flow, id);

  const onDecide: Decide = async (hit, decision, motivo) => {
    try {
      await decide.mutateAsync({ hitId: hit.id, decision, motivo });
      toast.success(
        decision === 'confirmado' ? screeningMessages.confirmed : screeningMessages.dismissed,
      );
      return true;
    } catch (error) {
      if (isUnauthorized(error)) return false;
      console.warn('Decisão de triagem recusada:', error);
      toast.error(reviewMessages.errorTitle, {
        description: decisionErrorMessage(error, screeningMessages.decisionFailed),
      });
      // After a 409 the hit shows its decision: the dialog has nothing left to do.
      return isConflict(error);
    }
  };

  const { data } = screening;
  return (
    <SectionCard title={screeningMessages.title}>
      {data ? (
        <div className="space-y-6">
          {data.hits.length === 0 ? (
            <p className="text-muted-foreground">{screeningMessages.empty}</p>
          ) : (
            <ul className="space-y-4">
              {data.hits.map((hit) => (
                <HitItem key={hit.id} hit={hit} pending={decide.isPending} onDecide={onDecide} />
              ))}
            </ul>
          )}
          <LastScreenings lastScreenedAt={data.lastScreenedAt} />
        </div>
      ) : screening.isError ? (
        <LoadError onRetry={() => void screening.refetch()} retrying={screening.isFetching} />
      ) : (
        <div className="flex justify-center py-6">
          <Spinner className="text-primary" label="Carregando a triagem..." />
        </div>
      )}
    </SectionCard>
  );
}
