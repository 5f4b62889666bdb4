import { useQuery } from '@tanstack/react-query';
import { COST_TYPE_LABELS } from '@fieldwork/domain/jobs/costs.rules';
import type { Cost } from '@fieldwork/domain/jobs/costs.schemas';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { costKeys, costsApi, type CostListParams } from './costs.api';

/** Up to this many existing costs are listed; the job's Costs tab has them all. */
const EXISTING_LIMIT = 100;

/** What the line is about, in a few words: the person, vehicle, item, subcontractor or description. */
export function costSubject(cost: Cost): string {
  return cost.user?.name ?? cost.vehicle?.name ?? cost.subcontractor?.name ?? cost.item ?? cost.description ?? '—';
}

/** "Already added": the costs this task (or job) has, so the user does not enter them twice. */
export function ActualCostExisting({ taskId, jobId }: { taskId: string | undefined; jobId: string }) {
  const params: CostListParams = { page: 1, limit: EXISTING_LIMIT, costFor: 'JOB', ...(taskId ? { taskId } : { jobId }) };
  const existing = useQuery({ queryKey: costKeys.list(params), queryFn: () => costsApi.list(params) });
  const items = existing.data?.data ?? [];
  return (
    <section aria-labelledby="already-added" className="mt-6">
      <h2 id="already-added" className="mb-2 text-base font-semibold text-gray-900">
        Already added
      </h2>
      {existing.isLoading ? <p className="text-sm text-muted">Loading…</p> : null}
      {existing.isError ? <p className="text-sm text-danger">The costs already added could not be loaded.</p> : null}
      {existing.isSuccess && items.length === 0 ? <p className="text-sm text-muted">No costs yet.</p> : null}
      {items.length > 0 ? (
        <ul className="divide-y divide-border rounded-md border border-border bg-white">
          {items.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-gray-900">{COST_TYPE_LABELS[c.costType]}</span> · {costSubject(c)} · {formatDate(c.date, 'UTC')}
              </span>
              <span className="font-medium text-gray-900">{formatMoney(c.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
