import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RevenueChart } from '@fieldwork/domain/dashboard.schemas';
import { formatMoney, formatMoneyCompact } from '../../lib/money';

// The theme's primary blue, success green and a neutral for cost, so the chart reads like the rest of the app.
const COLOURS = { invoiced: '#2563eb', collected: '#15803d', cost: '#6b7280' } as const;

/** Invoiced and collected as bars, cost as a line, per bucket. */
export function RevenueChartView({ chart }: { chart: RevenueChart }) {
  return (
      <div className="h-64" role="img" aria-label={`Invoiced, collected and cost per ${chart.bucket}`}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={chart.points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} tickLine={false} />
            <YAxis tickFormatter={formatMoneyCompact} tick={{ fontSize: 12 }} width={56} tickLine={false} axisLine={false} />
            <Tooltip formatter={(v) => formatMoney(Number(v))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="invoiced" name="Invoiced" fill={COLOURS.invoiced} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="collected" name="Collected" fill={COLOURS.collected} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Line dataKey="cost" name="Cost" stroke={COLOURS.cost} strokeWidth={2} dot={false} type="monotone" isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
  );
}
