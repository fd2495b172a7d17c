import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useParams } from 'react-router';
import { reviewMessages, type ApplicationDetail } from '@medipay/shared/admin-review';
import { fileFieldLabels, type PjFileField } from '@medipay/shared/files';
import { maskCnpj, maskCpf } from '@medipay/shared/masks';
import {
  areaAtuacaoOptions,
  bancoOptions,
  faturamentoMensalOptions,
  labelOf,
  numeroFuncionariosOptions,
  responsavelCargoOptions,
  tipoContaOptions,
  tipoEmpresaOptions,
} from '@medipay/shared/options';
import { paths } from '@medipay/shared/routes';
import { textLinkClass } from '../../../../components/ui/text-link';
import { adminTitle, useDocumentTitle } from '../../hooks/use-document-title';
import { DecisionActions } from './decision-actions';
import {
  AddressCard,
  ApplicationLoader,
  ConsentsCard,
  contactItems,
  DecisionNotes,
  DetailHeader,
  InfoList,
  SectionCard,
} from './detail-parts';
import { DocumentVersions } from './document-versions';
import { AuditCard, HistoryCard } from './history-card';
import { MedipayAccountCard } from './medipay-account-card';
import { RectificationCard } from './rectification-card';

type PjDetail = Extract<ApplicationDetail, { flow: 'PJ' }>;

const pjDocumentOrder: readonly PjFileField[] = [
  'contratoSocial',
  'cartaoCnpj',
  'comprovanteEndereco',
  'alvaraFuncionamento',
  'cnesDocumento',
  'responsavelDocFrente',
  'responsavelDocVerso',
];

const option = (options: Parameters<typeof labelOf>[0], value: string | undefined) =>
  value ? labelOf(options, value) : '';

function PjDocument({ detail, field }: { detail: PjDetail; field: PjFileField }) {
  const labelId = useId();
  const entry = detail.documents.find((document) => document.field === field);
  const current = entry?.current ?? detail.values[field] ?? null;
  return (
    <li className="rounded-md border p-3">
      <p id={labelId} className="text-sm font-semibold">
        {fileFieldLabels[field]}
      </p>
      {current ? (
        <a
          href={current.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={labelId}
          className={`mt-1 inline-flex items-center gap-1 text-sm ${textLinkClass}`}
        >
          {reviewMessages.viewDocument}
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">Não enviado</p>
      )}
      <DocumentVersions document={entry} />
    </li>
  );
}

function PjDetailView({ detail }: { detail: PjDetail }) {
  const { values } = detail;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <DetailHeader title="Detalhes do Onboarding PJ" detail={detail} list={paths.adminPjList} />
      <DecisionNotes detail={detail} />
      <DecisionActions detail={detail} />
      <MedipayAccountCard detail={detail} />
      <RectificationCard detail={detail} />

      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <SectionCard title="Dados da Empresa">
          <InfoList
            items={[
              { label: 'Razão social', value: values.razaoSocial },
              { label: 'Nome fantasia', value: values.nomeFantasia },
              { label: 'CNPJ', value: values.cnpj ? maskCnpj(values.cnpj) : '' },
              { label: 'Tipo de empresa', value: option(tipoEmpresaOptions, values.tipoEmpresa) },
              { label: 'Área de atuação', value: option(areaAtuacaoOptions, values.areaAtuacao) },
              { label: 'Inscrição estadual', value: values.inscricaoEstadual },
              { label: 'Inscrição municipal', value: values.inscricaoMunicipal },
              { label: 'CNES', value: values.cnes },
              ...contactItems(detail),
            ]}
          />
        </SectionCard>

        <SectionCard title="Responsável Legal">
          <InfoList
            items={[
              { label: 'Nome', value: values.responsavelNome },
              {
                label: 'CPF',
                value: values.responsavelCpf ? maskCpf(values.responsavelCpf) : '',
              },
              { label: 'RG', value: values.responsavelRg },
              { label: 'Cargo', value: option(responsavelCargoOptions, values.responsavelCargo) },
            ]}
          />
        </SectionCard>

        <AddressCard values={values} />

        <SectionCard title="Informações Financeiras">
          <InfoList
            items={[
              { label: 'Banco', value: option(bancoOptions, values.banco) },
              { label: 'Agência', value: values.agencia },
              { label: 'Conta', value: values.conta },
              { label: 'Tipo de conta', value: option(tipoContaOptions, values.tipoConta) },
              {
                label: 'Faturamento mensal',
                value: option(faturamentoMensalOptions, values.faturamentoMensal),
              },
              {
                label: 'Número de funcionários',
                value: option(numeroFuncionariosOptions, values.numeroFuncionarios),
              },
            ]}
          />
        </SectionCard>

        <SectionCard title="Documentos" className="lg:col-span-2">
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {pjDocumentOrder.map((field) => (
              <PjDocument key={field} detail={detail} field={field} />
            ))}
          </ul>
        </SectionCard>

        <ConsentsCard lgpd={values.consentimentoLgpd} kyc={values.consentimentoKyc} />
        <HistoryCard history={detail.history} />
        <AuditCard audit={detail.audit} />
      </div>
    </div>
  );
}

/** 'Detalhes do Onboarding PJ' of one company, with the decisions allowed now. */
export function PjDetailPage() {
  useDocumentTitle(adminTitle('Detalhes do Onboarding PJ'));
  const { id } = useParams();
  return (
    <ApplicationLoader flow="PJ" id={id} list={paths.adminPjList}>
      {(detail) => <PjDetailView detail={detail} />}
    </ApplicationLoader>
  );
}
