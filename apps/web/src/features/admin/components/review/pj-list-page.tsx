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
import { ExportCsvLink, ListEmpty, ListLoading, ListTable, useReviewList } from './list-parts';
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
                <tr key={item.id} className="border-t align-middle">
                  <th scope="row" className="px-4 py-3 font-normal">
                    <span className="block font-medium">
                      {orDash(item.name ?? item.razaoSocial)}
                    </span>
                    {item.email && (
                      <span className="block break-all text-xs text-muted-foreground">
                        {item.email}
                      </span>
                    )}
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                    {item.document ? maskCnpj(item.document) : '—'}
                  </td>
                  <td className="px-4 py-3">
                    {item.tipoEmpresa ? labelOf(tipoEmpresaOptions, item.tipoEmpresa) : '—'}
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={item.status} />
                  </td>
                  <td className="px-4 py-3 tabular-nums">{progressLabel(item.currentStep)}</td>
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                    <span className="block">{formatShortDate(item.createdAt)}</span>
                    {item.analisadoPor && item.analisadoEm && (
                      <span className="block text-xs text-muted-foreground">
                        {emailLocalPart(item.analisadoPor)} · {formatDayMonth(item.analisadoEm)}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-2">
                      <ViewLink to={pjDetailPath(item.id)} />
                      {item.status === 'EM_EXIGENCIA' && (
                        <>
                          <ResendButton flow="pj" item={item} />
                          <DenyFromListButton flow="pj" item={item} />
                        </>
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
