import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { BID_TOASTS, bidKeys } from '../../features/bids/bids.api';
import { jobKeys } from '../../features/jobs/jobs.api';
import { taskKeys } from '../../features/tasks/tasks.api';
import { schedulingApi } from '../../features/scheduling/scheduling.api';
import { scheduleFailure, SCHEDULE_TOASTS } from './schedule-failure';
import type { scheduleRequest } from './schedule-draft';

type ScheduleRequest = NonNullable<ReturnType<typeof scheduleRequest>>;

/**
 * Creates or re-schedules; on success toasts "Schedule created" / "Schedule updated" ("Bid requests sent" when
 * the submit requested bids) and refreshes the task, every task list, the bids and the jobs; on failure toasts
 * the spec's title and text.
 */
export function useScheduleTask(onDone: (task: Task, bidIds: string[] | undefined) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req: ScheduleRequest) => (req.kind === 'create' ? schedulingApi.create(req.body) : schedulingApi.reschedule(req.scheduleId, req.body)),
    onSuccess: async ({ data: task, bidIds }, req) => {
      const requested = Boolean(req.body.bidRequestSentTo?.length);
      toast.success(requested ? BID_TOASTS.requested : req.kind === 'create' ? SCHEDULE_TOASTS.created : SCHEDULE_TOASTS.updated);
      queryClient.setQueryData(taskKeys.detail(task.id), task);
      onDone(task, bidIds);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bidKeys.all }),
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
        queryClient.invalidateQueries({ queryKey: jobKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['scheduling'] }),
      ]);
    },
    onError: (error) => {
      const { title, text } = scheduleFailure(error);
      toast.error(title, { description: text });
    },
  });
}
