import { useId } from 'react';
import type { ApplicationCounters } from '@medipay/shared/admin';
import { formatCount, formatPercent, formatRate } from './format';

type Counter = { label: string; value: string; hint?: string };

function countersOf(counters: ApplicationCounters): Counter[] {
  return [
    { label: 'Total', value: formatCount(counters.total) },
    { label: 'Pendentes de análise', value: formatCount(counters.pending) },
    { label: 'Em exigência', value: formatCount(counters.inRequirement) },
    { label: 'Aprovados', value: formatCount(counters.approved) },
    { label: 'Negados', value: formatCount(counters.denied) },
    { label: 'Criados hoje', value: formatCount(counters.createdToday) },
    {
      label: 'Taxa de aprovação',
      value: formatPercent(counters.approvalRate),
      hint: 'aprovados sobre o total de cadastros',
    },
    {
      label: 'Aprovação entre decididos',
      value: formatRate(counters.decidedApprovalRate),
      hint: 'aprovados sobre aprovados e negados',
    },
  ];
}

/** One flow's counters ('Onboardings PF' or 'Onboardings PJ'). */
export function CountersSection({
  title,
  counters,
}: {
  title: string;
  counters: ApplicationCounters;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {countersOf(counters).map(({ label, value, hint }) => (
          <div key={label} className="rounded-lg border bg-card p-4 shadow-sm">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
            {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
