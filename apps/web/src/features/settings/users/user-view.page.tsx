import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { toast } from 'sonner';
import { workOrderAccessLabel } from '@fieldwork/domain/access/roles.rules';
import type { User } from '@fieldwork/domain/access/users.schemas';
import { Avatar } from '../../../components/avatar';
import { NameBadges } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card, DetailList } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { BackLink, PageHeader } from '../../../components/page-header';
import { SkeletonForm } from '../../../components/skeleton';
import { useAuth } from '../../../lib/auth-context';
import { dash, formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { TimeOffSection } from '../../../shared/time-off/time-off-section';
import { ChangeRoleDialog, EditUserDialog } from './user-dialogs';
import { UserStatusBadge } from './user-status-badge';
import { userKeys, usersApi } from './users.api';

const backLink = <BackLink to="/settings/users">Users</BackLink>;

export function UserViewPage() {
  const { userId = '' } = useSearch({ strict: false });
  const user = useQuery({ queryKey: userKeys.detail(userId), queryFn: () => usersApi.get(userId), enabled: Boolean(userId) });
  if (!userId) return <ErrorState title="User not found" error={new Error()} />;
  if (user.isLoading)
    return (
      <>
        <PageHeader title="User" back={backLink} />
        <Card>
          <SkeletonForm />
        </Card>
      </>
    );
  if (user.error || !user.data) return <ErrorState error={user.error} onRetry={() => void user.refetch()} />;
  return <UserView user={user.data} />;
}

function UserView({ user }: { user: User }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'role' | 'edit' | 'status' | null>(null);
  const manage = auth.can('users.manage');
  const disabling = user.status === 'ACTIVE';
  const toggleStatus = useMutation({
    mutationFn: () => usersApi.changeStatus(user.id, disabling ? 'DISABLED' : 'ACTIVE'),
    onSuccess: async () => {
      toast.success(disabling ? 'User disabled' : 'User enabled');
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (e) => toast.error(e.message),
  });
  const tz = auth.session.company.timeZone;

  return (
    <>
      <PageHeader
        back={backLink}
        title={
          <span className="flex items-center gap-3">
            <Avatar name={user.name} src={user.profileImageUrl} size={40} />
            {user.name}
          </span>
        }
        actions={
          manage ? (
            <>
              <Button variant="secondary" onClick={() => setDialog('edit')}>
                Edit
              </Button>
              <Button variant="secondary" onClick={() => setDialog('role')}>
                Change role
              </Button>
              <Button variant={disabling ? 'danger' : 'primary'} onClick={() => setDialog('status')}>
                {disabling ? 'Disable user' : 'Enable user'}
              </Button>
            </>
          ) : null
        }
      />
      <Card title="Profile">
        <DetailList
          items={[
            { label: 'Name', value: user.name },
            { label: 'Email', value: user.email },
            { label: 'Phone', value: dash(user.phone) },
            { label: 'Role', value: user.role },
            { label: 'Work order access', value: workOrderAccessLabel(user) },
            { label: 'Status', value: <UserStatusBadge status={user.status} /> },
            { label: 'Qualification tags', value: <NameBadges items={user.tags} empty={<span className="text-muted">No existing tags!</span>} /> },
            { label: 'Operating zones', value: <NameBadges items={user.zones} empty={<span className="text-muted">No zones</span>} /> },
            { label: 'Added by', value: dash(user.addedBy?.name) },
            { label: 'Joined', value: formatDate(user.createdAt, tz) },
            // Admins only: the rate labor costs are priced at (the API sends it to office readers).
            ...(manage && user.costRate !== undefined ? [{ label: 'Hourly cost rate', value: `${formatMoney(user.costRate)} / hour` }] : []),
          ]}
        />
      </Card>
      <TimeOffSection user={user} />
      {dialog === 'role' ? <ChangeRoleDialog user={user} onClose={() => setDialog(null)} /> : null}
      {dialog === 'edit' ? <EditUserDialog user={user} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={dialog === 'status'}
        onOpenChange={(open) => setDialog(open ? 'status' : null)}
        title={disabling ? 'Disable user' : 'Enable user'}
        description={
          disabling
            ? `${user.name} is signed out everywhere and can no longer sign in. Their records stay.`
            : `${user.name} can sign in again with their password.`
        }
        confirmLabel={disabling ? 'Disable' : 'Enable'}
        destructive={disabling}
        loading={toggleStatus.isPending}
        onConfirm={() => toggleStatus.mutate()}
      />
    </>
  );
}
