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
import {
  ClippedText,
  ExportCsvLink,
  ListCell,
  ListEmpty,
  ListLoading,
  ListRow,
  ListTable,
  useReviewList,
} from './list-parts';
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
                <ListRow key={item.id}>
                  <ListCell label="Protocolo" className="font-mono text-xs">
                    {orDash(item.protocolo)}
                  </ListCell>
                  <ListCell label="Nome" kind="header">
                    {orDash(item.name)}
                  </ListCell>
                  <ListCell label="CPF" className="whitespace-nowrap tabular-nums">
                    {item.document ? maskCpf(item.document) : '—'}
                  </ListCell>
                  {/* A share of the row; two lines at most, the whole address on hover. */}
                  <ListCell label="E-mail" wide className="min-w-44">
                    <ClippedText>{orDash(item.email)}</ClippedText>
                  </ListCell>
                  <ListCell label="Status" className="whitespace-nowrap">
                    <StatusBadge status={item.status} />
                  </ListCell>
                  <ListCell label="Progresso" className="tabular-nums">
                    {progressLabel(item.currentStep)}
                  </ListCell>
                  <ListCell label="Criado em" className="whitespace-nowrap tabular-nums">
                    {formatListDateTime(item.createdAt)}
                  </ListCell>
                  <ListCell label="Ações" kind="actions">
                    <div className="flex flex-wrap gap-2">
                      <ViewLink to={pfDetailPath(item.id)} />
                      {item.status === 'EM_EXIGENCIA' && (
                        <DenyFromListButton flow="pf" item={item} />
                      )}
                    </div>
                  </ListCell>
                </ListRow>
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
