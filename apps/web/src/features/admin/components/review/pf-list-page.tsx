import { maskCpf } from '@medipay/shared/masks';
import {
  biometriaFilterLabels,
  biometriaFilterValues,
  reviewMessages,
} from '@medipay/shared/admin-review';
import { pfStatusFilterValues, progressLabel, statusLabel } from '@medipay/shared/status';
import { StatusBadge } from '../../../../components/status-badge';
import { adminTitle, useDocumentTitle } from '../../hooks/use-document-title';
import { LoadError } from '../load-error';
import { FilterSelect } from './filter-select';
import { ListCountBadges } from './list-counts';
import { ListPagination } from './list-pagination';
import { ExportCsvLink, ListEmpty, ListLoading, ListTable, useReviewList } from './list-parts';
import { DenyFromListButton, ViewLink } from './list-row-actions';
import { useListUrlState } from './list-url-state';
import { orDash, formatListDateTime } from './review-format';
import { pfDetailPath } from './review-paths';
import { SearchField } from './search-field';

const statusOptions = pfStatusFilterValues.map((value) => ({ value, label: statusLabel(value) }));
const biometriaOptions = biometriaFilterValues.map((value) => ({
  value,
  label: biometriaFilterLabels[value],
}));
const columns = [
  'Protocolo',
  'Nome',
  'CPF',
  'E-mail',
  'Status',
  'Progresso',
  'Criado em',
  'Ações',
] as const;

/**
 * 'Onboardings PF': search, status and biometrics filters (the applications em revisão
 * biométrica), the page of applications and their actions.
 */
export function PfListPage() {
  useDocumentTitle(adminTitle('Onboardings PF'));
  const { filters, page, hasFilters, setFilter, setPage } = useListUrlState({
    statuses: pfStatusFilterValues,
    biometrias: biometriaFilterValues,
  });
  const list = useReviewList('pf', filters, page);
  const data = list.data;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Onboardings PF</h1>
          <p className="text-muted-foreground">
            Cadastros de profissionais de saúde (pessoa física).
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {data && <ListCountBadges list={data} />}
          <ExportCsvLink flow="pf" filters={filters} />
        </div>
      </div>

      <div
        role="search"
        className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]"
      >
        <SearchField
          value={filters.search}
          onCommit={(value) => setFilter('q', value)}
          placeholder="Nome, CPF, e-mail ou protocolo"
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          options={statusOptions}
          onChange={(value) => setFilter('status', value)}
        />
        <FilterSelect
          label="Biometria"
          value={filters.biometria}
          options={biometriaOptions}
          onChange={(value) => setFilter('biometria', value)}
        />
      </div>

      {data ? (
        data.items.length === 0 ? (
          <ListEmpty>{hasFilters ? reviewMessages.emptyFiltered : reviewMessages.empty}</ListEmpty>
        ) : (
          <>
            <ListTable caption="Onboardings PF" columns={columns} busy={list.isPlaceholderData}>
              {data.items.map((item) => (
                <tr key={item.id} className="border-t align-middle">
                  <td className="px-4 py-3 font-mono text-xs whitespace-nowrap">
                    {orDash(item.protocolo)}
                  </td>
                  <th scope="row" className="px-4 py-3 font-medium">
                    {orDash(item.name)}
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                    {item.document ? maskCpf(item.document) : '—'}
                  </td>
                  <td className="px-4 py-3 break-all">{orDash(item.email)}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={item.status} />
                  </td>
                  <td className="px-4 py-3 tabular-nums">{progressLabel(item.currentStep)}</td>
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                    {formatListDateTime(item.createdAt)}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-2">
                      <ViewLink to={pfDetailPath(item.id)} />
                      {item.status === 'EM_EXIGENCIA' && (
                        <DenyFromListButton flow="pf" item={item} />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </ListTable>
            <ListPagination
              page={page}
              list={data}
              busy={list.isPlaceholderData}
              onPage={setPage}
            />
          </>
        )
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <ListLoading />
      )}
    </div>
  );
}
