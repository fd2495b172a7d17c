import { reviewMessages } from '@medipay/shared/admin-review';
import { formatDayMonth, formatShortDate } from '@medipay/shared/dates';
import { maskCnpj } from '@medipay/shared/masks';
import { labelOf, tipoEmpresaOptions, tipoEmpresaValues } from '@medipay/shared/options';
import { pjStatusFilterValues, progressLabel, statusLabel } from '@medipay/shared/status';
import { StatusBadge } from '../../../../components/status-badge';
import { adminTitle, useDocumentTitle } from '../../hooks/use-document-title';
import { LoadError } from '../load-error';
import { FilterSelect } from './filter-select';
import { ListCountBadges } from './list-counts';
import { ListPagination } from './list-pagination';
import {
  ExportCsvLink,
  ListCell,
  ListEmpty,
  ListLoading,
  ListRow,
  ListTable,
  useReviewList,
} from './list-parts';
import { DenyFromListButton, ResendButton, ViewLink } from './list-row-actions';
import { useListUrlState } from './list-url-state';
import { emailLocalPart, orDash } from './review-format';
import { pjDetailPath } from './review-paths';
import { SearchField } from './search-field';

const statusOptions = pjStatusFilterValues.map((value) => ({ value, label: statusLabel(value) }));
const columns = ['Empresa', 'CNPJ', 'Tipo', 'Status', 'Progresso', 'Criado em', 'Ações'] as const;

/** 'Onboardings PJ': totals, search, status and type filters, the page of companies. */
export function PjListPage() {
  useDocumentTitle(adminTitle('Onboardings PJ'));
  const { filters, page, hasFilters, setFilter, setPage } = useListUrlState({
    statuses: pjStatusFilterValues,
    tipos: tipoEmpresaValues,
  });
  const list = useReviewList('pj', filters, page);
  const data = list.data;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Onboardings PJ</h1>
          <p className="text-muted-foreground">
            Gerencie os cadastros das operadoras e empresas de saúde.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {data && <ListCountBadges list={data} />}
          <ExportCsvLink flow="pj" filters={filters} />
        </div>
      </div>

      <div
        role="search"
        className="grid gap-4 rounded-lg border bg-card p-4 md:grid-cols-[2fr_1fr_1fr]"
      >
        <SearchField
          value={filters.search}
          onCommit={(value) => setFilter('q', value)}
          placeholder="Razão social, nome fantasia, CNPJ, e-mail ou protocolo"
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          options={statusOptions}
          onChange={(value) => setFilter('status', value)}
        />
        <FilterSelect
          label="Tipo"
          value={filters.tipo}
          options={tipoEmpresaOptions}
          onChange={(value) => setFilter('tipo', value)}
        />
      </div>

      {data ? (
        data.items.length === 0 ? (
          <ListEmpty>
            {hasFilters ? reviewMessages.emptyFilteredPj : reviewMessages.empty}
          </ListEmpty>
        ) : (
          <>
            <ListTable caption="Onboardings PJ" columns={columns} busy={list.isPlaceholderData}>
              {data.items.map((item) => (
                <ListRow key={item.id}>
                  <ListCell label="Empresa" kind="header" className="font-normal">
                    <span className="block font-medium">
                      {orDash(item.name ?? item.razaoSocial)}
                    </span>
                    {item.email && (
                      <span className="block break-all text-xs text-muted-foreground">
                        {item.email}
                      </span>
                    )}
                  </ListCell>
                  <ListCell label="CNPJ" className="whitespace-nowrap tabular-nums">
                    {item.document ? maskCnpj(item.document) : '—'}
                  </ListCell>
                  <ListCell label="Tipo">
                    {item.tipoEmpresa ? labelOf(tipoEmpresaOptions, item.tipoEmpresa) : '—'}
                  </ListCell>
                  <ListCell label="Status" className="whitespace-nowrap">
                    <StatusBadge status={item.status} />
                  </ListCell>
                  <ListCell label="Progresso" className="tabular-nums">
                    {progressLabel(item.currentStep)}
                  </ListCell>
                  <ListCell label="Criado em" className="whitespace-nowrap tabular-nums">
                    <span className="block">{formatShortDate(item.createdAt)}</span>
                    {item.analisadoPor && item.analisadoEm && (
                      <span className="block text-xs text-muted-foreground">
                        {emailLocalPart(item.analisadoPor)} · {formatDayMonth(item.analisadoEm)}
                      </span>
                    )}
                  </ListCell>
                  <ListCell label="Ações" kind="actions">
                    <div className="flex flex-wrap gap-2">
                      <ViewLink to={pjDetailPath(item.id)} />
                      {item.status === 'EM_EXIGENCIA' && (
                        <>
                          <ResendButton flow="pj" item={item} />
                          <DenyFromListButton flow="pj" item={item} />
                        </>
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
