import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/company/onboarding.schemas';
import type { FinanceMetrics } from '@fieldwork/domain/dashboard/dashboard.schemas';
import { cn } from '../../lib/cn';
import { formatMoney, formatPercent } from '../../lib/money';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { DashboardCard, Stat } from './dashboard-card';
import type { DashboardSearch } from './dashboard-range';
import { MetricChange } from './metric-change';

const INVOICES = { to: '/workorder/invoices', label: 'View invoices' } as const;
/** The list filtered to what this card counts as overdue (invoices list: ?overdue=true). */
const OVERDUE_INVOICES = { ...INVOICES, search: { overdue: true }, label: 'View overdue invoices' } as const;
const ESTIMATES = { to: '/workorder/estimates', label: 'View estimates' } as const;

export function FinanceCard({ range }: { range: DashboardSearch }) {
  const query = useQuery({ queryKey: dashboardKeys.metric('finance', range), queryFn: () => dashboardApi.finance(range) });
  return (
    <DashboardCard title={DASHBOARD_CARD_LABELS.finance} query={query} link={INVOICES} wide skeletonRows={5}>
      {(f) => <FinanceFigures f={f} />}
    </DashboardCard>
  );
}

/** One row of the card; an odd last figure on a narrow card takes the full row rather than leave a hole. */
function Group({ title, children, columns }: { title: string; children: ReactNode; columns: 3 | 4 }) {
  return (
    <section aria-label={title}>
      <h3 className="mb-1.5 text-xs font-medium text-muted uppercase">{title}</h3>
      <div className={cn('grid grid-cols-2 gap-2 @max-lg:[&>*:last-child:nth-child(odd)]:col-span-2', columns === 4 ? '@lg:grid-cols-4' : '@lg:grid-cols-3')}>
        {children}
      </div>
    </section>
  );
}

export const CREDITS_LABEL = 'Credits to refund or apply';

/**
 * Invoices holding money beyond their totals (a card payment crossed another payment): a to-do for the office,
 * shown only while there is one.
 */
function CreditsLine({ credits }: { credits: FinanceMetrics['credits'] }) {
  if (credits.count <= 0) return null;
  return (
    <Link
      to={INVOICES.to}
      aria-label={`${CREDITS_LABEL}: ${INVOICES.label}`}
      className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-sm hover:underline"
    >
      <span className="font-medium text-gray-900">{CREDITS_LABEL}</span>
      <span className="text-gray-900">
        <span className="font-semibold tabular-nums">{formatMoney(credits.amount)}</span>{' '}
        <span className="text-muted">
          on {credits.count} {credits.count === 1 ? 'invoice' : 'invoices'}
        </span>
      </span>
    </Link>
  );
}

/**
 * Three rows that each fill their width: invoices, the margin sum (Revenue − Job costs = Gross margin, and
 * Margin % = Gross margin ÷ Revenue, all before tax, as DASHBOARD_FIGURES defines them) and the pipeline.
 */
function FinanceFigures({ f }: { f: FinanceMetrics }) {
  return (
    <div className="space-y-3">
      <Group title="Invoices" columns={4}>
        <Stat figure="invoiced" value={formatMoney(f.invoiced.value)} change={<MetricChange figure={f.invoiced} />} to={INVOICES} />
        <Stat figure="collected" value={formatMoney(f.collected.value)} change={<MetricChange figure={f.collected} />} to={INVOICES} />
        <Stat figure="outstanding" value={formatMoney(f.outstanding.value)} change={<MetricChange figure={f.outstanding} lowerIsBetter />} to={INVOICES} />
        <Stat
          figure="overdue"
          value={formatMoney(f.overdue.amount.value)}
          sub={`${f.overdue.count.value} ${f.overdue.count.value === 1 ? 'invoice' : 'invoices'}`}
          change={<MetricChange figure={f.overdue.amount} lowerIsBetter />}
          to={OVERDUE_INVOICES}
        />
      </Group>
      <Group title="Margin (before tax)" columns={4}>
        <Stat figure="revenue" value={formatMoney(f.revenue.value)} change={<MetricChange figure={f.revenue} />} />
        <Stat figure="jobCosts" value={formatMoney(f.jobCosts.value)} change={<MetricChange figure={f.jobCosts} lowerIsBetter />} />
        <Stat figure="grossMargin" value={formatMoney(f.grossMargin.value)} change={<MetricChange figure={f.grossMargin} />} />
        <Stat
          figure="marginPercentage"
          value={<span className={f.marginPercentage.value < 0 ? 'text-danger' : undefined}>{formatPercent(f.marginPercentage.value)}</span>}
          change={<MetricChange figure={f.marginPercentage} />}
        />
      </Group>
      <CreditsLine credits={f.credits} />
      <Group title="Pipeline" columns={3}>
        <Stat figure="averageInvoice" value={formatMoney(f.averageInvoice.value)} change={<MetricChange figure={f.averageInvoice} />} />
        <Stat figure="openEstimates" value={formatMoney(f.openEstimatesValue.value)} change={<MetricChange figure={f.openEstimatesValue} />} to={ESTIMATES} />
        <Stat
          figure="approvedNotInvoiced"
          value={formatMoney(f.approvedNotInvoicedValue.value)}
          change={<MetricChange figure={f.approvedNotInvoicedValue} />}
          to={ESTIMATES}
        />
      </Group>
    </div>
  );
}
