import { useId } from 'react';
import type { BackOfficeDashboard } from '@medipay/shared/back-office';
import { formatDateTime } from '@medipay/shared/dates';
import { defaultRetentionPeriods } from '@medipay/shared/retention';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';

/** 'Retenção de dados': what the daily job deleted on its last run. */
export function RetentionCard({ retention }: { retention: BackOfficeDashboard['retention'] }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold">
          Retenção de dados
        </h2>
        <CardDescription>
          Todos os dias, o que passou do prazo é eliminado: cadastros não concluídos após{' '}
          {defaultRetentionPeriods.abandonedDays} dias sem acesso, códigos de verificação após{' '}
          {defaultRetentionPeriods.codesDays} dias, e os demais prazos da política de privacidade.
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        {retention ? (
          <p>
            <span className="font-medium">
              Última execução em{' '}
              <time dateTime={retention.lastRunAt}>{formatDateTime(retention.lastRunAt)}</time>:
            </span>{' '}
            {retention.summary}.
          </p>
        ) : (
          <p>A rotina de retenção ainda não foi executada.</p>
        )}
      </CardContent>
    </Card>
  );
}
