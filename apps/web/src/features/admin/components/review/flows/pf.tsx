import {
  biometriaFilterLabels,
  biometriaFilterValues,
  reviewMessages,
} from '@medipay/shared/admin-review';
import { maskCpf } from '@medipay/shared/masks';
import {
  estadoCivilOptions,
  labelOf,
  nacionalidadeOptions,
  pepTipoOptions,
} from '@medipay/shared/options';
import { paths } from '@medipay/shared/routes';
import { pfStatusFilterValues } from '@medipay/shared/status';
import { AddressCard, contactItems, InfoList, SectionCard } from '../detail-parts';
import { IdentityChecksCard } from '../identity-checks-card';
import { NameWithEmail, progressColumn, statusColumn, triagemFilter } from '../list-columns';
import { fitContent } from '../list-parts';
import { PfDocumentsCard } from '../pf-documents-card';
import type { DetailOf, ReviewFlowDefinition } from '../review-flow';
import { formatListDateTime, orDash } from '../review-format';
import { pfDetailPath } from '../review-paths';

type PfDetail = DetailOf<'PF'>;

function PersonalDataCard({ detail }: { detail: PfDetail }) {
  const { values } = detail;
  return (
    <SectionCard title="Dados Pessoais">
      <InfoList
        items={[
          { label: 'Nome completo', value: values.nomeCompleto },
          { label: 'CPF', value: values.cpf ? maskCpf(values.cpf) : '' },
          {
            label: 'Nacionalidade',
            value: values.nacionalidade ? labelOf(nacionalidadeOptions, values.nacionalidade) : '',
          },
          {
            label: 'Estado civil',
            value: values.estadoCivil ? labelOf(estadoCivilOptions, values.estadoCivil) : '',
          },
          ...contactItems(detail),
        ]}
      />
    </SectionCard>
  );
}

/** 'Informações PEP', only when the applicant made a declaration. */
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

/**
 * A person's cards: personal data, address, the documents with the selfies, the identity
 * checks (document reading, face match, liveness) and the PEP declaration.
 */
function PfCards({ detail }: { detail: PfDetail }) {
  const { values } = detail;
  return (
    <>
      <PersonalDataCard detail={detail} />
      <AddressCard values={values} />
      <PfDocumentsCard detail={detail} />
      <IdentityChecksCard detail={detail} />
      <PepCard detail={detail} />
    </>
  );
}

/**
 * The health professionals' applications in the back office (back-office.md, 'PF list' and 'PF
 * detail'). Only PF has the 'Biometria' filter (the applications whose face check is em
 * revisão, for a reviewer to decide) and the identity checks and PEP cards.
 */
export const pfReview: ReviewFlowDefinition<'PF'> = {
  flow: 'PF',
  api: 'pf',
  detailPath: pfDetailPath,
  list: {
    path: paths.adminPfList,
    title: 'Onboardings PF',
    description: 'Cadastros de profissionais de saúde (pessoa física).',
    searchPlaceholder: 'Nome, CPF, e-mail ou protocolo',
    filterGridClassName: 'sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]',
    statuses: pfStatusFilterValues,
    filters: [
      {
        param: 'biometria',
        label: 'Biometria',
        options: biometriaFilterValues.map((value) => ({
          value,
          label: biometriaFilterLabels[value],
        })),
      },
      triagemFilter,
    ],
    emptyFiltered: reviewMessages.emptyFiltered,
    // Fit for 1280 px beside the menu: the e-mail under the name (as the PJ list has it), the
    // other columns as wide as their content, the name the rest of the row.
    columns: [
      {
        label: 'Protocolo',
        // One line on a phone's card too.
        wide: true,
        className: `${fitContent} font-mono text-xs`,
        render: (item) => orDash(item.protocolo),
      },
      {
        label: 'Nome',
        kind: 'header',
        className: 'font-normal',
        render: (item) => <NameWithEmail name={orDash(item.name)} email={item.email} />,
      },
      {
        label: 'CPF',
        className: `${fitContent} tabular-nums`,
        render: (item) => (item.document ? maskCpf(item.document) : '—'),
      },
      statusColumn,
      progressColumn,
      {
        label: 'Criado em',
        className: `${fitContent} tabular-nums`,
        render: (item) => formatListDateTime(item.createdAt),
      },
    ],
    resendFromList: false,
  },
  detail: { title: 'Detalhes do Onboarding', Cards: PfCards },
};
