import { useEffect, useId, useRef } from 'react';
import { reviewMessages } from '@medipay/shared/admin-review';
import { caseListLabels, listSortLabels } from '@medipay/shared/back-office';
import {
  analistaFilterLabels,
  caseMessages,
  prazoFilterLabels,
  prazoFilterValues,
} from '@medipay/shared/case-review';
import { statusLabel } from '@medipay/shared/status';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Label } from '../../../../components/ui/label';
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
import { listSortValues, useListUrlState } from './list-url-state';
import type { ApplicationFlow, ReviewFlowDefinition } from './review-flow';
import { SearchField } from './search-field';

/**
 * A flow's list ('Onboardings PF', 'Onboardings PJ'): totals, search, status and the flow's own
 * filters, case management's (due time, 'Minhas análises', the sort), the page of applications
 * with the flow's columns (the status with its due time and holder), and the actions of each row.
 */
export function ReviewListPage<F extends ApplicationFlow>({
  flow,
}: {
  flow: ReviewFlowDefinition<F>;
}) {
  // One list per flow: its search box and dialogs start afresh when the flow changes.
  return <ListView key={flow.api} flow={flow} />;
}

function ListView<F extends ApplicationFlow>({ flow }: { flow: ReviewFlowDefinition<F> }) {
  const { list: definition } = flow;
  useDocumentTitle(adminTitle(definition.title));
  const { filters, page, hasFilters, setFilter, setPage } = useListUrlState({
    statuses: definition.statuses,
    choices: Object.fromEntries(
      definition.filters.map((filter) => [
        filter.param,
        filter.options.map((option) => option.value),
      ]),
    ),
  });
  const list = useReviewList(flow.api, filters, page);
  const data = list.data;
  // Anterior and Próxima are below the rows: the page they bring is read from its first row.
  const resultsTop = useRef<HTMLDivElement>(null);
  const paged = useRef(false);
  const changePage: typeof setPage = (...args) => {
    paged.current = true;
    setPage(...args);
  };
  useEffect(() => {
    if (!paged.current || !data || list.isPlaceholderData) return;
    paged.current = false;
    resultsTop.current?.scrollIntoView?.({ block: 'start', behavior: 'instant' });
  }, [data, list.isPlaceholderData]);
  const statusOptions = definition.statuses.map((value) => ({ value, label: statusLabel(value) }));
  const listColumns = definition.columns;
  const columns = [...listColumns.map((column) => column.label), 'Ações'];

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{definition.title}</h1>
          <p className="text-muted-foreground">{definition.description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {data && <ListCountBadges list={data} />}
          <ExportCsvLink flow={flow.api} filters={filters} />
        </div>
      </div>

      <div
        role="search"
        className={`grid gap-4 rounded-lg border bg-card p-4 ${definition.filterGridClassName}`}
      >
        <SearchField
          value={filters.search}
          onCommit={(value) => setFilter('q', value)}
          placeholder={definition.searchPlaceholder}
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          options={statusOptions}
          onChange={(value) => setFilter('status', value)}
        />
        {definition.filters.map((filter) => (
          <FilterSelect
            key={filter.param}
            label={filter.label}
            value={filters[filter.param]}
            options={filter.options}
            onChange={(value) => setFilter(filter.param, value)}
          />
        ))}
        <FilterSelect
          label={caseMessages.deadline}
          value={filters.prazo}
          options={prazoOptions}
          onChange={(value) => setFilter('prazo', value)}
        />
        <FilterSelect
          label={caseListLabels.sort}
          value={filters.sort}
          options={sortOptions}
          placeholder={listSortLabels.created_desc}
          onChange={(value) => setFilter('sort', value)}
        />
        <MineToggle
          checked={filters.analista === 'minhas'}
          onChange={(mine) => setFilter('analista', mine ? 'minhas' : '')}
        />
      </div>

      {data ? (
        data.items.length === 0 ? (
          <ListEmpty>{hasFilters ? definition.emptyFiltered : reviewMessages.empty}</ListEmpty>
        ) : (
          <div ref={resultsTop} className="scroll-mt-24 space-y-6">
            <ListTable caption={definition.title} columns={columns} busy={list.isPlaceholderData}>
              {data.items.map((item) => (
                <ListRow key={item.id}>
                  {listColumns.map(({ label, render, ...cell }) => (
                    <ListCell key={label} label={label} {...cell}>
                      {render(item)}
                    </ListCell>
                  ))}
                  <ListCell label="Ações" kind="actions">
                    <div className="flex flex-wrap gap-2">
                      <ViewLink to={flow.detailPath(item.id)} />
                      {item.status === 'EM_EXIGENCIA' && (
                        <>
                          {definition.resendFromList && (
                            <ResendButton flow={flow.api} item={item} />
                          )}
                          <DenyFromListButton flow={flow.api} item={item} />
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
              onPage={changePage}
            />
          </div>
        )
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <ListLoading />
      )}
    </div>
  );
}

const prazoOptions = prazoFilterValues.map((value) => ({ value, label: prazoFilterLabels[value] }));
const sortOptions = listSortValues.map((value) => ({ value, label: listSortLabels[value] }));

/** 'Minhas análises': only the cases the signed-in admin holds. */
function MineToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    // As tall as the selects beside it, on their line.
    <div className="flex h-10 items-center gap-2 self-end">
      <Checkbox id={id} checked={checked} onCheckedChange={(state) => onChange(state === true)} />
      <Label htmlFor={id} className="cursor-pointer">
        {analistaFilterLabels.minhas}
      </Label>
    </div>
  );
}
