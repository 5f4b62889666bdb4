import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { EMAIL_KIND_LABELS } from '@fieldwork/domain/messages/messages.rules';
import type { MessageDto } from '@fieldwork/domain/messages/messages.schemas';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DataTable, type Column } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { SkeletonRows } from '../../components/skeleton';
import { useAuth, useSession } from '../../lib/auth-context';
import { formatDateTime } from '../../lib/format';
import { MessagePreviewSheet } from './message-preview-sheet';
import { MessageStateBadge } from './message-state-badge';
import { messageKeys, messagesApi, type MessageRef } from '../../features/messages/messages.api';

/** Who an email went to, each with their state: "ann@x.com (Sent), bob@y.com (Failed)". */
function Recipients({ message }: { message: MessageDto }) {
  return (
    <ul className="space-y-0.5">
      {message.recipients.map((r) => (
        <li key={`${r.role}:${r.address}`} className="flex flex-wrap items-center gap-1.5">
          <span className="max-w-[16rem] truncate" title={r.address}>
            {r.role === 'cc' ? 'Cc ' : ''}
            {r.address}
          </span>
          {r.state !== message.state ? <MessageStateBadge state={r.state} error={r.error} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Messages": what was emailed about one customer, job, estimate or invoice, newest first, each with its delivery
 * state (Queued, Sent, Failed with the reason, Not sent); office writers retry a failed one; a row opens the email.
 */
export function MessagesPanel({ refs, live = false }: { refs: MessageRef; live?: boolean }) {
  const { company } = useSession();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const messages = useQuery({
    queryKey: messageKeys.for(refs),
    queryFn: () => messagesApi.list(refs),
    // While something is on its way, look again shortly: the worker sends within a second or two.
    refetchInterval: (q) => (live || q.state.data?.some((m) => m.state === 'queued') ? 2000 : false),
  });
  const retry = useMutation({
    mutationFn: messagesApi.retry,
    onSuccess: async () => {
      toast.success('Queued to send again');
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
    onError: (e) => toast.error(e.message),
  });
  const columns: Column<MessageDto>[] = [
    { key: 'when', header: 'Queued', cell: (m) => formatDateTime(m.createdAt, company.timeZone) },
    { key: 'kind', header: 'Email', cell: (m) => <span title={m.subject}>{EMAIL_KIND_LABELS[m.kind]}</span> },
    { key: 'to', header: 'To', cell: (m) => <Recipients message={m} /> },
    { key: 'state', header: 'State', cell: (m) => <MessageStateBadge state={m.state} error={m.error} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (m) =>
        auth.can('messages.write') && m.recipients.some((r) => r.state === 'failed') ? (
          <Button
            variant="secondary"
            size="sm"
            loading={retry.isPending && retry.variables === m.id}
            onClick={(e) => (e.stopPropagation(), retry.mutate(m.id))}
          >
            Retry
          </Button>
        ) : null,
    },
  ];
  if (messages.isLoading) return <SkeletonRows rows={2} />;
  if (messages.error) return <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />;
  return (
    <>
      <DataTable
        caption="Messages"
        columns={columns}
        rows={messages.data ?? []}
        rowKey={(m) => m.id}
        onRowClick={(m) => setOpen(m.id)}
        rowLabel={(m) => `Open the email "${m.subject}"`}
        empty={<EmptyState title="No messages yet" description="Emails sent from Fieldwork appear here with their delivery state." />}
      />
      <MessagePreviewSheet messageId={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** The Messages card under a document, a job or a customer, for those who may read what was sent. */
export function MessagesCard({ refs, className }: { refs: MessageRef; className?: string }) {
  const auth = useAuth();
  if (!auth.can('messages.read')) return null;
  return (
    <Card title="Messages" className={className}>
      <MessagesPanel refs={refs} />
    </Card>
  );
}
