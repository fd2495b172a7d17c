import type { ApplicationList } from '@medipay/shared/admin-review';
import { Badge } from '../../../../components/ui/badge';
import { formatCount } from '../format';

/** A list's count: '1.234', or 'mais de 10.000' when the server stopped counting at its cap. */
export function countLabel(value: number, capped: boolean): string {
  return capped ? `mais de ${formatCount(value)}` : formatCount(value);
}

/** The 'Total' and 'Filtrados' badges of a list. */
export function ListCountBadges({ list }: { list: ApplicationList }) {
  return (
    <>
      <Badge variant="secondary" className="text-sm">
        Total: {countLabel(list.total, list.totalCapped)}
      </Badge>
      <Badge variant="outline" className="text-sm">
        Filtrados: {countLabel(list.filtered, list.filteredCapped)}
      </Badge>
    </>
  );
}
