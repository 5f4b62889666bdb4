import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/onboarding.schemas';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis } from 'recharts';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { DashboardCard, Stat } from './dashboard-card';
import type { DashboardSearch } from './dashboard-range';

const CALLS = { to: '/receptionist/calls', label: 'View calls' } as const;

/** "3m 05s": calls are short, hours never matter here. */
export function durationText(seconds: number): string {
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

export function ReceptionistCard({ range }: { range: DashboardSearch }) {
  const query = useQuery({ queryKey: dashboardKeys.metric('receptionist', range), queryFn: () => dashboardApi.receptionist(range) });
  return (
    <DashboardCard title={DASHBOARD_CARD_LABELS.receptionist} query={query} link={CALLS}>
      {(r) => (
        <>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Stat label="Calls" value={r.totalCalls} to={CALLS} />
            <Stat label="Handled" value={r.callsHandled} />
            <Stat label="Booked" value={r.booked} />
            <Stat label="Leads created" value={r.leadsCreated} />
            <Stat label="Missed" value={<span className={r.missed > 0 ? 'text-danger' : undefined}>{r.missed}</span>} />
            <Stat label="Avg. duration" value={durationText(r.averageDurationSeconds)} />
          </div>
          {r.totalCalls > 0 ? (
            <div className="mt-3 h-28" role="img" aria-label="Calls per day">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={r.byDay} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
                  <XAxis dataKey="day" hide />
                  <Tooltip />
                  <Bar dataKey="booked" name="Booked" stackId="calls" fill="#15803d" />
                  <Bar dataKey="missed" name="Missed" stackId="calls" fill="#dc2626" />
                  <Bar dataKey={(d: { calls: number; booked: number; missed: number }) => d.calls - d.booked - d.missed} name="Other" stackId="calls" fill="#93c5fd" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          ) : (
            <p className="mt-3 text-sm text-muted">No calls in this period</p>
          )}
        </>
      )}
    </DashboardCard>
  );
}
