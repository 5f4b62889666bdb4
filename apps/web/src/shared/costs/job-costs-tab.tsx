import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { List, Plus } from 'lucide-react';
import type { Job } from '@fieldwork/domain/jobs/jobs.schemas';
import { COST_CATEGORY, COST_TYPE_LABELS, COST_TYPES, type CostCategory } from '@fieldwork/domain/jobs/costs.rules';
import type { CostAnalysis } from '@fieldwork/domain/jobs/costs.schemas';
import { Button, buttonClass } from '../../components/button';
import { DataTable } from '../../components/data-table';
import { EmptyState, NO_DATA_TEXT } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { NO_ACCESS_TEXT } from '../../components/no-access-panel';
import { SkeletonRows } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { formatMoney, formatPercent } from '../../lib/money';
import { costKeys, costsApi } from '../../features/costs/costs.api';
import { EstimatedCostDialog } from './cost-edit-dialog';

export const ADD_COST_TEXT = 'Add Cost';
export const ADD_ESTIMATED_COST_TEXT = 'Add Estimated Cost';
export const VIEW_ALL_COSTS_TEXT = 'View all costs';
export const OVER_ESTIMATE_TEXT = 'over estimate';

const REVENUE_SOURCE_TEXT: Record<CostAnalysis['revenueSource'], string> = {
  INVOICES: 'From invoices',
  ESTIMATES: 'From approved estimates',
  NONE: 'None yet',
};

type CategoryRow = { key: CostCategory | 'total'; label: string; count: number; estimated: number; actual: number; variance: number };

function categoryRows(a: CostAnalysis): CategoryRow[] {
  const rows: CategoryRow[] = COST_TYPES.map((t) => {
    const key = COST_CATEGORY[t];
    return { key, label: COST_TYPE_LABELS[t], count: a.count[key], estimated: a.estimated[key], actual: a.totalCost[key], variance: a.variance[key] };
  });
  rows.push({ key: 'total', label: 'Total', count: a.count.total, estimated: a.estimated.total, actual: a.totalCost.total, variance: a.variance.total });
  return rows;
}

/** A negative figure reads red: the job is losing money there. */
export function SignedMoney({ value, hint }: { value: number; hint?: string }) {
  return (
    <span className={cn('tabular-nums', value < 0 && 'font-medium text-danger')}>
      {formatMoney(value)}
      {value < 0 && hint ? <span className="ml-1 text-xs font-normal">({hint})</span> : null}
    </span>
  );
}

/** Actual against estimated as a bar: full and red once the actual passes the estimate. */
function SpendBar({ row }: { row: CategoryRow }) {
  if (row.estimated <= 0 && row.actual <= 0) return <span className="text-xs text-muted">—</span>;
  const ratio = row.estimated > 0 ? row.actual / row.estimated : 1;
  const over = row.actual > row.estimated;
  const label = row.estimated > 0 ? `${Math.round(ratio * 100)}% of estimate` : 'No estimate';
  return (
    <div className="flex min-w-28 items-center gap-2" role="img" aria-label={`${row.label}: ${label}`}>
      <div className="h-2 flex-1 overflow-hidden rounded bg-gray-100">
        <div className={cn('h-full rounded', over ? 'bg-danger' : 'bg-primary')} style={{ width: `${Math.min(100, Math.max(0, ratio * 100))}%` }} />
      </div>
      <span className={cn('text-xs tabular-nums', over ? 'text-danger' : 'text-muted')}>{label}</span>
    </div>
  );
}

function SummaryCard({ label, children, sub }: { label: string; children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="rounded-lg border border-border bg-white px-3 py-2">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="text-base font-semibold text-gray-900">{children}</dd>
      {sub ? <dd className="text-xs text-muted">{sub}</dd> : null}
    </div>
  );
}

