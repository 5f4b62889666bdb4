import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, type QueryKey } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fieldwork/domain/common/common.schemas';
import { hasPageAfter } from '@fieldwork/domain/tasks/task-list-total.rules';
import type { DataPage, Pagination } from './api-client';
import { useIsMobile } from './use-media-query';

export type PageParams = { page: number; limit: number; search?: string };

/**
 * How a list pages on phones: 'load-more' grows one list (the spec's card lists), 'pages' steps through
 * the same pages as the desktop table.
 */
export type MobilePaging = 'load-more' | 'pages';

export type PagedListOptions<Item, Filters> = {
  /** Prefix of the list's query keys (e.g. ['customers', 'list']), so invalidating the feature's root key refreshes it. */
  queryKey: QueryKey;
  fetchPage: (params: Filters & PageParams) => Promise<DataPage<Item>>;
  initialFilters: Filters;
  /** Filters besides the search that narrow the list, so an empty list reads "No results found" instead of "no data yet". */
  isFiltered?: (filters: Filters) => boolean;
  mobilePaging?: MobilePaging;
  pageSize?: number;
  /** Page size of the growing phone list, when it differs (the task list loads 15 at a time). */
  mobilePageSize?: number;
};

/** What a list view needs to render the rows, their paging and the loading, error and empty states. */
export type PagedRows<Item> = {
  mobile: boolean;
  rows: Item[];
  /** The current page's numbers; absent on phones in 'load-more' mode and before the first answer. */
  pagination: Pagination | undefined;
  page: number;
  setPage: (page: number) => void;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  isLoading: boolean;
  error: Error | null;
  refetch: () => void;
  filtered: boolean;
};

export type PagedList<Item, Filters> = PagedRows<Item> & {
  search: string;
  setSearch: (search: string) => void;
  filters: Filters;
  /** Merges the change; any new search or filter starts again from page 1. */
  setFilters: (change: Partial<Filters>) => void;
};

/** Whether another page follows this one, also past a total the server only counted up to a bound. */
export function hasNextPage(p: Pagination): boolean {
  return hasPageAfter({ page: p.currentPage, totalPages: p.totalPages, totalIsLowerBound: p.totalIsLowerBound });
}

export function usePagedList<Item, Filters>({
  queryKey,
  fetchPage,
  initialFilters,
  isFiltered,
  mobilePaging = 'load-more',
  pageSize = DEFAULT_PAGE_SIZE,
  mobilePageSize = pageSize,
}: PagedListOptions<Item, Filters>): PagedList<Item, Filters> {
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [search, setSearchState] = useState('');
  const [filters, setFiltersState] = useState(initialFilters);
  const growing = mobile && mobilePaging === 'load-more';

  const base = { ...filters, limit: growing ? mobilePageSize : pageSize, search: search || undefined };
  const paged = useQuery({
    queryKey: [...queryKey, { ...base, page }],
    queryFn: () => fetchPage({ ...base, page }),
    placeholderData: keepPreviousData,
    enabled: !growing,
  });
  const infinite = useInfiniteQuery({
    queryKey: [...queryKey, 'infinite', base],
    queryFn: ({ pageParam }) => fetchPage({ ...base, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (hasNextPage(last.pagination) ? last.pagination.currentPage + 1 : undefined),
    enabled: growing,
  });
  const active = growing ? infinite : paged;

  return {
    mobile,
    rows: (growing ? infinite.data?.pages.flatMap((p) => p.data) : paged.data?.data) ?? [],
    pagination: growing ? undefined : paged.data?.pagination,
    page,
    setPage,
    hasMore: growing && infinite.hasNextPage,
    loadingMore: infinite.isFetchingNextPage,
    loadMore: () => void infinite.fetchNextPage(),
    isLoading: active.isLoading,
    error: active.error,
    refetch: () => void active.refetch(),
    filtered: Boolean(search) || (isFiltered?.(filters) ?? false),
    search,
    setSearch: (value) => (setSearchState(value), setPage(1)),
    filters,
    setFilters: (change) => (setFiltersState((current) => ({ ...current, ...change })), setPage(1)),
  };
}
