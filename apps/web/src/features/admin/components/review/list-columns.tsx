import { biometricDecisionLabels } from '@medipay/shared/biometrics';
import { progressLabel } from '@medipay/shared/status';
import { StatusBadge } from '../../../../components/status-badge';
import { Badge } from '../../../../components/ui/badge';
import type { ListColumn } from './review-flow';

/**
 * 'Status': the status in its tone, and a biometric check left for a person to review ('Em
 * revisão', the list's filter of the same name). Both lists have it.
 */
export const statusColumn: ListColumn = {
  label: 'Status',
  className: 'whitespace-nowrap',
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
  className: 'tabular-nums',
  render: (item) => progressLabel(item.currentStep),
};
