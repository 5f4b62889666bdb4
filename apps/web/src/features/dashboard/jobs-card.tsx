import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/company/onboarding.schemas';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { DashboardCard, Stat } from './dashboard-card';
import type { DashboardSearch } from './dashboard-range';
import { MetricChange } from './metric-change';

const JOBS = { to: '/workorder/jobs', label: 'View jobs' } as const;
const TASKS = { to: '/workorder/tasks', label: 'View tasks' } as const;

export function JobsCard({ range }: { range: DashboardSearch }) {
  const query = useQuery({ queryKey: dashboardKeys.metric('jobs', range), queryFn: () => dashboardApi.jobs(range) });
  return (
    <DashboardCard title={DASHBOARD_CARD_LABELS.jobs} query={query} link={JOBS}>
      {(m) => (
        <div className="grid grid-cols-2 gap-2 @md:grid-cols-3">
          <Stat figure="openJobs" value={m.openJobs.value} change={<MetricChange figure={m.openJobs} />} to={JOBS} />
          <Stat figure="closedJobs" value={m.closedJobs.value} change={<MetricChange figure={m.closedJobs} />} to={JOBS} />
          <Stat figure="cancelledJobs" value={m.cancelledJobs.value} change={<MetricChange figure={m.cancelledJobs} lowerIsBetter />} to={JOBS} />
          <Stat figure="openTasks" value={m.openTasks.value} change={<MetricChange figure={m.openTasks} />} to={TASKS} />
          <Stat figure="overdueTasks" value={m.overdueTasks.value} change={<MetricChange figure={m.overdueTasks} lowerIsBetter />} to={TASKS} />
          <Stat figure="closedTasks" value={m.closedTasks.value} change={<MetricChange figure={m.closedTasks} />} to={TASKS} />
          <Stat
            figure="averageDaysToClose"
            value={m.averageDaysToClose.value.toFixed(1)}
            change={<MetricChange figure={m.averageDaysToClose} lowerIsBetter />}
          />
        </div>
      )}
    </DashboardCard>
  );
}
