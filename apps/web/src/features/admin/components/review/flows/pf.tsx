import {
  biometriaFilterLabels,
  biometriaFilterValues,
  reviewMessages,
} from '@medipay/shared/admin-review';
import { maskCpf } from '@medipay/shared/masks';
import { paths } from '@medipay/shared/routes';
import { pfStatusFilterValues } from '@medipay/shared/status';
import { progressColumn, statusColumn } from '../list-columns';
import { ClippedText } from '../list-parts';
import type { ReviewFlowDefinition } from '../review-flow';
import { formatListDateTime, orDash } from '../review-format';
import { pfDetailPath } from '../review-paths';

/**
 * The health professionals' applications in the back office (back-office.md, 'PF list' and 'PF
 * detail'). Only PF has the 'Biometria' filter: the applications whose face check is em
 * revisão, for a reviewer to decide.
 */
export const pfReview: ReviewFlowDefinition = {
  api: 'pf',
  detailPath: pfDetailPath,
  list: {
    path: paths.adminPfList,
    title: 'Onboardings PF',
    description: 'Cadastros de profissionais de saúde (pessoa física).',
    searchPlaceholder: 'Nome, CPF, e-mail ou protocolo',
    filterGridClassName: 'sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]',
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
    ],
    emptyFiltered: reviewMessages.emptyFiltered,
    columns: [
      {
        label: 'Protocolo',
        className: 'font-mono text-xs',
        render: (item) => orDash(item.protocolo),
      },
      { label: 'Nome', kind: 'header', render: (item) => orDash(item.name) },
      {
        label: 'CPF',
        className: 'whitespace-nowrap tabular-nums',
        render: (item) => (item.document ? maskCpf(item.document) : '—'),
      },
      {
        // A share of the row; two lines at most, the whole address on hover.
        label: 'E-mail',
        wide: true,
        className: 'min-w-44',
        render: (item) => <ClippedText>{orDash(item.email)}</ClippedText>,
      },
      statusColumn,
      progressColumn,
      {
        label: 'Criado em',
        className: 'whitespace-nowrap tabular-nums',
        render: (item) => formatListDateTime(item.createdAt),
      },
    ],
    resendFromList: false,
  },
};
