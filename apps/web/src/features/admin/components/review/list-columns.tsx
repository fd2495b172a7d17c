import { progressLabel } from '@medipay/shared/status';
import { StatusBadge } from '../../../../components/status-badge';
import type { ListColumn } from './review-flow';

/** 'Status': the status in its tone. Both lists have it. */
export const statusColumn: ListColumn = {
  label: 'Status',
  className: 'whitespace-nowrap',
  render: (item) => <StatusBadge status={item.status} />,
};

/** 'Progresso': the step reached, capped at the last (min(step, 6)/6). Both lists have it. */
export const progressColumn: ListColumn = {
  label: 'Progresso',
  className: 'tabular-nums',
  render: (item) => progressLabel(item.currentStep),
};
