/**
 * The estimate's figures the calculator moves: revenue, estimated cost, margin and margin %, as the server
 * computed them on GET /estimates/:id (refetched after every cost change). Negative margins read red.
 */
import { Link } from '@tanstack/react-router';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import { centsToDollars, toScaledInteger } from '@fieldwork/domain/common/money.rules';
import { cn } from '../../lib/cn';
import { formatMoney, formatPercent } from '../../lib/money';

/** The server keeps margin = revenue − estimated cost; the cost is read back from those two exact figures. */
function estimatedCost(e: Estimate): number | null {
  if (e.totalRevenue === undefined || e.totalMargin === undefined) return null;
  return centsToDollars((toScaledInteger(e.totalRevenue, 2) ?? 0) - (toScaledInteger(e.totalMargin, 2) ?? 0));
}

function Figure({ label, value, danger }: { label: string; value: string; danger?: boolean }) {
  return (
    <div className="rounded-md border border-border bg-white px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={cn('text-base font-semibold tabular-nums', danger ? 'text-danger' : 'text-gray-900')}>{value}</dd>
    </div>
  );
}

export function CostCalculatorSummary({ estimate: e, refreshing }: { estimate: Estimate; refreshing: boolean }) {
  const negative = (e.totalMargin ?? 0) < 0;
  const cost = estimatedCost(e);
  return (
    <section aria-label="Estimate margin" aria-busy={refreshing} className="space-y-3">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <Link to="/workorder/estimates/$id" params={{ id: e.id }} className="font-medium text-primary hover:underline">
          Estimate #{e.estimateNumber}
        </Link>
        <span className="text-muted">{e.account.name}</span>
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Revenue" value={formatMoney(e.totalRevenue)} />
        <Figure label="Estimated cost" value={cost === null ? '—' : formatMoney(cost)} />
        <Figure label="Margin" value={formatMoney(e.totalMargin)} danger={negative} />
        <Figure label="Margin %" value={formatPercent(e.marginPercentage)} danger={negative} />
      </dl>
    </section>
  );
}
