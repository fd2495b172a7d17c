import { reviewMessages } from '@medipay/shared/admin-review';
import { formatDayMonth, formatShortDate } from '@medipay/shared/dates';
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
import { pjStatusFilterValues } from '@medipay/shared/status';
import { AddressCard, contactItems, InfoList, SectionCard } from '../detail-parts';
import { IdentityComparisonTable } from '../identity-comparison';
import { NameWithEmail, progressColumn, statusColumn, triagemFilter } from '../list-columns';
import { fitContent } from '../list-parts';
import { PjDocumentsCard } from '../pj-documents-card';
import type { DetailOf, ReviewFlowDefinition } from '../review-flow';
import { emailLocalPart, orDash } from '../review-format';
import { pjDetailPath } from '../review-paths';

const option = (options: Parameters<typeof labelOf>[0], value: string | undefined) =>
  value ? labelOf(options, value) : '';

/**
 * A company's cards (back-office.md, 'PJ detail'): the company, its legal representative, the
 * address, the bank and size, and the documents.
 */
function PjCards({ detail }: { detail: DetailOf<'PJ'> }) {
  const { values } = detail;
  return (
    <>
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

      <PjDocumentsCard detail={detail} />
      <SectionCard title="Verificação de identidade" className="lg:col-span-2">
        <IdentityComparisonTable
          identity={detail.identity}
          caption="Dados informados pelo solicitante, da Receita Federal (consulta do CNPJ feita no cadastro) e lidos do documento do responsável"
        />
      </SectionCard>
    </>
  );
}

/**
 * The companies' applications in the back office (back-office.md, 'PJ list' and 'PJ detail').
 * Only PJ has the 'Tipo' filter and column, the reviewer under 'Criado em', 'Reenviar' (the
 * requirements e-mail again) on an EM_EXIGENCIA row, and the company's cards.
 */
export const pjReview: ReviewFlowDefinition<'PJ'> = {
  flow: 'PJ',
  api: 'pj',
  detailPath: pjDetailPath,
  list: {
    path: paths.adminPjList,
    title: 'Onboardings PJ',
    description: 'Gerencie os cadastros das operadoras e empresas de saúde.',
    searchPlaceholder: 'Razão social, nome fantasia, CNPJ, e-mail ou protocolo',
    filterGridClassName: 'md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]',
    statuses: pjStatusFilterValues,
    filters: [{ param: 'tipo', label: 'Tipo', options: tipoEmpresaOptions }, triagemFilter],
    emptyFiltered: reviewMessages.emptyFilteredPj,
    columns: [
      {
        label: 'Empresa',
        kind: 'header',
        className: 'font-normal',
        render: (item) => (
          <NameWithEmail name={orDash(item.name ?? item.razaoSocial)} email={item.email} />
        ),
      },
      {
        label: 'CNPJ',
        className: `${fitContent} tabular-nums`,
        render: (item) => (item.document ? maskCnpj(item.document) : '—'),
      },
      {
        label: 'Tipo',
        // Its words one under the other when the row is short of room: the name comes first.
        className: 'w-px',
        render: (item) => (item.tipoEmpresa ? labelOf(tipoEmpresaOptions, item.tipoEmpresa) : '—'),
      },
      statusColumn,
      progressColumn,
      {
        label: 'Criado em',
        className: `${fitContent} tabular-nums`,
        render: (item) => (
          <>
            <span className="block">{formatShortDate(item.createdAt)}</span>
            {item.analisadoPor && item.analisadoEm && (
              <span className="block text-xs text-muted-foreground">
                {emailLocalPart(item.analisadoPor)} · {formatDayMonth(item.analisadoEm)}
              </span>
            )}
          </>
        ),
      },
    ],
    resendFromList: true,
  },
  detail: { title: 'Detalhes do Onboarding PJ', Cards: PjCards },
};
