import { BadgeCheck, CircleCheck, CircleX, FileWarning, OctagonX, SearchX } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  reviewMessages,
  type ApplicationDetail,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { formatDateTime } from '@medipay/shared/dates';
import { maskCep } from '@medipay/shared/masks';
import { labelOf, ufOptions } from '@medipay/shared/options';
import { progressLabel } from '@medipay/shared/status';
import { StatusBadge } from '../../../../components/status-badge';
import { Badge } from '../../../../components/ui/badge';
import { buttonVariants } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { isUnauthorized } from '../../api/admin-errors';
import { isApplicationId, isNotFound, useApplication } from '../../api/get-application';
import { LoadError } from '../load-error';
import { BackToListLink } from './back-to-list';
import type { DetailOf } from './review-flow';
import { formatPhone } from './review-format';

/** A card of the detail page: a region named by its heading. */
export function SectionCard({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <Card className={className} role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-4">
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          {title}
        </h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export type InfoItem = { label: string; value: ReactNode };

/** Label and value pairs; an empty value shows a dash. */
export function InfoList({ items }: { items: readonly InfoItem[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(({ label, value }) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value === '' || value == null ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A contact with its 'Verificado' badge when the server verified it. */
export function VerifiedValue({ value, verified }: { value: string; verified: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="break-all">{value || '—'}</span>
      {verified && (
        <Badge variant="success">
          <BadgeCheck className="size-3" aria-hidden="true" />
          Verificado
        </Badge>
      )}
    </span>
  );
}

function ConsentValue({ accepted }: { accepted: boolean | undefined }) {
  return accepted ? (
    <Badge variant="success">
      <CircleCheck className="size-3" aria-hidden="true" />
      {reviewMessages.accepted}
    </Badge>
  ) : (
    <Badge variant="destructive">
      <CircleX className="size-3" aria-hidden="true" />
      {reviewMessages.notAccepted}
    </Badge>
  );
}

/** 'Consentimentos': LGPD and KYC, 'Aceito' or 'Não aceito'. */
export function ConsentsCard({ lgpd, kyc }: { lgpd?: boolean; kyc?: boolean }) {
  return (
    <SectionCard title="Consentimentos">
      <InfoList
        items={[
          { label: 'Consentimento LGPD', value: <ConsentValue accepted={lgpd} /> },
          { label: 'Consentimento KYC', value: <ConsentValue accepted={kyc} /> },
        ]}
      />
    </SectionCard>
  );
}

/** The requirements and the denial's reason of the application, when it has them. */
export function DecisionNotes({ detail }: { detail: ApplicationDetail }) {
  return (
    <>
      {detail.exigencias && (
        <div
          role="note"
          aria-label="Exigências"
          className="flex gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-950"
        >
          <FileWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">Exigências</p>
            <p className="whitespace-pre-line">{detail.exigencias}</p>
          </div>
        </div>
      )}
      {detail.motivoNegacao && (
        <div
          role="note"
          aria-label="Motivo da negação"
          className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950"
        >
          <OctagonX className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">Motivo da negação</p>
            <p className="whitespace-pre-line">{detail.motivoNegacao}</p>
          </div>
        </div>
      )}
    </>
  );
}

/** Title, protocol, creation and review dates, status and step. */
export function DetailHeader({
  title,
  detail,
  list,
  backLabel,
}: {
  title: string;
  detail: ApplicationDetail;
  list: string;
  backLabel?: string;
}) {
  return (
    <div className="space-y-4">
      <BackToListLink list={list} label={backLabel} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-muted-foreground">
            Protocolo: <span className="font-mono text-foreground">{detail.protocolo ?? '—'}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            Criado em {formatDateTime(detail.createdAt)}
          </p>
          {detail.analisadoPor && detail.analisadoEm && (
            <p className="text-sm text-muted-foreground">
              Analisado por {detail.analisadoPor} em {formatDateTime(detail.analisadoEm)}
            </p>
          )}
        </div>
        <div className="flex flex-col items-end gap-2">
          <StatusBadge status={detail.status} />
          <p className="text-sm text-muted-foreground tabular-nums">
            Etapa {progressLabel(detail.currentStep)}
          </p>
        </div>
      </div>
    </div>
  );
}

function NotFound({ list }: { list: string }) {
  return (
    <div className="mx-auto max-w-xl rounded-lg border bg-card p-8 text-center">
      <SearchX className="mx-auto mb-3 size-8 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{reviewMessages.notFound}</h1>
      <div className="mt-6">
        <Link to={list} className={buttonVariants()}>
          {reviewMessages.backToList}
        </Link>
      </div>
    </div>
  );
}

/**
 * Loads one application and renders it, or the loading state, 'Onboarding não encontrado'
 * (unknown or malformed id), or the load error with a retry ('Erro' toast).
 */
export function ApplicationLoader<F extends ApplicationDetail['flow']>({
  flow,
  id,
  list,
  children,
}: {
  flow: F;
  id: string | undefined;
  list: string;
  children: (detail: DetailOf<F>) => ReactNode;
}) {
  const reviewFlow: ReviewFlow = flow === 'PF' ? 'pf' : 'pj';
  const query = useApplication(reviewFlow, id);
  const { error } = query;

  useEffect(() => {
    if (!error || isUnauthorized(error) || isNotFound(error)) return;
    console.warn('Erro ao carregar o onboarding:', error);
    toast.error(reviewMessages.errorTitle, { description: reviewMessages.loadFailed });
  }, [error]);

  if (!isApplicationId(id) || isNotFound(error)) return <NotFound list={list} />;
  const detail = query.data;
  if (detail) {
    return detail.flow === flow ? children(detail as DetailOf<F>) : <NotFound list={list} />;
  }
  if (query.isError) {
    return <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <div className="flex justify-center py-12">
      <Spinner className="text-primary" label="Carregando o onboarding..." />
    </div>
  );
}

/** The e-mail and the phone, each with its 'Verificado' badge when a code confirmed it. */
export function contactItems(detail: ApplicationDetail): InfoItem[] {
  return [
    {
      label: 'E-mail',
      value: <VerifiedValue value={detail.values.email ?? ''} verified={detail.emailVerificado} />,
    },
    {
      label: 'Telefone',
      value: (
        <VerifiedValue
          value={formatPhone(detail.values.telefone)}
          verified={detail.telefoneVerificado}
        />
      ),
    },
  ];
}

/** The 'Endereço' card of both flows. */
export function AddressCard({ values }: { values: ApplicationDetail['values'] }) {
  return (
    <SectionCard title="Endereço">
      <InfoList
        items={[
          { label: 'CEP', value: values.cep ? maskCep(values.cep) : '' },
          { label: 'Logradouro', value: values.logradouro },
          { label: 'Número', value: values.numero },
          { label: 'Complemento', value: values.complemento },
          { label: 'Bairro', value: values.bairro },
          { label: 'Cidade', value: values.cidade },
          { label: 'UF', value: values.uf ? labelOf(ufOptions, values.uf) : '' },
        ]}
      />
    </SectionCard>
  );
}
