import { useQuery } from '@tanstack/react-query';
import { formatDuration } from '@fieldwork/domain/schedule-time';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { SkeletonRows } from '../../components/skeleton';
import { formatDateTime } from '../../lib/format';
import { taskKeys, tasksApi } from './tasks.api';

/** The periods worked on the task (clock-in to clock-out, or the period recorded on close); an open one is still running. */
export function TaskWorkLog({ taskId, timeZone }: { taskId: string; timeZone: string }) {
  const activities = useQuery({ queryKey: taskKeys.activities(taskId), queryFn: () => tasksApi.activities(taskId) });
  if (activities.isLoading) return <SkeletonRows rows={2} label="Loading work time" />;
  if (activities.error) return <ErrorState error={activities.error} onRetry={() => void activities.refetch()} />;
  const items = activities.data ?? [];
  if (items.length === 0) return <EmptyState title="No time recorded yet" className="py-6" />;
  return (
    <ul aria-label="Work time entries" className="divide-y divide-border">
      {items.map((a) => (
        <li key={a.id} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <span className="min-w-0">
            <span className="text-gray-900">
              {formatDateTime(a.startTime, timeZone)} ~ {a.endTime ? formatDateTime(a.endTime, timeZone) : 'now'}
            </span>
            {a.user ? <span className="text-muted"> · {a.user.username}</span> : null}
            {a.description ? <span className="block break-words text-muted">{a.description}</span> : null}
          </span>
          <span className="shrink-0 font-medium text-gray-900 tabular-nums">{a.endTime ? formatDuration(a.startTime, a.endTime) : 'Clocked in'}</span>
        </li>
      ))}
    </ul>
  );
}
