import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/company/onboarding.schemas';
import { Skeleton } from '../../components/skeleton';
import { durationText } from '../../lib/format';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { DashboardCard, Stat } from './dashboard-card';
import type { DashboardSearch } from './dashboard-range';

// recharts loads with the first chart, not with the app.
const CallsByDayChart = lazy(() => import('./calls-chart').then((m) => ({ default: m.CallsByDayChart })));

const CALLS = { to: '/receptionist/calls', label: 'View calls' } as const;

export function ReceptionistCard({ range }: { range: DashboardSearch }) {
  const query = useQuery({ queryKey: dashboardKeys.metric('receptionist', range), queryFn: () => dashboardApi.receptionist(range) });
  return (
    <DashboardCard title={DASHBOARD_CARD_LABELS.receptionist} query={query} link={CALLS}>
      {(r) => (
        <>
          <div className="grid grid-cols-2 gap-2 @md:grid-cols-3">
            <Stat figure="calls" value={r.totalCalls} to={CALLS} />
            <Stat figure="callsHandled" value={r.callsHandled} />
            <Stat figure="callsBooked" value={r.booked} />
            <Stat figure="callsLeads" value={r.leadsCreated} />
            <Stat figure="callsMissed" value={<span className={r.missed > 0 ? 'text-danger' : undefined}>{r.missed}</span>} />
            <Stat figure="callsAverageDuration" value={durationText(r.averageDurationSeconds)} />
          </div>
          {r.totalCalls > 0 ? (
            <Suspense fallback={<Skeleton className="mt-3 h-28 w-full" />}>
              <CallsByDayChart days={r.byDay} />
            </Suspense>
          ) : (
            <p className="mt-3 text-sm text-muted">No calls in this period</p>
          )}
        </>
      )}
    </DashboardCard>
  );
}
