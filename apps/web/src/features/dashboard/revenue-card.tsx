import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/onboarding.schemas';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RevenueChart } from '@fieldwork/domain/dashboard.schemas';
import { EmptyState } from '../../components/empty-state';
import { formatMoney } from '../../lib/format';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { DashboardCard } from './dashboard-card';
import type { DashboardSearch } from './dashboard-range';

// The theme's primary blue, success green and a neutral for cost, so the chart reads like the rest of the app.
const COLOURS = { invoiced: '#2563eb', collected: '#15803d', cost: '#6b7280' } as const;

const compactMoney = (v: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 }).format(v);

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
        <span>Cost {formatMoney(totals.cost)}</span>
      </p>
      <div className="h-64" role="img" aria-label={`Invoiced, collected and cost per ${chart.bucket}`}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={chart.points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} tickLine={false} />
            <YAxis tickFormatter={compactMoney} tick={{ fontSize: 12 }} width={56} tickLine={false} axisLine={false} />
            <Tooltip formatter={(v) => formatMoney(Number(v))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="invoiced" name="Invoiced" fill={COLOURS.invoiced} radius={[3, 3, 0, 0]} />
            <Bar dataKey="collected" name="Collected" fill={COLOURS.collected} radius={[3, 3, 0, 0]} />
            <Line dataKey="cost" name="Cost" stroke={COLOURS.cost} strokeWidth={2} dot={false} type="monotone" />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </>
  );
}
