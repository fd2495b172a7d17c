import { useParams } from 'react-router';
import { formatDate } from '@medipay/shared/dates';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { maskCpf } from '@medipay/shared/masks';
import {
  estadoCivilOptions,
  labelOf,
  nacionalidadeOptions,
  pepTipoOptions,
} from '@medipay/shared/options';
import { paths } from '@medipay/shared/routes';
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
import { AuditCard, HistoryCard } from './history-card';
import { IdentityChecksCard } from './identity-checks-card';
import { MedipayAccountCard } from './medipay-account-card';
import { PfDocumentsCard } from './pf-documents-card';
import { RectificationCard } from './rectification-card';

type PfDetail = Extract<ApplicationDetail, { flow: 'PF' }>;

/** A stored date (`yyyy-MM-dd`) as `dd/MM/yyyy`; anything else as is. */
function displayDate(value: string | undefined): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(`${value}T12:00:00Z`) : value;
}

function PepCard({ detail }: { detail: PfDetail }) {
  const { values } = detail;
  if (!values.pepTipo) return null;
  const declared = values.pepTipo !== 'NAO';
  return (
    <SectionCard title="Informações PEP">
      <InfoList
        items={[
          { label: 'Declaração', value: labelOf(pepTipoOptions, values.pepTipo) },
          ...(declared
            ? [
                { label: 'Nome da PEP', value: values.pepNome },
                { label: 'CPF da PEP', value: values.pepCpf ? maskCpf(values.pepCpf) : '' },
                { label: 'Cargo', value: values.pepCargo },
                { label: 'Órgão', value: values.pepOrgao },
              ]
            : []),
        ]}
      />
    </SectionCard>
  );
}

function PfDetailView({ detail }: { detail: PfDetail }) {
  const { values } = detail;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <DetailHeader title="Detalhes do Onboarding" detail={detail} list={paths.adminPfList} />
      <DecisionNotes detail={detail} />
      <DecisionActions detail={detail} />
      <MedipayAccountCard detail={detail} />
      <RectificationCard detail={detail} />

      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <SectionCard title="Dados Pessoais">
          <InfoList
            items={[
              { label: 'Nome completo', value: values.nomeCompleto },
              { label: 'CPF', value: values.cpf ? maskCpf(values.cpf) : '' },
              {
                label: 'Nacionalidade',
                value: values.nacionalidade
                  ? labelOf(nacionalidadeOptions, values.nacionalidade)
                  : '',
              },
              {
                label: 'Estado civil',
                value: values.estadoCivil ? labelOf(estadoCivilOptions, values.estadoCivil) : '',
              },
              ...contactItems(detail),
            ]}
          />
        </SectionCard>

        <AddressCard values={values} />

        <PfDocumentsCard detail={detail} />

        <IdentityChecksCard
          detail={{
            ...detail,
            values: {
              ...values,
              docIdentidadeValidade: displayDate(values.docIdentidadeValidade),
            },
          }}
        />

        <PepCard detail={detail} />
        <ConsentsCard lgpd={values.consentimentoLgpd} kyc={values.consentimentoKyc} />
        <HistoryCard history={detail.history} />
        <AuditCard audit={detail.audit} />
      </div>
    </div>
  );
}

/** 'Detalhes do Onboarding' of one PF application, with the decisions allowed now. */
export function PfDetailPage() {
  useDocumentTitle(adminTitle('Detalhes do Onboarding'));
  const { id } = useParams();
  return (
    <ApplicationLoader flow="PF" id={id} list={paths.adminPfList}>
      {(detail) => <PfDetailView detail={detail} />}
    </ApplicationLoader>
  );
}
