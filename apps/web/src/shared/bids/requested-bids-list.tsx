import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { SkeletonRows } from '../../components/skeleton';
import { formatMoney } from '../../lib/money';
import { BidStatusBadge } from './bid-status-badge';
import { bidKeys, bidsApi } from '../../features/bids/bids.api';

/** The Assign/Schedule sheet after "Request Bids": who was asked, and where each request stands. */
export function RequestedBidsList({ taskId }: { taskId: string }) {
  const bids = useQuery({ queryKey: bidKeys.ofTask(taskId), queryFn: () => bidsApi.ofTask(taskId) });
  return (
    <section aria-label="Requested bids" className="space-y-3">
      <p className="flex items-start gap-2 text-sm font-medium text-gray-900">
        <CheckCircle2 size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-success" />
        Bid requests sent. Subcontractors answer from their Bid Requests page; award one from the task.
      </p>
      {bids.isLoading ? (
        <SkeletonRows rows={2} label="Loading bids" />
      ) : bids.isError ? (
        <p className="text-sm text-danger">The bid requests could not be loaded.</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {(bids.data ?? []).map((b) => (
            <li key={b.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate font-medium text-gray-900">{b.subcontractor.name}</span>
              {b.amount !== null ? <span className="text-gray-700 tabular-nums">{formatMoney(b.amount)}</span> : null}
              <BidStatusBadge status={b.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
