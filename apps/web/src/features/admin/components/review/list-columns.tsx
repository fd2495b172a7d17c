import { triagemFilterLabels, triagemFilterValues } from '@medipay/shared/admin-review';
import { biometricDecisionLabels } from '@medipay/shared/biometrics';
import { progressLabel } from '@medipay/shared/status';
import { StatusBadge } from '../../../../components/status-badge';
import { Badge } from '../../../../components/ui/badge';
import { ClippedText, fitContent } from './list-parts';
import type { ListColumn, ListFilter } from './review-flow';

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
