import { reviewMessages } from '@medipay/shared/admin-review';
import { formatDayMonth, formatShortDate } from '@medipay/shared/dates';
import { maskCnpj } from '@medipay/shared/masks';
import { labelOf, tipoEmpresaOptions } from '@medipay/shared/options';
import { paths } from '@medipay/shared/routes';
import { pjStatusFilterValues } from '@medipay/shared/status';
import { progressColumn, statusColumn } from '../list-columns';
import type { ReviewFlowDefinition } from '../review-flow';
import { emailLocalPart, orDash } from '../review-format';
import { pjDetailPath } from '../review-paths';

/**
 * The companies' applications in the back office (back-office.md, 'PJ list' and 'PJ detail').
 * Only PJ has the 'Tipo' filter and column, the reviewer under 'Criado em', and 'Reenviar' (the
 * requirements e-mail again) on an EM_EXIGENCIA row.
 */
export const pjReview: ReviewFlowDefinition = {
  api: 'pj',
  detailPath: pjDetailPath,
  list: {
    path: paths.adminPjList,
    title: 'Onboardings PJ',
    description: 'Gerencie os cadastros das operadoras e empresas de saúde.',
    searchPlaceholder: 'Razão social, nome fantasia, CNPJ, e-mail ou protocolo',
    filterGridClassName: 'md:grid-cols-[2fr_1fr_1fr]',
    statuses: pjStatusFilterValues,
    filters: [{ param: 'tipo', label: 'Tipo', options: tipoEmpresaOptions }],
    emptyFiltered: reviewMessages.emptyFilteredPj,
    columns: [
      {
        label: 'Empresa',
        kind: 'header',
        className: 'font-normal',
        render: (item) => (
          <>
            <span className="block font-medium">{orDash(item.name ?? item.razaoSocial)}</span>
            {item.email && (
              <span className="block break-all text-xs text-muted-foreground">{item.email}</span>
            )}
          </>
        ),
      },
      {
        label: 'CNPJ',
        className: 'whitespace-nowrap tabular-nums',
        render: (item) => (item.document ? maskCnpj(item.document) : '—'),
      },
      {
        label: 'Tipo',
        render: (item) => (item.tipoEmpresa ? labelOf(tipoEmpresaOptions, item.tipoEmpresa) : '—'),
      },
      statusColumn,
      progressColumn,
      {
        label: 'Criado em',
        className: 'whitespace-nowrap tabular-nums',
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
};
