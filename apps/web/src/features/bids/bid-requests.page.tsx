import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Gavel } from 'lucide-react';
import type { Bid } from '@fieldwork/domain/tasks/bids.schemas';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { Skeleton } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { formatDateTime } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { jobNumberText } from '../../shared/jobs/job-status-badge';
import { taskNumberText } from '../../shared/tasks/task-status-badge';
import { BidStatusBadge } from '../../shared/bids/bid-status-badge';
import { bidKeys, bidsApi } from './bids.api';
import { SubmitBidDialog } from './submit-bid-dialog';
import { useDeclineBid } from '../../shared/bids/use-bid-mutations';

export const NO_BID_REQUESTS = 'You have no bid requests yet';
const PAGE_SIZE = 20;

/** A subcontractor login's bid requests: answer (again while SUBMITTED) or decline each open one. */
export function BidRequestsPage() {
  const tz = useAuth().session.company.timeZone;
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<Bid | null>(null);
  const [declining, setDeclining] = useState<Bid | null>(null);
  const decline = useDeclineBid(() => setDeclining(null));
  const bids = useQuery({ queryKey: bidKeys.list({ page }), queryFn: () => bidsApi.list({ page, limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  const items = bids.data?.items ?? [];
  const meta = bids.data?.meta;

  return (
    <div>
      <PageHeader title="Bid Requests" description="Tasks the office asked you to bid on. Submit a price, or decline." />
      {bids.isLoading ? (
        <div role="status" aria-label="Loading bid requests" className="grid gap-3 lg:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-44 w-full" />
          ))}
        </div>
      ) : bids.isError ? (
        <ErrorState error={bids.error} onRetry={() => void bids.refetch()} />
      ) : items.length === 0 ? (
        <div className="rounded-lg border border-border bg-white">
          <EmptyState title={NO_BID_REQUESTS} icon={<Gavel size={32} />} description="When the office requests a bid from your company, it appears here." />
        </div>
      ) : (
        <>
          <ul aria-label="Bid requests" className="grid gap-3 lg:grid-cols-2">
            {items.map((b) => (
              <BidRequestCard key={b.id} bid={b} timeZone={tz} onAnswer={() => setAnswering(b)} onDecline={() => setDeclining(b)} />
            ))}
          </ul>
          {meta && meta.totalPages > 1 ? (
            <div className="mt-4">
              <Pagination page={meta.page} totalPages={meta.totalPages} totalItems={meta.total} pageSize={meta.limit} onPageChange={setPage} />
            </div>
          ) : null}
        </>
      )}
      {answering ? <SubmitBidDialog bid={answering} timeZone={tz} onClose={() => setAnswering(null)} /> : null}
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(o) => (o ? undefined : setDeclining(null))}
        title="Decline bid request"
        description={
          declining
            ? `Decline the bid request for ${taskNumberText(declining.task.taskNumber)} · ${declining.task.name}? The office is told you will not bid.`
            : ''
        }
        confirmLabel="Decline"
        destructive
        loading={decline.isPending}
        onConfirm={() => declining && decline.mutate(declining.id)}
      />
    </div>
  );
}

type CardProps = { bid: Bid; timeZone: string; onAnswer: () => void; onDecline: () => void };

function BidRequestCard({ bid: b, timeZone, onAnswer, onDecline }: CardProps) {
  const open = b.status === 'REQUESTED' || b.status === 'SUBMITTED';
  const when = b.task.startDateTime
    ? `${formatDateTime(b.task.startDateTime, timeZone)}${b.task.expectedEndDateTime ? ` – ${formatDateTime(b.task.expectedEndDateTime, timeZone)}` : ''}`
    : 'Unscheduled';
  const title = `${taskNumberText(b.task.taskNumber)} · ${b.task.name}`;
  return (
    <li aria-label={title} className="flex flex-col rounded-lg border border-border bg-white p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-gray-900">{title}</p>
        <BidStatusBadge status={b.status} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-muted">Job</dt>
        <dd className="min-w-0 break-words text-gray-900">{jobNumberText(b.task.jobNumber)}</dd>
        <dt className="text-muted">Customer</dt>
        <dd className="min-w-0 break-words text-gray-900">{b.task.customerName}</dd>
        <dt className="text-muted">Site</dt>
        <dd className="min-w-0 break-words text-gray-900">{b.task.siteAddress || '—'}</dd>
        <dt className="text-muted">Schedule</dt>
        <dd className="min-w-0 break-words text-gray-900">{when}</dd>
        {b.amount !== null ? (
          <>
            <dt className="text-muted">Your bid</dt>
            <dd className="min-w-0 font-semibold text-gray-900 tabular-nums">
              {formatMoney(b.amount)}
              {b.earliestStartDateTime ? <span className="font-normal text-muted"> · from {formatDateTime(b.earliestStartDateTime, timeZone)}</span> : null}
            </dd>
          </>
        ) : null}
        {b.note ? (
          <>
            <dt className="text-muted">Note</dt>
            <dd className="min-w-0 break-words whitespace-pre-wrap text-gray-900">{b.note}</dd>
          </>
        ) : null}
      </dl>
      {open ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-3">
          <Button size="sm" className="flex-1 sm:flex-none" onClick={onAnswer}>
            {b.status === 'SUBMITTED' ? 'Update Bid' : 'Submit Bid'}
          </Button>
          <Button size="sm" variant="secondary" className="flex-1 sm:flex-none" onClick={onDecline}>
            Decline
          </Button>
        </div>
      ) : null}
    </li>
  );
}
