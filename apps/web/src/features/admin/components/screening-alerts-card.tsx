import { ShieldAlert, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { DashboardScreening } from '@medipay/shared/admin';
import { formatDateTime } from '@medipay/shared/dates';
import { screeningListLabels } from '@medipay/shared/screening';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { formatCount } from './format';
import { pfDetailPath, pjDetailPath } from './review/review-paths';
import { scorePercent, staleWarning } from './screening-format';

const linkClass = 'font-medium text-primary underline underline-offset-4 focus-ring rounded-sm';

/** '3 ocorrências a decidir' */
function openHitsText(count: number): string {
  return count === 1 ? '1 ocorrência a decidir' : `${formatCount(count)} ocorrências a decidir`;
}

/**
 * 'Triagem PEP e sanções' on the dashboard: the hits no reviewer decided yet on customers already
 * approved (a list imported after the approval named them), the latest of them with a link to
 * the application, how many hits wait in all, and the lists out of date.
 */
export function ScreeningAlertsCard({ screening }: { screening: DashboardScreening }) {
  const headingId = useId();
  const { openHitsOnApproved, latestOnApproved, openHits, staleLists } = screening;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          Triagem PEP e sanções
        </h2>
        <CardDescription>
          Ocorrências nas listas de PEP e de sanções que ainda aguardam a decisão de um revisor.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-3">
          <p className="flex items-center gap-3">
            <ShieldAlert
              className={`size-6 shrink-0 ${openHitsOnApproved > 0 ? 'text-red-700' : 'text-muted-foreground'}`}
              aria-hidden="true"
            />
            <span>
              <span className="text-3xl font-bold tabular-nums">
                {formatCount(openHitsOnApproved)}
              </span>{' '}
              <span className="text-sm">
                {openHitsOnApproved === 1
                  ? 'nova ocorrência em cliente aprovado'
                  : 'novas ocorrências em clientes aprovados'}
              </span>
            </span>
          </p>
          {latestOnApproved.length > 0 && (
            <ul className="space-y-2">
              {latestOnApproved.map((hit) => (
                <li key={hit.hitId} className="rounded-md border p-3 text-sm">
                  <Link
                    to={hit.flow === 'PF' ? pfDetailPath(hit.recordId) : pjDetailPath(hit.recordId)}
                    className={linkClass}
                  >
                    {hit.name ?? 'Cadastro sem nome'}
                  </Link>
                  <p className="mt-1 break-words">
                    {screeningListLabels[hit.list]}: {hit.entryName} (semelhança{' '}
                    {scorePercent(hit.score)})
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Encontrada em {formatDateTime(hit.foundAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm">
            {openHits === 0
              ? 'Nenhuma ocorrência a decidir.'
              : `${openHitsText(openHits)} no total:`}{' '}
            {openHits > 0 && (
              <>
                <Link to={`${paths.adminPfList}?triagem=pendente`} className={linkClass}>
                  Onboardings PF
                </Link>
                {' · '}
                <Link to={`${paths.adminPjList}?triagem=pendente`} className={linkClass}>
                  Onboardings PJ
                </Link>
              </>
            )}
          </p>
        </div>
        {staleLists.length > 0 ? (
          <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="flex items-center gap-2 font-semibold">
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              Listas desatualizadas
            </p>
            <ul className="space-y-1">
              {staleLists.map((list) => (
                <li key={list.list}>
                  <span className="font-medium">{list.label}</span> — {staleWarning(list)}
                </li>
              ))}
            </ul>
            <Link to={paths.adminScreening} className={linkClass}>
              Ver listas de triagem
            </Link>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Todas as listas estão em dia.</p>
        )}
      </CardContent>
    </Card>
  );
}
