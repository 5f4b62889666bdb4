import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RevenueChart } from '@fieldwork/domain/dashboard/dashboard.schemas';
import { chartBucketAxisLabel, DASHBOARD_FIGURES } from '@fieldwork/domain/dashboard/dashboard-figures.rules';
import { formatMoney, formatMoneyCompact } from '../../lib/money';

// The theme's primary blue, success green and a neutral for cost, so the chart reads like the rest of the app.
const AXIS_TEXT = '#6b7280';
const COLOURS = { invoiced: '#2563eb', collected: '#15803d', cost: '#6b7280' } as const;

/** Invoiced and collected as bars, cost as a line, per bucket. */
export function RevenueChartView({ chart }: { chart: RevenueChart }) {
  return (
    <div className="h-64" role="img" aria-label={`Invoiced, collected and job costs in dollars per ${chart.bucket}`}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={chart.points} margin={{ top: 8, right: 8, bottom: 16, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
          <XAxis
            dataKey="label"
            tick={{ fontSize: 12 }}
            tickLine={false}
            label={{ value: chartBucketAxisLabel(chart.bucket), position: 'insideBottom', offset: -12, fontSize: 12, fill: AXIS_TEXT }}
          />
          <YAxis
            tickFormatter={formatMoneyCompact}
            tick={{ fontSize: 12 }}
            width={64}
            tickLine={false}
            axisLine={false}
            label={{
              value: DASHBOARD_FIGURES.chartAmount.label,
              angle: -90,
              position: 'insideLeft',
              offset: 0,
              fontSize: 12,
              fill: AXIS_TEXT,
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip formatter={(v) => formatMoney(Number(v))} />
          <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12, paddingBottom: 4 }} />
          <Bar dataKey="invoiced" name="Invoiced" fill={COLOURS.invoiced} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="collected" name="Collected" fill={COLOURS.collected} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Line
            dataKey="cost"
            name={DASHBOARD_FIGURES.jobCosts.label}
            stroke={COLOURS.cost}
            strokeWidth={2}
            dot={false}
            type="monotone"
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
