import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@fieldwork/domain/common.schemas';
import type { Subcontractor } from '@fieldwork/domain/subcontractors.schemas';
import { Badge } from '../../components/badge';
import { Button, buttonClass } from '../../components/button';
import { CardList } from '../../components/card-list';
import { DataTable } from '../../components/data-table';
import { EmptyState, NO_DATA_TEXT, NO_RESULTS_TEXT } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { MultiSelect } from '../../components/multi-select';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { SearchInput } from '../../components/search-input';
import { Select } from '../../components/select';
import { SkeletonRows } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { dash } from '../../lib/format';
import { useIsMobile } from '../../lib/use-media-query';
import { toOptions, useTags, useZones } from '../settings/lookups.api';
import { subcontractorKeys, subcontractorsApi, type SubcontractorListParams } from './subcontractors.api';

type Status = SubcontractorListParams['status'];

const names = (refs: readonly { name: string }[]) => (refs.length ? refs.map((r) => r.name).join(', ') : '—');
const statusBadge = (s: Subcontractor) => <Badge tone={s.isActive ? 'success' : 'neutral'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>;

export function SubcontractorsListPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const tags = useTags('SERVICE');
  const zones = useZones();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('active');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [zoneIds, setZoneIds] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const params: SubcontractorListParams = { page, limit: DEFAULT_PAGE_SIZE, search: search || undefined, status, tagIds, zoneIds };
  const list = useQuery({ queryKey: subcontractorKeys.list(params), queryFn: () => subcontractorsApi.list(params), placeholderData: keepPreviousData });
  const open = (s: Subcontractor) => void navigate({ to: '/subcontractor/$id/view-profile', params: { id: s.id } });
  const filtered = Boolean(search || tagIds.length || zoneIds.length);
  const empty = <EmptyState title={filtered ? NO_RESULTS_TEXT : NO_DATA_TEXT} />;
  const rows = list.data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Subcontractors"
        actions={
          auth.can('subcontractors.write') ? (
            <Link to="/subcontractors/new" className={buttonClass('primary')}>
              <Plus size={16} aria-hidden="true" /> Create New
            </Link>
          ) : null
        }
      />
      <div className="mb-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <SearchInput aria-label="Search subcontractors" placeholder="Search by name" value={search} onChange={(v) => (setSearch(v), setPage(1))} className="sm:w-full" />
        <Select
          aria-label="Filter by status"
          value={status}
          onChange={(e) => (setStatus(e.target.value as Status), setPage(1))}
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
            { value: 'all', label: 'All' },
          ]}
        />
        <MultiSelect aria-label="Filter by tags" placeholder="All tags" options={toOptions(tags.data)} value={tagIds} onChange={(v) => (setTagIds(v), setPage(1))} emptyText="No existing tags!" />
        <MultiSelect aria-label="Filter by zones" placeholder="All zones" options={toOptions(zones.data)} value={zoneIds} onChange={(v) => (setZoneIds(v), setPage(1))} />
      </div>
      {list.isLoading ? (
        <SkeletonRows />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : mobile ? (
        <CardList
          rows={rows}
          rowKey={(s) => s.id}
          title={(s) => s.name}
          onOpen={open}
          openLabel={(s) => `Open ${s.name}`}
          empty={empty}
          fields={[
            { label: 'Kind', value: (s) => (s.kind === 'COMPANY' ? 'Company' : 'Person') },
            { label: 'Contact', value: (s) => dash(s.contactName) },
            { label: 'Phone', value: (s) => dash(s.phone) },
            { label: 'Status', value: statusBadge },
          ]}
        />
      ) : (
        <DataTable
          caption="Subcontractors"
          rows={rows}
          rowKey={(s) => s.id}
          onRowClick={open}
          rowLabel={(s) => `Open ${s.name}`}
          empty={empty}
          columns={[
            { key: 'name', header: 'Name', cell: (s) => <span className="font-medium text-gray-900">{s.name}</span> },
            { key: 'kind', header: 'Kind', cell: (s) => (s.kind === 'COMPANY' ? 'Company' : 'Person') },
            { key: 'contact', header: 'Contact', cell: (s) => dash(s.contactName) },
            { key: 'email', header: 'Email', cell: (s) => dash(s.email), className: 'hidden lg:table-cell' },
            { key: 'phone', header: 'Phone', cell: (s) => dash(s.phone) },
            { key: 'tags', header: 'Tags', cell: (s) => names(s.tags), className: 'hidden lg:table-cell' },
            { key: 'zones', header: 'Zones', cell: (s) => names(s.zones), className: 'hidden lg:table-cell' },
            { key: 'status', header: 'Status', cell: statusBadge },
          ]}
        />
      )}
      {list.data && list.data.pagination.totalPages > 0 ? (
        mobile ? (
          <div className="mt-2 flex justify-between">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button variant="secondary" disabled={page >= list.data.pagination.totalPages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        ) : (
          <Pagination
            page={list.data.pagination.currentPage}
            totalPages={list.data.pagination.totalPages}
            totalItems={list.data.pagination.totalItems}
            pageSize={list.data.pagination.itemsPerPage}
            onPageChange={setPage}
          />
        )
      ) : null}
    </>
  );
}
