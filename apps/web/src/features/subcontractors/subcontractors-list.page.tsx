import { useNavigate } from '@tanstack/react-router';
import type { Subcontractor } from '@fieldwork/domain/company/subcontractors.schemas';
import { ActiveBadge } from '../../components/badge';
import { ActiveStatusSelect, type ActiveStatus } from '../../components/active-status-select';
import { ListView } from '../../components/list-view';
import { MultiSelect } from '../../components/multi-select';
import { CreateNewLink, PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useAuth } from '../../lib/auth-context';
import { dash } from '../../lib/format';
import { usePagedList } from '../../lib/use-paged-list';
import { toOptions, useTags, useZones } from '../settings/lookups.api';
import { subcontractorKeys, subcontractorsApi } from './subcontractors.api';

const names = (refs: readonly { name: string }[]) => (refs.length ? refs.map((r) => r.name).join(', ') : '—');
const statusBadge = (s: Subcontractor) => <ActiveBadge active={s.isActive} />;
const kind = (s: Subcontractor) => (s.kind === 'COMPANY' ? 'Company' : 'Person');

export function SubcontractorsListPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const tags = useTags('SERVICE');
  const zones = useZones();
  const list = usePagedList({
    queryKey: subcontractorKeys.list,
    fetchPage: subcontractorsApi.list,
    initialFilters: { status: 'active' as ActiveStatus, tagIds: [] as string[], zoneIds: [] as string[] },
    isFiltered: (f) => f.tagIds.length > 0 || f.zoneIds.length > 0,
  });
  const open = (s: Subcontractor) => void navigate({ to: '/subcontractor/$id/view-profile', params: { id: s.id } });

  return (
    <>
      <PageHeader title="Subcontractors" actions={auth.can('subcontractors.write') ? <CreateNewLink to="/subcontractors/new" /> : null} />
      <div className="mb-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <SearchInput aria-label="Search subcontractors" placeholder="Search by name" value={list.search} onChange={list.setSearch} className="sm:w-full" />
        <ActiveStatusSelect value={list.filters.status} onChange={(status) => list.setFilters({ status })} />
        <MultiSelect
          aria-label="Filter by tags"
          placeholder="All tags"
          options={toOptions(tags.data)}
          value={list.filters.tagIds}
          onChange={(tagIds) => list.setFilters({ tagIds })}
          emptyText="No existing tags!"
        />
        <MultiSelect
          aria-label="Filter by zones"
          placeholder="All zones"
          options={toOptions(zones.data)}
          value={list.filters.zoneIds}
          onChange={(zoneIds) => list.setFilters({ zoneIds })}
        />
      </div>
      <ListView
        list={list}
        caption="Subcontractors"
        rowKey={(s) => s.id}
        onOpen={open}
        openLabel={(s) => `Open ${s.name}`}
        columns={[
          { key: 'name', header: 'Name', cell: (s) => <span className="font-medium text-gray-900">{s.name}</span> },
          { key: 'kind', header: 'Kind', cell: kind },
          { key: 'contact', header: 'Contact', cell: (s) => dash(s.contactName) },
          { key: 'email', header: 'Email', cell: (s) => dash(s.email), className: 'hidden lg:table-cell' },
          { key: 'phone', header: 'Phone', cell: (s) => dash(s.phone) },
          { key: 'tags', header: 'Tags', cell: (s) => names(s.tags), className: 'hidden lg:table-cell' },
          { key: 'zones', header: 'Zones', cell: (s) => names(s.zones), className: 'hidden lg:table-cell' },
          { key: 'status', header: 'Status', cell: statusBadge },
        ]}
        cardTitle={(s) => s.name}
        cardFields={[
          { label: 'Kind', value: kind },
          { label: 'Contact', value: (s) => dash(s.contactName) },
          { label: 'Phone', value: (s) => dash(s.phone) },
          { label: 'Status', value: statusBadge },
        ]}
      />
    </>
  );
}
