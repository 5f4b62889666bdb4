import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Trash2 } from 'lucide-react';
import { createApiTokenBody, type ApiToken } from '@fieldwork/domain/api-tokens.schemas';
import { api, type DataOf, type ItemsOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth-context';
import { formatDate, formatDateTime } from '../../../lib/format';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyButton } from '../../../components/copy-button';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Field } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { FormDialog } from '../../../components/form-dialog';
import { Input } from '../../../components/input';
import { PageHeader } from '../../../components/page-header';
import { SkeletonRows } from '../../../components/skeleton';

const TOKENS_KEY = ['api-tokens'] as const;

export function ApiTokensPage() {
  const { company } = useSession();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: async () => (await api.get<ItemsOf<ApiToken>>('/tokens')).data.items });
  const revoke = useMutation({
    mutationFn: (id: string) => api.delete(`/tokens/${id}`),
    onSuccess: async () => {
      toast.success('Token revoked');
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: (e) => toast.error(e.message),
  });

  return (
    <>
      <PageHeader
        title="API tokens"
        description="Personal tokens let integrations call the API as you. Treat them like passwords."
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
            { key: 'prefix', header: 'Token', cell: (t) => <code className="text-xs">{t.prefix}…</code> },
            { key: 'created', header: 'Created', cell: (t) => formatDate(t.createdAt, company.timeZone), className: 'hidden sm:table-cell' },
            { key: 'used', header: 'Last used', cell: (t) => (t.lastUsedAt ? formatDateTime(t.lastUsedAt, company.timeZone) : 'Never'), className: 'hidden sm:table-cell' },
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

function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<{ name: string }>({ resolver: zodResolver(createApiTokenBody), defaultValues: { name: '' } });
  const create = useMutation({
    mutationFn: async (body: { name: string }) => (await api.post<DataOf<{ token: ApiToken; secret: string }>>('/tokens', body)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
  const secret = create.data?.secret;
  return (
    <FormDialog
      title={secret ? 'Token created' : 'Create token'}
      onClose={onClose}
      formId="create-token-form"
      submitLabel="Create token"
      pending={create.isPending}
      done={Boolean(secret)}
    >
      {secret ? (
        <div className="space-y-3">
          <p className="text-sm text-gray-800">Copy this secret now. It is shown only once and cannot be recovered.</p>
          <code data-testid="token-secret" className="block rounded-md border border-border bg-gray-50 p-3 font-mono text-xs break-all">
            {secret}
          </code>
          <CopyButton value={secret} label="Copy secret" />
        </div>
      ) : (
        <form id="create-token-form" noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))} className="space-y-3">
          <FormAlert error={create.error} />
          <Field label="Token name" error={form.formState.errors.name?.message} required hint="For example the integration that will use it.">
            <Input autoFocus {...form.register('name')} />
          </Field>
        </form>
      )}
    </FormDialog>
  );
}
