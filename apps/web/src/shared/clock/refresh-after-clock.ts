import type { QueryClient } from '@tanstack/react-query';
import { jobKeys } from '../../features/jobs/jobs.api';
import { taskKeys } from '../../features/tasks/tasks.api';

/** The scheduler's keys start with 'scheduler' (features/scheduler); kept literal so this module stays independent of it. */
const SCHEDULER_KEY = ['scheduler'] as const;

/** The task, its work periods, every task list, the scheduler and the jobs (counts, badges) change with a clock action. */
export function refreshAfterClock(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    queryClient.invalidateQueries({ queryKey: SCHEDULER_KEY }),
    queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  ]);
}
