import { Clock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { dashboardCaseMessages, type DashboardCases } from '@medipay/shared/back-office';
import { caseMessages, type prazoFilterValues } from '@medipay/shared/case-review';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatCount } from './format';
import { formatDuration } from './review/review-format';

type PrazoFilter = (typeof prazoFilterValues)[number];

const flows = [
  { key: 'pf', title: 'Onboardings PF', list: paths.adminPfList },
  { key: 'pj', title: 'Onboardings PJ', list: paths.adminPjList },
] as const;

/**
 * One count of a flow, as a link to its list with the same filter ('Vence hoje', 'Atrasados').
 * Its name adds the flow to what it shows, for a screen reader that lists the links alone.
 */
function QueueLink({
  to,
  count,
  label,
  flowTitle,
  alert,
}: {
  to: string;
  count: number;
  label: string;
  flowTitle: string;
  alert: boolean;
}) {
  return (
    <Link
      to={to}
      aria-label={`${formatCount(count)} ${label} (${flowTitle})`}
      className="block rounded-md border p-3 transition-colors hover:bg-accent focus-ring"
    >
      <span
        className={cn(
          'block text-2xl font-bold tabular-nums',
          alert && count > 0 && 'text-red-700',
        )}
      >
        {formatCount(count)}
      </span>{' '}
      <span className="block text-sm text-primary underline underline-offset-4">
        {label}
        <span className="sr-only">{` (${flowTitle})`}</span>
      </span>
    </Link>
  );
}

/**
 * 'Prazos de análise' on the dashboard: in each flow, the cases awaiting analysis due today and
 * the overdue ones, each a link to the list so filtered; and the median time from entering
 * analysis to a decision over the last 30 days.
 */
export function CaseDeadlinesCard({ cases }: { cases: DashboardCases }) {
  const headingId = useId();
  const listOf = (list: string, prazo: PrazoFilter) => `${list}?prazo=${prazo}`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          {dashboardCaseMessages.title}
        </h2>
        <CardDescription>{dashboardCaseMessages.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          {flows.map((flow) => (
            <div key={flow.key} className="space-y-2">
              <p className="font-medium">{flow.title}</p>
              <div className="grid grid-cols-2 gap-2">
                <QueueLink
                  to={listOf(flow.list, 'vence_hoje')}
                  count={cases[flow.key].dueToday}
                  label={caseMessages.dueToday}
                  flowTitle={flow.title}
                  alert={false}
                />
                <QueueLink
                  to={listOf(flow.list, 'atrasados')}
                  count={cases[flow.key].overdue}
                  label={caseMessages.overdue}
                  flowTitle={flow.title}
                  alert
                />
              </div>
            </div>
          ))}
        </div>
        <div className="flex items-start gap-3 rounded-md border p-3">
          <Clock className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dl>
            <dt className="text-sm text-muted-foreground">{caseMessages.medianDecision}</dt>
            <dd className="text-2xl font-bold tabular-nums">
              {formatDuration(cases.medianDecisionMs)}
            </dd>
            <dd className="text-xs text-muted-foreground">
              {cases.decisions === 0
                ? dashboardCaseMessages.noDecisions
                : dashboardCaseMessages.decisionsOver(cases.decisions)}
            </dd>
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}
