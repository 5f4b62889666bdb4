import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OPEN_BID_STATUSES, type Bid } from '@fieldwork/domain/tasks/bids.schemas';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SkeletonRows } from '../../components/skeleton';
import { formatDateTime } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { BidStatusBadge } from './bid-status-badge';
import { bidKeys, bidsApi } from '../../features/bids/bids.api';
import { useAwardBid, useCloseBids } from './use-bid-mutations';

export type TaskBidsCardProps = { taskId: string; timeZone: string; canWrite: boolean };

/** The task's bids for office readers: each subcontractor's answer; writers award a submitted bid or stop collecting. */
export function TaskBidsCard({ taskId, timeZone, canWrite }: TaskBidsCardProps) {
  const bids = useQuery({ queryKey: bidKeys.ofTask(taskId), queryFn: () => bidsApi.ofTask(taskId) });
  const [awarding, setAwarding] = useState<Bid | null>(null);
  const [closing, setClosing] = useState(false);
  const award = useAwardBid(() => setAwarding(null));
  const close = useCloseBids(() => setClosing(false));
  const items = bids.data ?? [];
  if (bids.isSuccess && items.length === 0) return null;
  const anyOpen = items.some((b) => (OPEN_BID_STATUSES as readonly string[]).includes(b.status));

  return (
    <Card
      title="Bids"
      actions={
        canWrite && anyOpen ? (
          <Button size="sm" variant="secondary" onClick={() => setClosing(true)}>
            Stop collecting bids
          </Button>
        ) : null
      }
    >
      {bids.isLoading ? (
        <SkeletonRows rows={2} label="Loading bids" />
      ) : bids.isError ? (
        <p className="text-sm text-danger">The bids could not be loaded.</p>
      ) : (
        <ul aria-label="Bids" className="divide-y divide-border">
          {items.map((b) => (
            <BidRow key={b.id} bid={b} timeZone={timeZone} onAward={canWrite && b.status === 'SUBMITTED' ? () => setAwarding(b) : undefined} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={awarding !== null}
        onOpenChange={(o) => (o ? undefined : setAwarding(null))}
        title="Award bid"
        description={awarding ? `Award the task to ${awarding.subcontractor.name} for ${formatMoney(awarding.amount)}? The other bid requests are closed.` : ''}
        confirmLabel="Award"
        loading={award.isPending}
        onConfirm={() => awarding && award.mutate(awarding.id)}
      />
      <ConfirmDialog
        open={closing}
        onOpenChange={setClosing}
        title="Stop collecting bids"
        description="Every open bid request of this task is closed; subcontractors can no longer answer them."
        confirmLabel="Stop collecting bids"
        destructive
        loading={close.isPending}
        onConfirm={() => close.mutate(taskId)}
      />
    </Card>
  );
}

function BidRow({ bid: b, timeZone, onAward }: { bid: Bid; timeZone: string; onAward: (() => void) | undefined }) {
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
          <span className="min-w-0 break-words">{b.subcontractor.name}</span>
          <BidStatusBadge status={b.status} />
        </p>
        <p className="text-sm text-gray-700">
          {b.amount !== null ? <span className="font-semibold tabular-nums">{formatMoney(b.amount)}</span> : <span className="text-muted">No bid yet</span>}
          {b.earliestStartDateTime ? <span className="text-muted"> · Earliest start {formatDateTime(b.earliestStartDateTime, timeZone)}</span> : null}
        </p>
        {b.note ? <p className="text-sm break-words whitespace-pre-wrap text-muted">{b.note}</p> : null}
      </div>
      {onAward ? (
        <Button size="sm" onClick={onAward} aria-label={`Award bid of ${b.subcontractor.name}`}>
          Award
        </Button>
      ) : null}
    </li>
  );
}
