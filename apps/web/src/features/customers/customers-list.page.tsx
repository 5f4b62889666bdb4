import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@fieldwork/domain/common.schemas';
import type { CustomerListItem } from '@fieldwork/domain/customers.schemas';
import { Badge } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { CardList } from '../../components/card-list';
import { DataTable, type SortState } from '../../components/data-table';
import { EmptyState, NO_DATA_TEXT, NO_RESULTS_TEXT } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { SearchInput } from '../../components/search-input';
import { Select } from '../../components/select';
import { SkeletonRows } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { dash, formatDate } from '../../lib/format';
import { useIsMobile } from '../../lib/use-media-query';
import { customerKeys, customersApi, type CustomerListParams } from './customers.api';

type Status = CustomerListParams['status'];

function Tags({ c }: { c: CustomerListItem }) {
  if (c.tags.length === 0) return <span className="text-muted">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {c.tags.slice(0, 3).map((t) => (
        <Badge key={t.id} tone="primary">
          {t.name}
        </Badge>
      ))}
      {c.tags.length > 3 ? <Badge tone="outline">+{c.tags.length - 3}</Badge> : null}
    </span>
  );
}

const statusBadge = (c: CustomerListItem) => <Badge tone={c.isActive ? 'success' : 'neutral'}>{c.isActive ? 'Active' : 'Inactive'}</Badge>;

export function CustomersListPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('active');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState>({ key: 'createdAt', direction: 'desc' });
  const tz = auth.session.company.timeZone;

  const base = {
    limit: DEFAULT_PAGE_SIZE,
    search: search || undefined,
    status,
    orderByKey: sort.key === 'name' ? ('name' as const) : ('createdAt' as const),
    orderByValue: sort.direction,
  };
  const paged = useQuery({
    queryKey: customerKeys.list({ ...base, page }),
    queryFn: () => customersApi.list({ ...base, page }),
    placeholderData: keepPreviousData,
    enabled: !mobile,
  });
  // Phones get one growing list with "Load more" instead of page buttons.
  const infinite = useInfiniteQuery({
    queryKey: customerKeys.infinite(base),
    queryFn: ({ pageParam }) => customersApi.list({ ...base, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.currentPage < last.pagination.totalPages ? last.pagination.currentPage + 1 : undefined),
    enabled: mobile,
  });

  const active = mobile ? infinite : paged;
  const open = (c: CustomerListItem) => void navigate({ to: '/customer/$id/view-profile', params: { id: c.id } });
  const empty = <EmptyState title={search ? NO_RESULTS_TEXT : NO_DATA_TEXT} />;
  const onSearch = (v: string) => (setSearch(v), setPage(1));

  return (
    <>
      <PageHeader
        title="Customers"
        actions={
          auth.can('customers.write') ? (
            <Link to="/customers/new" className={buttonClass('primary')}>
              <Plus size={16} aria-hidden="true" /> Create New
            </Link>
          ) : null
        }
      />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput aria-label="Search customers" placeholder="Search customers" value={search} onChange={onSearch} />
        <Select
          aria-label="Filter by status"
          className="sm:w-40"
          value={status}
          onChange={(e) => (setStatus(e.target.value as Status), setPage(1))}
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
            { value: 'all', label: 'All' },
          ]}
        />
      </div>
      {active.isLoading ? (
        <SkeletonRows />
      ) : active.error ? (
        <ErrorState error={active.error} onRetry={() => void active.refetch()} />
      ) : mobile ? (
        <CardList
          rows={infinite.data?.pages.flatMap((p) => p.data) ?? []}
          rowKey={(c) => c.id}
          title={(c) => c.name}
          onOpen={open}
          openLabel={(c) => `Open ${c.name}`}
          empty={empty}
          hasMore={infinite.hasNextPage}
          loadingMore={infinite.isFetchingNextPage}
          onLoadMore={() => void infinite.fetchNextPage()}
          fields={[
            { label: 'Email', value: (c) => dash(c.email) },
            { label: 'Phone', value: (c) => dash(c.phone) },
            { label: 'Address', value: (c) => dash(c.primaryAddress) },
            { label: 'Status', value: statusBadge },
          ]}
        />
      ) : (
        <>
          <DataTable
            caption="Customers"
            rows={paged.data?.data ?? []}
            rowKey={(c) => c.id}
            onRowClick={open}
            rowLabel={(c) => `Open ${c.name}`}
            sort={sort}
            onSortChange={(s) => (setSort(s), setPage(1))}
            empty={empty}
            columns={[
              { key: 'name', header: 'Account Name', sortable: true, cell: (c) => <span className="font-medium text-gray-900">{c.name}</span> },
              { key: 'email', header: 'Email', cell: (c) => <span className="block max-w-56 truncate" title={c.email ?? undefined}>{dash(c.email)}</span> },
              { key: 'phone', header: 'Phone', cell: (c) => dash(c.phone), className: 'whitespace-nowrap' },
              { key: 'address', header: 'Primary Address', cell: (c) => <span className="line-clamp-2">{dash(c.primaryAddress)}</span>, className: 'hidden xl:table-cell max-w-60' },
              { key: 'contact', header: 'Primary Contact', cell: (c) => dash(c.primaryContact), className: 'hidden 2xl:table-cell' },
              { key: 'tags', header: 'Tags', cell: (c) => <Tags c={c} /> },
              { key: 'status', header: 'Status', cell: statusBadge },
              { key: 'createdAt', header: 'Created On', sortable: true, cell: (c) => formatDate(c.createdAt, tz), className: 'whitespace-nowrap' },
            ]}
          />
          {paged.data ? (
            <Pagination
              page={paged.data.pagination.currentPage}
              totalPages={paged.data.pagination.totalPages}
              totalItems={paged.data.pagination.totalItems}
              pageSize={paged.data.pagination.itemsPerPage}
              onPageChange={setPage}
            />
          ) : null}
        </>
      )}
    </>
  );
}
