import type { ReactNode } from 'react';
import { DOCUMENT_ORDER_KEYS, type DocumentOrderKey } from '@fieldwork/domain/billing/billing.schemas';
import { ESTIMATE_PAGE_SIZE, type EstimateListItem } from '@fieldwork/domain/billing/estimates.schemas';
import type { EstimateStatus } from '@fieldwork/domain/billing/estimates.rules';
import { INVOICE_PAGE_SIZE, type InvoiceListItem } from '@fieldwork/domain/billing/invoices.schemas';
import type { InvoiceStatus } from '@fieldwork/domain/billing/invoices.rules';
import type { SortState } from '../../components/data-table';
import type { MultiSelectOption } from '../../components/multi-select';
import { SearchInput } from '../../components/search-input';
import { SortSelect, type SortOption } from '../../components/sort-select';
import { usePagedList, type PagedList } from '../../lib/use-paged-list';
import { billingKeys, estimatesApi, invoicesApi } from '../../features/billing/billing.api';
import { DocumentFilter, documentFilterCount, type DocumentFilterValues } from './document-filter';

/** Phones have no table headers: the sortable columns as a select (sort keys of the list API). */
export const DOCUMENT_MOBILE_SORTS: readonly SortOption[] = [
  { value: 'createdOn:desc', label: 'Newest first' },
  { value: 'createdOn:asc', label: 'Oldest first' },
  { value: 'amount:desc', label: 'Amount (high–low)' },
  { value: 'amount:asc', label: 'Amount (low–high)' },
  { value: 'deposit:desc', label: 'Deposit (high–low)' },
  { value: 'deposit:asc', label: 'Deposit (low–high)' },
];

export type DocumentListFilters<S extends string> = DocumentFilterValues<S> & { sort: SortState; jobId?: string };

const NEWEST_FIRST: SortState = { key: 'createdOn', direction: 'desc' };
const isOrderKey = (key: string): key is DocumentOrderKey => (DOCUMENT_ORDER_KEYS as readonly string[]).includes(key);

/** The server list's query from the screen's filters (sort keys are the API's: createdOn, amount, deposit). */
const toParams = <S extends string>({ sort, createdOn, ...rest }: DocumentListFilters<S> & { page: number; limit: number; search?: string }) => ({
  ...rest,
  createdOn: createdOn ?? undefined,
  orderByKey: isOrderKey(sort.key) ? sort.key : 'createdOn',
  orderByValue: sort.direction,
});

/** The estimates list, of the whole company or of one job; page size 10, "Load more" on phones. */
export function useEstimateList(jobId?: string): PagedList<EstimateListItem, DocumentListFilters<EstimateStatus>> {
  return usePagedList<EstimateListItem, DocumentListFilters<EstimateStatus>>({
    queryKey: [...billingKeys.estimates, 'list'],
    fetchPage: (params) => estimatesApi.list(toParams(params)),
    initialFilters: { createdOn: null, statuses: [], sort: NEWEST_FIRST, jobId },
    isFiltered: (f) => documentFilterCount(f) > 0,
    pageSize: ESTIMATE_PAGE_SIZE,
  });
}

/**
 * `overdue` comes from the address (?overdue=true, the dashboard's link), not from the filter state, so leaving
 * it by navigation refetches the plain list; it is part of the key so both lists cache apart. It reaches the
 * query string through billing.api's listQuery, which passes unknown params on as they are.
 */
export function useInvoiceList(jobId?: string, overdue = false): PagedList<InvoiceListItem, DocumentListFilters<InvoiceStatus>> {
  return usePagedList<InvoiceListItem, DocumentListFilters<InvoiceStatus>>({
    queryKey: [...billingKeys.invoices, 'list', ...(overdue ? ['overdue'] : [])],
    fetchPage: (params) => invoicesApi.list({ ...toParams(params), ...(overdue ? { overdue: true } : {}) }),
    initialFilters: { createdOn: null, statuses: [], sort: NEWEST_FIRST, jobId },
    isFiltered: (f) => overdue || documentFilterCount(f) > 0,
    pageSize: INVOICE_PAGE_SIZE,
  });
}

type ToolbarProps<S extends string> = {
  /** "estimate" or "invoice": names the search box, the filter's ids and the sort select. */
  noun: 'estimate' | 'invoice';
  list: PagedList<unknown, DocumentListFilters<S>>;
  /** The "Filter By" popover's status choices; without them the toolbar has no filter (the job tabs). */
  statusOptions?: readonly MultiSelectOption[];
  children?: ReactNode;
};

/** Search by number (debounced 300 ms), the "Filter By" popover, and on phones the sort select. */
export function DocumentListToolbar<S extends string>({ noun, list, statusOptions, children }: ToolbarProps<S>) {
  const { filters } = list;
  return (
    <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
      <SearchInput aria-label={`Search by ${noun} number`} placeholder={`Search by ${noun} number`} value={list.search} onChange={list.setSearch} />
      <div className="flex gap-2">
        {statusOptions ? (
          <DocumentFilter
            id={`${noun}-filter`}
            value={{ createdOn: filters.createdOn, statuses: filters.statuses }}
            statusOptions={statusOptions}
            onApply={(applied) => list.setFilters(applied)}
          />
        ) : null}
        {list.mobile ? (
          <SortSelect label={`Sort ${noun}s`} options={DOCUMENT_MOBILE_SORTS} sort={filters.sort} onChange={(sort) => list.setFilters({ sort })} />
        ) : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2 sm:ml-auto">{children}</div> : null}
    </div>
  );
}
