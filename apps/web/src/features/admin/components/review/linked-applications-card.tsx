import { useId } from 'react';
import { Link } from 'react-router';
import type { ReviewFlow } from '@medipay/shared/admin-review';
import {
  caseMessages,
  linkAttributeLabels,
  type LinkedApplication,
} from '@medipay/shared/case-review';
import { formatDateTime } from '@medipay/shared/dates';
import { maskCnpj, maskCpf } from '@medipay/shared/masks';
import { StatusBadge } from '../../../../components/status-badge';
import { Spinner } from '../../../../components/ui/spinner';
import { textLinkClass } from '../../../../components/ui/text-link';
import { useLinkedApplications } from '../../api/get-linked-applications';
import { LoadError } from '../load-error';
import { SectionCard } from './detail-parts';
import { formatScore } from './review-format';
import { pfDetailPath, pjDetailPath } from './review-paths';

const flowNames = { PF: 'Pessoa física', PJ: 'Pessoa jurídica' } as const;

/** A linked application's CPF (PF) or CNPJ (PJ), masked; a dash when it has none yet. */
function documentOf(item: LinkedApplication): string {
  if (!item.document) return '—';
  return item.flow === 'PF' ? maskCpf(item.document) : maskCnpj(item.document);
}

/** One linked application: who, where it stands, and what it shares with this one. */
function LinkedItem({ item }: { item: LinkedApplication }) {
  const headingId = useId();
  const path = item.flow === 'PF' ? pfDetailPath(item.id) : pjDetailPath(item.id);
  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-3 rounded-md border p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold">
              <Link to={path} className={textLinkClass}>
                {item.name ?? item.protocolo ?? 'Cadastro sem nome'}
              </Link>
            </h3>
            <p className="text-sm text-muted-foreground">
              {flowNames[item.flow]} · <span className="tabular-nums">{documentOf(item)}</span>
            </p>
          </div>
          <StatusBadge status={item.status} />
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-muted-foreground">Protocolo</dt>
            <dd className="font-mono break-all">{item.protocolo ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Criado em</dt>
            <dd>
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">Em comum</dt>
            <dd>
              <ul className="space-y-0.5">
                {item.shared.map(({ attribute, value }) => (
                  <li key={`${attribute}-${value}`} className="break-words">
                    <span className="font-medium">{linkAttributeLabels[attribute]}:</span>{' '}
                    <span className="break-all">{value}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Semelhança facial</dt>
            <dd className="font-medium tabular-nums">{formatScore(item.faceSimilarity)}</dd>
          </div>
        </dl>
      </article>
    </li>
  );
}

/**
 * 'Cadastros relacionados' (decision 023): the applications that share a CPF or CNPJ, an e-mail,
 * a phone, a device, a partner or a face with this one, each linked to its own page.
 */
export function LinkedApplicationsCard({ flow, id }: { flow: ReviewFlow; id: string }) {
  const links = useLinkedApplications(flow, id);
  const { data } = links;
  return (
    <SectionCard title={caseMessages.linkedTitle}>
      {data ? (
        <div className="space-y-4">
          {data.items.length === 0 ? (
            <p className="text-muted-foreground">{caseMessages.linkedEmpty}</p>
          ) : (
            <ul className="space-y-4">
              {data.items.map((item) => (
                <LinkedItem key={`${item.flow}-${item.id}`} item={item} />
              ))}
            </ul>
          )}
          {/* Only PF applications have a selfie to search with. */}
          {flow === 'pf' && !data.faceSearched && (
            <p className="text-sm text-muted-foreground">
              Sem busca por rosto semelhante: este cadastro não tem uma selfie analisada.
            </p>
          )}
        </div>
      ) : links.isError ? (
        <LoadError onRetry={() => void links.refetch()} retrying={links.isFetching} />
      ) : (
        <div className="flex justify-center py-6">
          <Spinner className="text-primary" label="Carregando os cadastros relacionados..." />
        </div>
      )}
    </SectionCard>
  );
}
