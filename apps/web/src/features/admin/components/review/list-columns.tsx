import { triagemFilterLabels, triagemFilterValues } from '@medipay/shared/admin-review';
import type { ApplicationListItem } from '@medipay/shared/admin-review';
import { caseListLabels } from '@medipay/shared/back-office';
import { biometricDecisionLabels } from '@medipay/shared/biometrics';
import { caseMessages, deadlineStatusLabels } from '@medipay/shared/case-review';
import { progressLabel } from '@medipay/shared/status';
import { StatusBadge } from '../../../../components/status-badge';
import { Badge } from '../../../../components/ui/badge';
import { ClippedText, fitContent } from './list-parts';
import type { ListColumn, ListFilter } from './review-flow';
import { formatDeadline } from './review-format';

/**
 * The row's title: the name, with the e-mail under it, each on two lines at most in the table
 * (whole on hover and on the application's page), whole on a card.
 */
export function NameWithEmail({ name, email }: { name: string; email: string | null }) {
  return (
    <>
      <ClippedText className="font-medium">{name}</ClippedText>
      {email && (
        <ClippedText className="mt-0.5 text-xs font-normal text-muted-foreground">
          {email}
        </ClippedText>
      )}
    </>
  );
}

/**
 * 'Triagem': the applications with PEP or sanctions hits that no reviewer decided yet. Both
 * lists have it.
 */
export const triagemFilter: ListFilter = {
  param: 'triagem',
  label: 'Triagem',
  options: triagemFilterValues.map((value) => ({ value, label: triagemFilterLabels[value] })),
};

/**
 * 'Status': the status in its tone, a biometric check left for a person to review ('Em
 * revisão', the list's filter of the same name) and screening hits to decide ('Triagem
 * pendente', the 'Triagem' filter). Both lists have it.
 */
export const statusColumn: ListColumn = {
  label: 'Status',
  className: fitContent,
  render: (item) => (
    <span className="flex flex-col items-start gap-1">
      <span className="inline-flex flex-wrap items-center gap-1">
        <StatusBadge status={item.status} />
        {item.biometricDecision === 'em_revisao' && (
          <Badge variant="outline" className="border-amber-400 text-amber-900">
            <span className="sr-only">Biometria: </span>
            {biometricDecisionLabels.em_revisao}
          </Badge>
        )}
        {item.openScreeningHits && (
          <Badge variant="outline" className="border-red-400 text-red-900">
            Triagem pendente
          </Badge>
        )}
      </span>
      <CaseLine item={item} />
    </span>
  ),
};

/** 'Progresso': the step reached, capped at the last (min(step, 6)/6). Both lists have it. */
export const progressColumn: ListColumn = {
  label: 'Progresso',
  className: `${fitContent} tabular-nums`,
  render: (item) => progressLabel(item.currentStep),
};

/**
 * Under the status: the due time while the case awaits analysis (São Paulo date and time) with
 * 'Vence hoje' or 'Atrasado' when it applies, and who holds the case (the e-mail's name part, the
 * whole address on hover). In the status cell rather than columns of their own, so the table
 * stays inside its box at 1280 px.
 */
function CaseLine({ item }: { item: ApplicationListItem }) {
  const { prazoStatus, prazoAnalise, analistaEmail } = item;
  if (!prazoAnalise && !analistaEmail) return null;
  // Date and time may sit on two lines when the row is short of room.
  const [day, time] = prazoAnalise ? formatDeadline(prazoAnalise).split(' ') : [];
  return (
    <span className="flex flex-col items-start gap-1 text-xs tabular-nums">
      {prazoAnalise && (
        <span className="inline-flex flex-wrap items-center gap-1">
          <span>
            <span className="sr-only">{caseMessages.deadline}: </span>
            <span className="whitespace-nowrap">{day}</span>{' '}
            <span className="whitespace-nowrap">{time}</span>
          </span>
          {prazoStatus === 'atrasado' && (
            <Badge variant="outline" className="border-red-400 text-red-900">
              {deadlineStatusLabels.atrasado}
            </Badge>
          )}
          {prazoStatus === 'vence_hoje' && (
            <Badge variant="outline" className="border-amber-400 text-amber-900">
              {deadlineStatusLabels.vence_hoje}
            </Badge>
          )}
        </span>
      )}
      {analistaEmail && (
        <span
          className="line-clamp-1 text-muted-foreground [overflow-wrap:anywhere]"
          title={analistaEmail}
        >
          <span className="sr-only">{caseListLabels.holder}: </span>
          {analistaEmail.split('@')[0]}
        </span>
      )}
    </span>
  );
}
