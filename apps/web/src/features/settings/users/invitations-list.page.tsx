import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ACCESS_LABELS } from '@fieldwork/domain/access/roles.rules';
import type { Invitation } from '@fieldwork/domain/access/users.schemas';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListView } from '../../../components/list-view';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { useSession } from '../../../lib/auth-context';
import { formatDate } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { InviteUserDialog } from './invite-user-dialog';
import { userKeys, usersApi } from './users.api';

const STATUS_TONE: Record<Invitation['status'], BadgeTone> = { PENDING: 'warning', ACCEPTED: 'success', REVOKED: 'neutral', EXPIRED: 'danger' };
const STATUS_LABEL: Record<Invitation['status'], string> = { PENDING: 'Pending', ACCEPTED: 'Accepted', REVOKED: 'Revoked', EXPIRED: 'Expired' };

export function InvitationsListPage() {
  const { company } = useSession();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const list = usePagedList({ queryKey: userKeys.invited, fetchPage: usersApi.invited, initialFilters: {} });
  const revoke = useMutation({
    mutationFn: (id: string) => usersApi.revokeInvitation(id),
    onSuccess: async () => {
      toast.success('Invitation revoked');
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (e) => toast.error(e.message),
  });

  const revokeButton = (i: Invitation) =>
    i.status === 'PENDING' ? (
      <Button variant="secondary" size="sm" aria-label={`Revoke invitation for ${i.email}`} onClick={(e) => (e.stopPropagation(), setRevoking(i))}>
        Revoke
      </Button>
    ) : null;
  const status = (i: Invitation) => <Badge tone={STATUS_TONE[i.status]}>{STATUS_LABEL[i.status]}</Badge>;

  return (
    <>
      <PageHeader
        title="Invitations"
        description="People invited to join, and whether they have accepted."
        actions={<Button onClick={() => setInviting(true)}>Invite user</Button>}
      />
      <div className="mb-3">
        <SearchInput aria-label="Search invitations" placeholder="Search by email" value={list.search} onChange={list.setSearch} />
      </div>
      <ListView
        list={list}
        caption="Invitations"
        rowKey={(i) => i.id}
        columns={[
          { key: 'email', header: 'Email', cell: (i) => <span className="font-medium">{i.email}</span> },
          { key: 'role', header: 'Role', cell: (i) => i.role },
          { key: 'access', header: 'Access', cell: (i) => ACCESS_LABELS[i.access], className: 'whitespace-nowrap' },
          { key: 'by', header: 'Invited by', cell: (i) => i.invitedBy.name, className: 'hidden xl:table-cell' },
          { key: 'created', header: 'Invited on', cell: (i) => formatDate(i.createdAt, company.timeZone), className: 'hidden xl:table-cell whitespace-nowrap' },
          { key: 'expires', header: 'Expires', cell: (i) => formatDate(i.expiresAt, company.timeZone), className: 'whitespace-nowrap' },
          { key: 'status', header: 'Status', cell: status },
          { key: 'actions', header: 'Actions', cell: revokeButton },
        ]}
        cardTitle={(i) => i.email}
        cardFields={[
          { label: 'Role', value: (i) => i.role },
          { label: 'Status', value: status },
          { label: 'Expires', value: (i) => formatDate(i.expiresAt, company.timeZone) },
          { label: '', value: revokeButton },
        ]}
      />
      {inviting ? <InviteUserDialog onClose={() => setInviting(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title="Revoke invitation"
        description={`The link sent to ${revoking?.email ?? ''} stops working.`}
        confirmLabel="Revoke"
        destructive
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </>
  );
}