function CostAnalysisView({ analysis }: { analysis: CostAnalysis }) {
  const rows = categoryRows(analysis);
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <SummaryCard label="Margin" sub={formatPercent(analysis.marginPercentage)}>
          <SignedMoney value={analysis.margin} />
        </SummaryCard>
        {/* Actual and estimated costs side by side, never added together: the table below splits both by category. */}
        <SummaryCard label="Actual costs" sub={`${analysis.count.total} ${analysis.count.total === 1 ? 'record' : 'records'}`}>
          <span className="tabular-nums">{formatMoney(analysis.totalCost.total)}</span>
        </SummaryCard>
        <SummaryCard label="Estimated costs" sub="Planned on approved estimates">
          <span className="tabular-nums">{formatMoney(analysis.estimated.total)}</span>
        </SummaryCard>
        <SummaryCard label="Revenue" sub={REVENUE_SOURCE_TEXT[analysis.revenueSource]}>
          <span className="tabular-nums">{formatMoney(analysis.revenue)}</span>
        </SummaryCard>
      </dl>
      <DataTable
        caption="Costs by category"
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          { key: 'category', header: 'Category', cell: (r) => (r.key === 'total' ? <strong>{r.label}</strong> : r.label) },
          { key: 'count', header: 'Count', cell: (r) => r.count, className: 'text-right tabular-nums' },
          { key: 'estimated', header: 'Estimated', cell: (r) => formatMoney(r.estimated), className: 'text-right tabular-nums' },
          { key: 'actual', header: 'Actual', cell: (r) => formatMoney(r.actual), className: 'text-right tabular-nums' },
          { key: 'variance', header: 'Variance', cell: (r) => <SignedMoney value={r.variance} hint={OVER_ESTIMATE_TEXT} />, className: 'text-right' },
          { key: 'spend', header: 'Actual vs Estimated', cell: (r) => <SpendBar row={r} /> },
        ]}
      />
    </div>
  );
}

/**
 * The job page's Costs tab: margin, count and total cost by category, estimated against actual with
 * the variance, and revenue. Office data (costs.read); only writers get the buttons that add costs.
 */
export function JobCostsTab({ job }: { job: Job }) {
  const auth = useAuth();
  const [addingEstimated, setAddingEstimated] = useState(false);
  const canRead = auth.can('costs.read');
  const analysis = useQuery({ queryKey: costKeys.analysis(job.id), queryFn: () => costsApi.analysis(job.id), enabled: canRead });
  if (!canRead)
    return (
      <p role="note" className="rounded-lg border border-border bg-white px-4 py-6 text-center text-sm text-muted">
        {NO_ACCESS_TEXT}
      </p>
    );

  // Job-level and estimated costs are office writes (server: requireOfficeWrite); a view-only user reads.
  const canAdd = auth.can('costs.write') && job.status === 'OPEN';
  const toolbar = (
    <div className="mb-3 flex flex-wrap justify-end gap-2">
      <Link to="/workorder/jobs/$id/all-costs" params={{ id: job.id }} className={buttonClass('secondary', 'sm')}>
        <List size={14} aria-hidden="true" /> {VIEW_ALL_COSTS_TEXT}
      </Link>
      {canAdd ? (
        <>
          <Button variant="secondary" size="sm" onClick={() => setAddingEstimated(true)}>
            <Plus size={14} aria-hidden="true" /> {ADD_ESTIMATED_COST_TEXT}
          </Button>
          <Link to="/workorder/task-details/actual-costs" search={{ jobId: job.id }} className={buttonClass('primary', 'sm')}>
            <Plus size={14} aria-hidden="true" /> {ADD_COST_TEXT}
          </Link>
        </>
      ) : null}
    </div>
  );

  let body: ReactNode;
  if (analysis.isLoading) body = <SkeletonRows label="Loading costs" />;
  else if (analysis.error || !analysis.data) body = <ErrorState error={analysis.error} onRetry={() => void analysis.refetch()} />;
  else if (analysis.data.count.total === 0 && analysis.data.estimated.total === 0)
    body = (
      <div className="rounded-lg border border-border bg-white">
        <EmptyState title={NO_DATA_TEXT} />
      </div>
    );
  else body = <CostAnalysisView analysis={analysis.data} />;

  return (
    <div>
      {toolbar}
      {body}
      {addingEstimated ? <EstimatedCostDialog jobId={job.id} onClose={() => setAddingEstimated(false)} /> : null}
    </div>
  );
}
