import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Mail, MailWarning } from 'lucide-react';
import { EMAIL_KIND_LABELS } from '@fieldwork/domain/messages/messages.rules';
import type { Delivery, MessageDto } from '@fieldwork/domain/messages/messages.schemas';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Banner } from '../../../components/banner';
import { PageHeader } from '../../../components/page-header';
import { SkeletonRows } from '../../../components/skeleton';
import { useSession } from '../../../lib/auth-context';
import { formatDateTime } from '../../../lib/format';
import { MessagePreviewSheet } from '../../../shared/messages/message-preview-sheet';
import { MessageStateBadge } from '../../../shared/messages/message-state-badge';
import { messageKeys, messagesApi } from '../../messages/messages.api';

type FailedJob = Delivery['failedJobs'][number];

/**
 * Settings → Delivery: whether mail can leave at all (without a mail server every email is kept, marked "Not
 * sent — no mail server configured", so a new install sees exactly what would go out), the background work that
 * gave up (with the error and Retry), and the latest emails.
 */
export function DeliveryPage() {
  const { company } = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const delivery = useQuery({
    queryKey: messageKeys.delivery,
    queryFn: messagesApi.delivery,
    refetchInterval: (q) => ((q.state.data?.queued ?? 0) > 0 ? 2000 : false),
  });
  const retry = useMutation({
    mutationFn: (job: FailedJob) => messagesApi.retryJob(job.id),
    onSuccess: async () => {
      toast.success('Queued to run again');
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
    onError: (e) => toast.error(e.message),
  });
  const jobColumns: Column<FailedJob>[] = [
    { key: 'what', header: 'What', cell: (j) => j.label },
    { key: 'when', header: 'Failed', cell: (j) => formatDateTime(j.failedAt, company.timeZone) },
    { key: 'attempts', header: 'Attempts', cell: (j) => j.attempts },
    { key: 'error', header: 'Error', cell: (j) => <span className="break-words text-danger">{j.lastError ?? '—'}</span> },
    {
      key: 'actions',
      header: 'Actions',
      stickyEnd: true,
      cell: (j) => (
        <Button variant="secondary" size="sm" loading={retry.isPending && retry.variables?.id === j.id} onClick={() => retry.mutate(j)}>
          Retry
        </Button>
      ),
    },
  ];
  const messageColumns: Column<MessageDto>[] = [
    { key: 'when', header: 'Queued', cell: (m) => formatDateTime(m.createdAt, company.timeZone) },
    { key: 'kind', header: 'Email', cell: (m) => EMAIL_KIND_LABELS[m.kind] },
    { key: 'subject', header: 'Subject', cell: (m) => <span className="line-clamp-2">{m.subject}</span> },
    { key: 'to', header: 'To', cell: (m) => m.recipients.map((r) => r.address).join(', ') },
    { key: 'state', header: 'State', cell: (m) => <MessageStateBadge state={m.state} error={m.error} /> },
  ];
  const d = delivery.data;
  return (
    <>
      <PageHeader title="Delivery" description="Emails Fieldwork sent for your company, and background work that needs you." />
      {delivery.isLoading ? (
        <SkeletonRows rows={4} />
      ) : delivery.error || !d ? (
        <ErrorState error={delivery.error} onRetry={() => void delivery.refetch()} />
      ) : (
        <div className="space-y-4">
          {d.mailConfigured ? (
            <Banner icon={<Mail size={18} aria-hidden="true" />} title="Email is on">
              Emails go out from {d.from}; replies go to your company&apos;s email address.{d.queued ? ` ${d.queued} waiting to go out.` : ''}
            </Banner>
          ) : (
            <Banner tone="warning" icon={<MailWarning size={18} aria-hidden="true" />} title="No mail server configured">
              Emails are kept here, marked &ldquo;Not sent — no mail server configured&rdquo;, so you can see exactly what would go out. Set SMTP_URL on the
              server to send them.
            </Banner>
          )}
          <Card title={`Failed background work (${d.failedJobs.length})`}>
            <DataTable
              caption="Failed background work"
              columns={jobColumns}
              rows={d.failedJobs}
              rowKey={(j) => j.id}
              empty={<EmptyState title="Nothing failed" description="Work that keeps failing after its retries shows here." />}
            />
          </Card>
          <Card title="Latest emails">
            <DataTable
              caption="Latest emails"
              columns={messageColumns}
              rows={d.recentMessages}
              rowKey={(m) => m.id}
              onRowClick={(m) => setOpen(m.id)}
              rowLabel={(m) => `Open the email "${m.subject}"`}
              empty={<EmptyState title="No emails yet" />}
            />
          </Card>
        </div>
      )}
      <MessagePreviewSheet messageId={open} onClose={() => setOpen(null)} />
    </>
  );
}
