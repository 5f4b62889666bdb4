import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Trash2 } from 'lucide-react';
import { TOKEN_SCOPE_RULES, tokenExpired } from '@fieldwork/domain/access/api-tokens.rules';
import type { ApiToken } from '@fieldwork/domain/access/api-tokens.schemas';
import { useSession } from '../../../lib/auth-context';
import { formatDate, formatDateTime } from '../../../lib/format';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { SkeletonRows } from '../../../components/skeleton';
import { tokenKeys, tokensApi } from './api-tokens.api';
import { CreateTokenDialog } from './create-token-dialog';

/** "Never", when it expires, or "Expired" once that has passed (the token then answers 401). */
function ExpiryCell({ token, timeZone }: { token: ApiToken; timeZone: string }) {
  if (!token.expiresAt) return <>Never</>;
  if (!tokenExpired(token.expiresAt, Date.now())) return <>{formatDateTime(token.expiresAt, timeZone)}</>;
  return (
    <Badge tone="danger" title={formatDateTime(token.expiresAt, timeZone)}>
      Expired
    </Badge>
  );
}

export function ApiTokensPage() {
  const { company } = useSession();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const tokens = useQuery({ queryKey: tokenKeys.all, queryFn: tokensApi.list });
  const revoke = useMutation({
    mutationFn: (id: string) => tokensApi.revoke(id),
    onSuccess: async () => {
      toast.success('Token revoked');
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: tokenKeys.all });
    },
    onError: (e) => toast.error(e.message),
  });

  return (
    <>
      <PageHeader
        title="API tokens"
        description="Personal tokens let integrations call the API as you, limited to the scope you choose. Treat them like passwords."
        actions={<Button onClick={() => setCreating(true)}>Create token</Button>}
      />
      {tokens.isLoading ? (
        <SkeletonRows rows={3} />
      ) : tokens.error ? (
        <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : (
        <DataTable
          caption="API tokens"
          rows={tokens.data ?? []}
          rowKey={(t) => t.id}
          empty={<EmptyState />}
          columns={[
            { key: 'name', header: 'Name', cell: (t) => <span className="font-medium">{t.name}</span> },
            { key: 'prefix', header: 'Token', cell: (t) => <code className="text-xs">{t.prefix}…</code>, className: 'hidden md:table-cell' },
            { key: 'scope', header: 'Scope', cell: (t) => <Badge tone={t.scope === 'full' ? 'primary' : 'neutral'}>{TOKEN_SCOPE_RULES[t.scope].label}</Badge> },
            { key: 'expires', header: 'Expires', cell: (t) => <ExpiryCell token={t} timeZone={company.timeZone} /> },
            {
              key: 'used',
              header: 'Last used',
              cell: (t) => (t.lastUsedAt ? formatDateTime(t.lastUsedAt, company.timeZone) : 'Never used'),
              className: 'hidden sm:table-cell',
            },
            { key: 'created', header: 'Created', cell: (t) => formatDate(t.createdAt, company.timeZone), className: 'hidden sm:table-cell' },
            {
              key: 'actions',
              header: 'Actions',
              cell: (t) => (
                <Button variant="ghost" size="icon" aria-label={`Revoke ${t.name}`} onClick={() => setRevoking(t)}>
                  <Trash2 size={16} aria-hidden="true" className="text-danger" />
                </Button>
              ),
            },
          ]}
        />
      )}
      {creating ? <CreateTokenDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title="Revoke token"
        description={`Integrations using “${revoking?.name ?? ''}” stop working at once.`}
        confirmLabel="Revoke"
        destructive
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </>
  );
}
