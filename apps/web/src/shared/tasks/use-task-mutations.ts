import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CloseTaskBody } from '@fieldwork/domain/tasks/tasks.schemas';
import { messageOf } from '../../lib/api-client';
import { jobKeys } from '../../features/jobs/jobs.api';
import { taskKeys, tasksApi } from '../../features/tasks/tasks.api';

/** Texts of the task actions. */
export const TASK_TOASTS = {
  deleted: 'Successfully deleted task',
  reopened: 'Successfully re-opened task',
  closed: 'Closed task successfully',
  failed: 'Something went wrong! Please try again',
  notFound: 'Task not found',
} as const;

/**
 * One task action: its success toast, then every task list, the task and its job's counts and badge refresh;
 * a failure toasts the given text (or the server's message when none is given).
 */
function useTaskAction<Input>(run: (input: Input) => Promise<unknown>, success: string, failure: string | null, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      toast.success(success);
      onDone?.();
      await Promise.all([queryClient.invalidateQueries({ queryKey: taskKeys.all }), queryClient.invalidateQueries({ queryKey: jobKeys.all })]);
    },
    onError: (error) => void toast.error(failure ?? messageOf(error)),
  });
}

export const useCancelTask = (onDone?: () => void) =>
  useTaskAction((taskId: string) => tasksApi.cancel(taskId), TASK_TOASTS.deleted, TASK_TOASTS.failed, onDone);

export const useReopenTask = (onDone?: () => void) =>
  useTaskAction((taskId: string) => tasksApi.reopen(taskId), TASK_TOASTS.reopened, TASK_TOASTS.failed, onDone);

/** Spec: a failed close shows the server's message. */
export type CloseTaskInput = CloseTaskBody & { idempotencyKey?: string };
export const useCloseTask = (onDone?: () => void) =>
  useTaskAction(({ idempotencyKey, ...body }: CloseTaskInput) => tasksApi.close(body, idempotencyKey), TASK_TOASTS.closed, null, onDone);
