import { biometricDecisionLabels } from '@medipay/shared/biometrics';
import { progressLabel } from '@medipay/shared/status';
import { StatusBadge } from '../../../../components/status-badge';
import { Badge } from '../../../../components/ui/badge';
import { ClippedText, fitContent } from './list-parts';
import type { ListColumn } from './review-flow';

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
 * 'Status': the status in its tone, and a biometric check left for a person to review ('Em
 * revisão', the list's filter of the same name). Both lists have it.
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
    </span>
  ),
};

/** 'Progresso': the step reached, capped at the last (min(step, 6)/6). Both lists have it. */
export const progressColumn: ListColumn = {
  label: 'Progresso',
  className: `${fitContent} tabular-nums`,
  render: (item) => progressLabel(item.currentStep),
};
