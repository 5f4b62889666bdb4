import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CloseTaskBody } from '@fieldwork/domain/tasks/tasks.schemas';
import { messageOf } from '../../lib/api-client';
import { isQueued, useSendOrQueue } from '../offline/use-action-queue';
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
    onSuccess: async (result) => {
      // Kept on the phone for later: it said so itself ("Saved on this phone").
      if (!isQueued(result)) toast.success(success);
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

/** Spec: a failed close shows the server's message. Without signal the close is kept on the phone and sent later. */
export type CloseTaskInput = CloseTaskBody & { idempotencyKey: string; summary: string };
export function useCloseTask(onDone?: () => void) {
  const sendOrQueue = useSendOrQueue();
  return useTaskAction(
    ({ idempotencyKey, summary, ...body }: CloseTaskInput) =>
      sendOrQueue({ id: idempotencyKey, kind: 'close', taskId: body.taskId, payload: body, summary }, () => tasksApi.close(body, idempotencyKey)),
    TASK_TOASTS.closed,
    null,
    onDone,
  );
}
