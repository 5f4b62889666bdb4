import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis } from 'recharts';
import { DASHBOARD_WEEKLY_MAX_DAYS } from '@fieldwork/domain/dashboard/dashboard.schemas';
import type { ReceptionistMetrics } from '@fieldwork/domain/ai/receptionist.schemas';

type Day = ReceptionistMetrics['byDay'][number];

type Bucket = Day & { other: number };

/** Past two months, one bar a day is too thin to read: sum each run of 7 days (labelled by its first day). */
export function chartBuckets(days: readonly Day[]): Bucket[] {
  const withOther = (d: Day): Bucket => ({ ...d, other: Math.max(0, d.calls - d.booked - d.missed) });
  if (days.length <= DASHBOARD_WEEKLY_MAX_DAYS) return days.map(withOther);
  const weeks: Bucket[] = [];
  for (let i = 0; i < days.length; i += 7) {
    const run = days.slice(i, i + 7);
    const sum = run.reduce((w, d) => ({ day: w.day, calls: w.calls + d.calls, booked: w.booked + d.booked, missed: w.missed + d.missed }), {
      day: run[0]!.day,
      calls: 0,
      booked: 0,
      missed: 0,
    });
    weeks.push(withOther(sum));
  }
  return weeks;
}

/** Calls per day (per week for long ranges), stacked: booked, missed and the rest. */
export function CallsByDayChart({ days }: { days: readonly Day[] }) {
  return (
    <div className="mt-3 h-28" role="img" aria-label={days.length > DASHBOARD_WEEKLY_MAX_DAYS ? 'Calls per week' : 'Calls per day'}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={chartBuckets(days)} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
          <XAxis dataKey="day" hide />
          <Tooltip />
          <Bar dataKey="booked" name="Booked" stackId="calls" fill="#15803d" isAnimationActive={false} />
          <Bar dataKey="missed" name="Missed" stackId="calls" fill="#dc2626" isAnimationActive={false} />
          <Bar dataKey="other" name="Other" stackId="calls" fill="#93c5fd" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
