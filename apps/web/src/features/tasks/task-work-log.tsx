import { useQuery } from '@tanstack/react-query';
import { Car, Users } from 'lucide-react';
import type { ClockActivity } from '@fieldwork/domain/tasks/clock.schemas';
import { formatDuration } from '@fieldwork/domain/time/schedule-time.rules';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { SkeletonRows } from '../../components/skeleton';
import { formatDateTime } from '../../lib/format';
import { clockApi } from '../clock/clock.api';
import { ElapsedTime } from '../../shared/clock/elapsed-time';
import { taskKeys } from './tasks.api';

/**
 * The periods worked on the task (clock-in to clock-out, or the period recorded on close): when, how long,
 * what was done, by whom, with which vehicle and assistants. An open period is still running and ticks.
 */
export function TaskWorkLog({ taskId, timeZone }: { taskId: string; timeZone: string }) {
  const activities = useQuery({ queryKey: taskKeys.activities(taskId), queryFn: () => clockApi.activities(taskId) });
  if (activities.isLoading) return <SkeletonRows rows={2} label="Loading work time" />;
  if (activities.error) return <ErrorState error={activities.error} onRetry={() => void activities.refetch()} />;
  const items = activities.data ?? [];
  if (items.length === 0) return <EmptyState title="No time recorded yet" className="py-6" />;
  return (
    <ul aria-label="Work time entries" className="divide-y divide-border">
      {items.map((a) => (
        <WorkPeriodRow key={a.id} period={a} timeZone={timeZone} />
      ))}
    </ul>
  );
}

function WorkPeriodRow({ period: a, timeZone }: { period: ClockActivity; timeZone: string }) {
  const running = a.endTime === null;
  return (
    <li className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <span className="min-w-0 space-y-0.5">
        <span className="block text-gray-900">
          {formatDateTime(a.startTime, timeZone)} ~{' '}
          {a.endTime ? formatDateTime(a.endTime, timeZone) : <span className="font-medium text-success">Running</span>}
          {a.user ? <span className="text-muted"> · {a.user.username}</span> : null}
        </span>
        {a.description ? <span className="block break-words text-muted">{a.description}</span> : null}
        {a.vehicle || a.assistants.length > 0 ? (
          <span className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted">
            {a.vehicle ? (
              <span className="inline-flex items-center gap-1">
                <Car size={12} aria-hidden="true" />
                <span className="sr-only">Vehicle: </span>
                {a.vehicle.name}
              </span>
            ) : null}
            {a.assistants.length > 0 ? (
              <span className="inline-flex items-center gap-1">
                <Users size={12} aria-hidden="true" />
                <span className="sr-only">Assistants: </span>
                {a.assistants.map((p) => p.name).join(', ')}
              </span>
            ) : null}
          </span>
        ) : null}
      </span>
      <span className="shrink-0 font-medium text-gray-900 tabular-nums">
        {running ? <ElapsedTime periods={[a]} running compact label="Running for" /> : formatDuration(a.startTime, a.endTime)}
      </span>
    </li>
  );
}
