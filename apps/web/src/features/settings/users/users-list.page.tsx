import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ACCESS_LABELS, ROLE_NAMES } from '@fieldwork/domain/roles';
import { DEFAULT_PAGE_SIZE } from '@fieldwork/domain/common.schemas';
import type { User, UserStatus } from '@fieldwork/domain/users.schemas';
import { Button } from '../../../components/button';
import { CardList } from '../../../components/card-list';
import { DataTable, type SortState } from '../../../components/data-table';
import { EmptyState, NO_DATA_TEXT, NO_RESULTS_TEXT } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SearchInput } from '../../../components/search-input';
import { Select } from '../../../components/select';
import { SkeletonRows } from '../../../components/skeleton';
import { Avatar } from '../../../components/avatar';
import { useAuth } from '../../../lib/auth-context';
import { formatDate } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-media-query';
import { InviteUserDialog } from './invite-user-dialog';
import { UserStatusBadge } from './user-status-badge';
import { userKeys, usersApi } from './users.api';

export function UsersListPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'' | UserStatus>('');
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState>({ key: 'createdAt', direction: 'desc' });
  const [inviting, setInviting] = useState(false);

  const params = {
    page,
    limit: DEFAULT_PAGE_SIZE,
    search: search || undefined,
    searchBy: 'name' as const,
    status: status || undefined,
    role: role || undefined,
    orderByKey: sort.key,
    orderByValue: sort.direction,
  };
  const users = useQuery({ queryKey: userKeys.list(params), queryFn: () => usersApi.list(params), placeholderData: keepPreviousData });
  const open = (u: User) => void navigate({ to: '/settings/permission-control/view-user', search: { userId: u.id } });
  const filtered = Boolean(search || status || role);
  const empty = <EmptyState title={filtered ? NO_RESULTS_TEXT : NO_DATA_TEXT} />;
  const rows = users.data?.data ?? [];
  const tz = auth.session.company.timeZone;

  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone who can sign in to your company."
        actions={auth.can('users.manage') ? <Button onClick={() => setInviting(true)}>Invite user</Button> : null}
      />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput aria-label="Search users" placeholder="Search by name" value={search} onChange={(v) => (setSearch(v), setPage(1))} />
        <Select
          aria-label="Filter by status"
          className="sm:w-40"
          placeholder="All statuses"
          value={status}
          onChange={(e) => (setStatus(e.target.value as '' | UserStatus), setPage(1))}
          options={[
            { value: 'ACTIVE', label: 'Active' },
            { value: 'DISABLED', label: 'Disabled' },
          ]}
        />
        <Select
          aria-label="Filter by role"
          className="sm:w-44"
          placeholder="All roles"
          value={role}
          onChange={(e) => (setRole(e.target.value), setPage(1))}
          options={ROLE_NAMES.map((r) => ({ value: r, label: r }))}
        />
      </div>
      {users.isLoading ? (
        <SkeletonRows />
      ) : users.error ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : mobile ? (
        <CardList
          rows={rows}
          rowKey={(u) => u.id}
          title={(u) => u.name}
          onOpen={open}
          openLabel={(u) => `Open ${u.name}`}
          empty={empty}
          fields={[
            { label: 'Email', value: (u) => u.email },
            { label: 'Role', value: (u) => u.role },
            { label: 'Status', value: (u) => <UserStatusBadge status={u.status} /> },
          ]}
        />
      ) : (
        <DataTable
          caption="Users"
          rows={rows}
          rowKey={(u) => u.id}
          onRowClick={open}
          rowLabel={(u) => `Open ${u.name}`}
          sort={sort}
          onSortChange={(s) => (setSort(s), setPage(1))}
          empty={empty}
          columns={[
            {
              key: 'name',
              header: 'Name',
              sortable: true,
              cell: (u) => (
                <span className="flex items-center gap-2">
                  <Avatar name={u.name} src={u.profileImageUrl} size={28} />
                  <span className="font-medium text-gray-900">{u.name}</span>
                </span>
              ),
            },
            { key: 'email', header: 'Email', sortable: true, cell: (u) => u.email },
            { key: 'role', header: 'Role', sortable: true, cell: (u) => u.role },
            { key: 'access', header: 'Work order access', cell: (u) => ACCESS_LABELS[u.access], className: 'whitespace-nowrap' },
            { key: 'status', header: 'Status', cell: (u) => <UserStatusBadge status={u.status} /> },
            { key: 'createdAt', header: 'Joined', sortable: true, cell: (u) => formatDate(u.createdAt, tz), className: 'whitespace-nowrap hidden xl:table-cell' },
          ]}
        />
      )}
      {users.data && !mobile ? (
        <Pagination
          page={users.data.pagination.currentPage}
          totalPages={users.data.pagination.totalPages}
          totalItems={users.data.pagination.totalItems}
          pageSize={users.data.pagination.itemsPerPage}
          onPageChange={setPage}
        />
      ) : null}
      {mobile && users.data && users.data.pagination.totalPages > 1 ? (
        <div className="mt-2 flex justify-between gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={page >= users.data.pagination.totalPages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
      {inviting ? <InviteUserDialog onClose={() => setInviting(false)} /> : null}
    </>
  );
}
