import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ROLE_NAMES, workOrderAccessLabel } from '@fieldwork/domain/access/roles.rules';
import type { User, UserStatus } from '@fieldwork/domain/access/users.schemas';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import type { SortState } from '../../../components/data-table';
import { ListView } from '../../../components/list-view';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { Select } from '../../../components/select';
import { useAuth } from '../../../lib/auth-context';
import { formatDate } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { InviteUserDialog } from './invite-user-dialog';
import { UserStatusBadge } from './user-status-badge';
import { userKeys, usersApi } from './users.api';

const statusBadge = (u: User) => <UserStatusBadge status={u.status} />;

export function UsersListPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [inviting, setInviting] = useState(false);
  const list = usePagedList({
    queryKey: userKeys.list,
    fetchPage: ({ sort, status, role, ...params }) =>
      usersApi.list({ ...params, searchBy: 'name', status: status || undefined, role: role || undefined, orderByKey: sort.key, orderByValue: sort.direction }),
    initialFilters: { status: '' as '' | UserStatus, role: '', sort: { key: 'createdAt', direction: 'desc' } as SortState },
    isFiltered: (f) => Boolean(f.status || f.role),
  });
  const open = (u: User) => void navigate({ to: '/settings/permission-control/view-user', search: { userId: u.id } });
  const tz = auth.session.company.timeZone;

  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone who can sign in to your company."
        actions={auth.can('users.manage') ? <Button onClick={() => setInviting(true)}>Invite user</Button> : null}
      />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput aria-label="Search users" placeholder="Search by name" value={list.search} onChange={list.setSearch} />
        <Select
          aria-label="Filter by status"
          className="sm:w-40"
          placeholder="All statuses"
          value={list.filters.status}
          onChange={(e) => list.setFilters({ status: e.target.value as '' | UserStatus })}
          options={[
            { value: 'ACTIVE', label: 'Active' },
            { value: 'DISABLED', label: 'Disabled' },
          ]}
        />
        <Select
          aria-label="Filter by role"
          className="sm:w-44"
          placeholder="All roles"
          value={list.filters.role}
          onChange={(e) => list.setFilters({ role: e.target.value })}
          options={ROLE_NAMES.map((r) => ({ value: r, label: r }))}
        />
      </div>
      <ListView
        list={list}
        caption="Users"
        rowKey={(u) => u.id}
        onOpen={open}
        openLabel={(u) => `Open ${u.name}`}
        sort={list.filters.sort}
        onSortChange={(sort) => list.setFilters({ sort })}
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
          { key: 'access', header: 'Work order access', cell: (u) => workOrderAccessLabel(u), className: 'whitespace-nowrap' },
          { key: 'status', header: 'Status', cell: statusBadge },
          { key: 'createdAt', header: 'Joined', sortable: true, cell: (u) => formatDate(u.createdAt, tz), className: 'whitespace-nowrap hidden xl:table-cell' },
        ]}
        cardTitle={(u) => u.name}
        cardFields={[
          { label: 'Email', value: (u) => u.email },
          { label: 'Role', value: (u) => u.role },
          { label: 'Status', value: statusBadge },
        ]}
      />
      {inviting ? <InviteUserDialog onClose={() => setInviting(false)} /> : null}
    </>
  );
}
