import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/onboarding.schemas';
import type { FinanceMetrics } from '@fieldwork/domain/dashboard.schemas';
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

function FinanceFigures({ f }: { f: FinanceMetrics }) {
  return (
    <div className="grid grid-cols-2 gap-2 @lg:grid-cols-3 @2xl:grid-cols-4 @4xl:grid-cols-5">
      <Stat label="Invoiced" value={formatMoney(f.invoiced.value)} change={<MetricChange figure={f.invoiced} />} to={INVOICES} />
      <Stat label="Collected" value={formatMoney(f.collected.value)} change={<MetricChange figure={f.collected} />} to={INVOICES} />
      <Stat label="Outstanding" value={formatMoney(f.outstanding.value)} change={<MetricChange figure={f.outstanding} lowerIsBetter />} to={INVOICES} />
      <Stat
        label="Overdue"
        value={formatMoney(f.overdue.amount.value)}
        sub={`${f.overdue.count.value} ${f.overdue.count.value === 1 ? 'invoice' : 'invoices'}`}
        change={<MetricChange figure={f.overdue.amount} lowerIsBetter />}
        to={OVERDUE_INVOICES}
      />
      <Stat label="Average invoice" value={formatMoney(f.averageInvoice.value)} change={<MetricChange figure={f.averageInvoice} />} />
      <Stat label="Open estimates" value={formatMoney(f.openEstimatesValue.value)} change={<MetricChange figure={f.openEstimatesValue} />} to={ESTIMATES} />
      <Stat
        label="Approved, not invoiced"
        value={formatMoney(f.approvedNotInvoicedValue.value)}
        change={<MetricChange figure={f.approvedNotInvoicedValue} />}
        to={ESTIMATES}
      />
      <Stat label="Gross margin" value={formatMoney(f.grossMargin.value)} change={<MetricChange figure={f.grossMargin} />} />
      <Stat
        label="Margin %"
        value={<span className={f.marginPercentage.value < 0 ? 'text-danger' : undefined}>{formatPercent(f.marginPercentage.value)}</span>}
        change={<MetricChange figure={f.marginPercentage} />}
      />
    </div>
  );
}
