import { useNavigate } from '@tanstack/react-router';
import type { CustomerListItem } from '@fieldwork/domain/customers/customers.schemas';
import { ActiveBadge, NameBadges } from '../../components/badge';
import { ActiveStatusSelect, type ActiveStatus } from '../../components/active-status-select';
import type { SortState } from '../../components/data-table';
import { ListView } from '../../components/list-view';
import { CreateNewLink, PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useAuth } from '../../lib/auth-context';
import { dash, formatDate } from '../../lib/format';
import { usePagedList } from '../../lib/use-paged-list';
import { customerKeys, customersApi } from './customers.api';

const statusBadge = (c: CustomerListItem) => <ActiveBadge active={c.isActive} />;

export function CustomersListPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const list = usePagedList({
    queryKey: customerKeys.list,
    fetchPage: ({ sort, ...params }) => customersApi.list({ ...params, orderByKey: sort.key === 'name' ? 'name' : 'createdAt', orderByValue: sort.direction }),
    initialFilters: { status: 'active' as ActiveStatus, sort: { key: 'createdAt', direction: 'desc' } as SortState },
  });
  const tz = auth.session.company.timeZone;
  const open = (c: CustomerListItem) => void navigate({ to: '/customer/$id/view-profile', params: { id: c.id } });

  return (
    <>
      <PageHeader title="Customers" actions={auth.can('customers.write') ? <CreateNewLink to="/customers/new" /> : null} />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput aria-label="Search customers" placeholder="Search customers" value={list.search} onChange={list.setSearch} />
        <ActiveStatusSelect className="sm:w-40" value={list.filters.status} onChange={(status) => list.setFilters({ status })} />
      </div>
      <ListView
        list={list}
        caption="Customers"
        rowKey={(c) => c.id}
        onOpen={open}
        openLabel={(c) => `Open ${c.name}`}
        sort={list.filters.sort}
        onSortChange={(sort) => list.setFilters({ sort })}
        columns={[
          { key: 'name', header: 'Account Name', sortable: true, cell: (c) => <CustomerName customer={c} /> },
          {
            key: 'email',
            header: 'Email',
            cell: (c) => (
              <span className="block max-w-56 truncate" title={c.email ?? undefined}>
                {dash(c.email)}
              </span>
            ),
          },
          { key: 'phone', header: 'Phone', cell: (c) => dash(c.phone), className: 'whitespace-nowrap' },
          {
            key: 'address',
            header: 'Primary Address',
            cell: (c) => <span className="line-clamp-2">{dash(c.primaryAddress)}</span>,
            className: 'hidden xl:table-cell max-w-60',
          },
          { key: 'contact', header: 'Primary Contact', cell: (c) => dash(c.primaryContact), className: 'hidden 2xl:table-cell' },
          { key: 'tags', header: 'Tags', cell: (c) => <NameBadges items={c.tags} max={3} empty={<span className="text-muted">—</span>} /> },
          { key: 'status', header: 'Status', cell: statusBadge },
          { key: 'createdAt', header: 'Created On', sortable: true, cell: (c) => formatDate(c.createdAt, tz), className: 'whitespace-nowrap' },
        ]}
        cardTitle={(c) => <CustomerName customer={c} />}
        cardFields={[
          { label: 'Email', value: (c) => dash(c.email) },
          { label: 'Phone', value: (c) => dash(c.phone) },
          { label: 'Address', value: (c) => dash(c.primaryAddress) },
          { label: 'Status', value: statusBadge },
        ]}
      />
    </>
  );
}

/**
 * The name as the list shows it, ellipsised when long (the full name on hover), and — when a search matched
 * something other than the name — what it matched.
 */
function CustomerName({ customer: c }: { customer: CustomerListItem }) {
  return (
    <span className="block min-w-0">
      <span className="block max-w-72 truncate font-medium text-gray-900" title={c.name}>
        {c.name}
      </span>
      {c.matchedOn ? <span className="block truncate text-xs font-normal text-muted">{c.matchedOn}</span> : null}
    </span>
  );
}
