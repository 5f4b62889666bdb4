import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/company/onboarding.schemas';
import type { RevenueChart } from '@fieldwork/domain/dashboard/dashboard.schemas';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { formatMoney } from '../../lib/money';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { DashboardCard } from './dashboard-card';
import type { DashboardSearch } from './dashboard-range';

// recharts is large: it loads with the first chart, not with the app.
const RevenueChartView = lazy(() => import('./revenue-chart').then((m) => ({ default: m.RevenueChartView })));

export function RevenueCard({ range }: { range: DashboardSearch }) {
  const query = useQuery({ queryKey: dashboardKeys.metric('revenue', range), queryFn: () => dashboardApi.revenue(range) });
  return (
    <DashboardCard title={DASHBOARD_CARD_LABELS.revenue} query={query} link={{ to: '/workorder/invoices', label: 'View invoices' }} wide skeletonRows={6}>
      {(chart) => <RevenueFigures chart={chart} />}
    </DashboardCard>
  );
}

function RevenueFigures({ chart }: { chart: RevenueChart }) {
  const totals = chart.points.reduce((t, p) => ({ invoiced: t.invoiced + p.invoiced, collected: t.collected + p.collected, cost: t.cost + p.cost }), {
    invoiced: 0,
    collected: 0,
    cost: 0,
  });
  if (chart.points.every((p) => p.invoiced === 0 && p.collected === 0 && p.cost === 0)) {
    return <EmptyState className="py-6" title="No revenue or costs in this period" />;
  }
  return (
    <>
      <p className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <span>Per {chart.bucket}</span>
        <span>Invoiced {formatMoney(totals.invoiced)}</span>
        <span>Collected {formatMoney(totals.collected)}</span>
        <span>Job costs {formatMoney(totals.cost)}</span>
      </p>
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <RevenueChartView chart={chart} />
      </Suspense>
    </>
  );
}
