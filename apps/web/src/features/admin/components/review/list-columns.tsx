import { triagemFilterLabels, triagemFilterValues } from '@medipay/shared/admin-review';
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
  ),
};

/** 'Progresso': the step reached, capped at the last (min(step, 6)/6). Both lists have it. */
export const progressColumn: ListColumn = {
  label: 'Progresso',
  className: `${fitContent} tabular-nums`,
  render: (item) => progressLabel(item.currentStep),
};

/**
 * 'Prazo': the due time while the case awaits analysis (São Paulo date and time), with 'Vence
 * hoje' or 'Atrasado' when it applies; a dash otherwise. Both lists have it.
 */
export const prazoColumn: ListColumn = {
  label: caseMessages.deadline,
  // The badge goes under the date when the row is short of room.
  className: 'w-px min-w-28 tabular-nums',
  render: (item) => {
    if (!item.prazoAnalise) return '—';
    const { prazoStatus } = item;
    return (
      <span className="inline-flex flex-wrap items-center gap-1">
        <span className="whitespace-nowrap">{formatDeadline(item.prazoAnalise)}</span>
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
    );
  },
};

/** 'Responsável': who holds the case ('Assumir análise'); a dash for nobody. Both lists have it. */
export const holderColumn: ListColumn = {
  label: caseListLabels.holder,
  // Narrow, but not one character wide: an e-mail breaks after its '@' first.
  className: 'w-px min-w-36',
  render: (item) =>
    item.analistaEmail ? <ClippedText className="text-sm">{item.analistaEmail}</ClippedText> : '—',
};
