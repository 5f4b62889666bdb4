import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/company/onboarding.schemas';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../lib/money';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { DashboardCard, Stat } from './dashboard-card';
import type { DashboardSearch } from './dashboard-range';
import { MetricChange } from './metric-change';

const CUSTOMERS = { to: '/customers', label: 'View customers' } as const;

export function CustomersCard({ range }: { range: DashboardSearch }) {
  const query = useQuery({ queryKey: dashboardKeys.metric('customers', range), queryFn: () => dashboardApi.customers(range) });
  return (
    <DashboardCard title={DASHBOARD_CARD_LABELS.customers} query={query} link={CUSTOMERS}>
      {(c) => (
        <>
          <div className="grid grid-cols-2 gap-2 @xs:grid-cols-3">
            <Stat figure="customersTotal" value={c.total} />
            <Stat figure="customersNew" value={c.newInRange.value} change={<MetricChange figure={c.newInRange} />} />
            <Stat figure="customersRepeat" value={c.repeat} />
          </div>
          <h3 className="mt-4 mb-2 text-xs font-medium text-muted uppercase">Top customers</h3>
          {c.top.length === 0 ? (
            <p className="text-sm text-muted">No invoiced customers in this period</p>
          ) : (
            <ol className="divide-y divide-border text-sm">
              {c.top.map((t) => (
                <li key={t.id} className="flex items-center justify-between gap-2 py-1.5">
                  <Link to="/customer/$id/view-profile" params={{ id: t.id }} className="min-w-0 truncate text-primary hover:underline">
                    {t.name}
                  </Link>
                  <span className="shrink-0 tabular-nums">{formatMoney(t.revenue)}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </DashboardCard>
  );
}
