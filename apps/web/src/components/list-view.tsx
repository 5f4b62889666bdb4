import type { ReactNode } from 'react';
import { hasNextPage, type PagedRows } from '../lib/use-paged-list';
import { Button } from './button';
import { CardList, type CardField } from './card-list';
import { DataTable, type Column, type SortState } from './data-table';
import { EmptyState, NO_DATA_TEXT, NO_RESULTS_TEXT } from './empty-state';
import { ErrorState } from './error-state';
import { Pagination } from './pagination';
import { SkeletonRows } from './skeleton';

export type ListViewProps<Item> = {
  list: PagedRows<Item>;
  caption: string;
  columns: readonly Column<Item>[];
  rowKey: (item: Item) => string;
  onOpen?: (item: Item) => void;
  /** Accessible name of an openable row or card, e.g. "Open Acme Ltd". */
  openLabel?: (item: Item) => string;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  cardTitle: (item: Item) => ReactNode;
  cardFields: readonly CardField<Item>[];
  /** 'below' keeps the table (or cards) and shows a failed load's server message under it. */
  errorPlacement?: 'replace' | 'below';
  /** Under "You have no data yet" (not under "No results found"), e.g. the list's create button. */
  emptyAction?: ReactNode;
  /** Replaces "You have no data yet" when the list knows better why it is empty (e.g. a tab of a larger whole). */
  emptyState?: ReactNode;
  /** Phone cards load the next page as the list end scrolls into view. */
  infiniteScroll?: boolean;
  /** Phone cards show this many fields, with Show More / Show Less for the rest. */
  collapsedCardFields?: number;
};

/** A server-paged list: table and page buttons on desktop, cards on phones, with loading, error and empty states. */
export function ListView<Item>({
  list,
  caption,
  columns,
  rowKey,
  onOpen,
  openLabel,
  sort,
  onSortChange,
  cardTitle,
  cardFields,
  errorPlacement = 'replace',
  emptyAction,
  emptyState,
  infiniteScroll,
  collapsedCardFields,
}: ListViewProps<Item>) {
  if (list.isLoading) return <SkeletonRows />;
  if (list.error && errorPlacement === 'replace') return <ErrorState error={list.error} onRetry={list.refetch} />;
  // A failed load says so under the table instead of claiming the list is empty.
  const empty = list.error ? null : list.filtered ? (
    <EmptyState title={NO_RESULTS_TEXT} />
  ) : (
    (emptyState ?? <EmptyState title={NO_DATA_TEXT} action={emptyAction} />)
  );
  const errorBelow = list.error ? (
    <div className="mt-3 rounded-lg border border-danger/30 bg-white">
      <ErrorState error={list.error} onRetry={list.refetch} />
    </div>
  ) : null;
  const pagination = list.pagination;

  if (list.mobile) {
    return (
      <>
        <CardList
          rows={list.rows}
          rowKey={rowKey}
          title={cardTitle}
          onOpen={onOpen}
          openLabel={openLabel}
          empty={empty}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          onLoadMore={list.loadMore}
          fields={cardFields}
          infinite={infiniteScroll}
          collapsedFields={collapsedCardFields}
        />
        {pagination && (pagination.totalPages > 1 || hasNextPage(pagination)) ? (
          <div className="mt-2 flex justify-between gap-2">
            <Button variant="secondary" disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>
              Previous
            </Button>
            <Button variant="secondary" disabled={!hasNextPage(pagination)} onClick={() => list.setPage(list.page + 1)}>
              Next
            </Button>
          </div>
        ) : null}
        {errorBelow}
      </>
    );
  }
  return (
    <>
      <DataTable
        caption={caption}
        rows={list.rows}
        rowKey={rowKey}
        onRowClick={onOpen}
        rowLabel={openLabel}
        sort={sort}
        onSortChange={onSortChange}
        empty={empty}
        columns={columns}
      />
      {pagination ? (
        <Pagination
          page={pagination.currentPage}
          totalPages={pagination.totalPages}
          totalItems={pagination.totalItems}
          totalIsLowerBound={pagination.totalIsLowerBound}
          pageSize={pagination.itemsPerPage}
          onPageChange={list.setPage}
        />
      ) : null}
      {errorBelow}
    </>
  );
}
