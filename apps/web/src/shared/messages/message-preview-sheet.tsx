import { useQuery } from '@tanstack/react-query';
import { EMAIL_KIND_LABELS } from '@fieldwork/domain/messages/messages.rules';
import { ErrorState } from '../../components/error-state';
import { SideSheet } from '../../components/side-sheet';
import { SkeletonRows } from '../../components/skeleton';
import { useSession } from '../../lib/auth-context';
import { formatDateTime } from '../../lib/format';
import { MessageStateBadge } from './message-state-badge';
import { messageKeys, messagesApi } from '../../features/messages/messages.api';

/**
 * One email as it went out (or would have): recipients with their delivery state, and the body in a sandboxed
 * frame — no scripts, no forms, nothing of it can reach the app. One-time links are masked by the server.
 */
export function MessagePreviewSheet({ messageId, onClose }: { messageId: string | null; onClose: () => void }) {
  const { company } = useSession();
  const message = useQuery({ queryKey: messageKeys.detail(messageId ?? ''), queryFn: () => messagesApi.get(messageId!), enabled: !!messageId });
  const m = message.data;
  return (
    <SideSheet open={!!messageId} onOpenChange={(open) => !open && onClose()} title={m ? m.subject : 'Email'} width={600}>
      {message.isLoading ? (
        <SkeletonRows rows={4} />
      ) : message.error || !m ? (
        <ErrorState error={message.error} onRetry={() => void message.refetch()} />
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">Kind</dt>
            <dd>{EMAIL_KIND_LABELS[m.kind]}</dd>
            <dt className="text-muted">Queued</dt>
            <dd>{formatDateTime(m.createdAt, company.timeZone)}</dd>
            {m.sentAt ? (
              <>
                <dt className="text-muted">Sent</dt>
                <dd>{formatDateTime(m.sentAt, company.timeZone)}</dd>
              </>
            ) : null}
            {m.attachment ? (
              <>
                <dt className="text-muted">Attachment</dt>
                <dd>{m.attachment === 'estimate-pdf' ? 'The estimate as a PDF' : 'The invoice as a PDF'}</dd>
              </>
            ) : null}
          </dl>
          <ul className="space-y-1 text-sm" aria-label="Recipients">
            {m.recipients.map((r) => (
              <li key={`${r.role}:${r.address}`} className="flex flex-wrap items-center gap-2">
                <span className="text-muted">{r.role === 'to' ? 'To' : 'Cc'}</span>
                <span className="truncate">{r.address}</span>
                <MessageStateBadge state={r.state} error={r.error} />
                {r.error ? <span className="text-xs text-danger">{r.error}</span> : null}
              </li>
            ))}
          </ul>
          <iframe title="Email body" sandbox="" srcDoc={m.bodyHtml} className="h-[480px] w-full rounded-md border border-border bg-white" />
        </div>
      )}
    </SideSheet>
  );
}
