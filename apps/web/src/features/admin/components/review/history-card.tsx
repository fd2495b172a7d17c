import { ArrowRight } from 'lucide-react';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { auditActionLabels } from '@medipay/shared/audit-labels';
import { formatDateTime } from '@medipay/shared/dates';
import { statusLabel } from '@medipay/shared/status';
import { SectionCard } from './detail-parts';

type History = ApplicationDetail['history'];
type Audit = ApplicationDetail['audit'];

const actorLabels = { applicant: 'Solicitante', system: 'Sistema', admin: 'Administrador' };

const byDate = <T extends { createdAt: string }>(entries: readonly T[]) =>
  [...entries].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));

/** 'Histórico de status': every transition, oldest first: from → to, who, when, why. */
export function HistoryCard({ history }: { history: History }) {
  return (
    <SectionCard title="Histórico de status">
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma alteração de status registrada.</p>
      ) : (
        <ol className="relative space-y-4 border-l-2 border-muted pl-5">
          {byDate(history).map((entry, index) => (
            <li key={`${entry.createdAt}-${index}`} className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[1.72rem] top-1.5 size-3 rounded-full border-2 border-white bg-primary"
              />
              <p className="flex flex-wrap items-center gap-1 font-medium">
                <span>{entry.fromStatus ? statusLabel(entry.fromStatus) : 'Início'}</span>
                <ArrowRight className="size-4" aria-hidden="true" />
                <span className="sr-only">para</span>
                <span>{statusLabel(entry.toStatus)}</span>
              </p>
              <p className="text-sm text-muted-foreground">
                {entry.actorEmail ?? actorLabels[entry.actorType]} ·{' '}
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </p>
              {entry.reason && (
                <p className="mt-1 text-sm whitespace-pre-line">Motivo: {entry.reason}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}

/** 'Ações administrativas': the audit trail of the admins' actions, oldest first. */
export function AuditCard({ audit }: { audit: Audit }) {
  return (
    <SectionCard title="Ações administrativas">
      {audit.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma ação administrativa registrada.</p>
      ) : (
        <ul className="divide-y">
          {byDate(audit).map((entry, index) => (
            <li key={`${entry.createdAt}-${index}`} className="py-3 first:pt-0 last:pb-0">
              <p className="font-medium">{auditActionLabels[entry.action] ?? entry.action}</p>
              <p className="text-sm text-muted-foreground">
                {entry.adminEmail} ·{' '}
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </p>
              {entry.motivo && <p className="mt-1 text-sm">Motivo: {entry.motivo}</p>}
              {entry.observacoes && (
                <p className="mt-1 text-sm whitespace-pre-line">{entry.observacoes}</p>
              )}
              {entry.notaInterna && (
                <p className="mt-2 rounded-md border border-dashed bg-muted p-2 text-sm break-words whitespace-pre-line">
                  <span className="font-semibold">Nota interna:</span> {entry.notaInterna}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
