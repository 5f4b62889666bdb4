import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CLOCK_MESSAGES, type AdjustActivityBody, type ClockOutBody } from '@fieldwork/domain/tasks/clock.schemas';
import { isApiError, messageOf } from '../../lib/api-client';
import { useIdempotencyKey } from '../../lib/idempotency';
import { clockApi, type ClockInRequest } from '../../features/clock/clock.api';
import { useSendOrQueue } from '../offline/use-action-queue';
import { refreshAfterClock } from './refresh-after-clock';
import { taskNumberText } from '../tasks/task-status-badge';

/**
 * Guards a submit against a second click or Enter that lands before React re-renders the disabled button:
 * `once((done) => mutation.mutate(body, { onSettled: done }))`.
 */
export function useOnce(): (start: (done: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((start) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}

/** The worker already has a running clock-in: found by the pre-check, or the server's 409. */
export class FinishCurrentTaskError extends Error {
  constructor() {
    super(CLOCK_MESSAGES.finishCurrent);
    this.name = 'FinishCurrentTaskError';
  }
}

export type ClockInTask = { id: string; jobId: string; taskNumber: number; name: string; workerId: string | null };

/** The clock-in failure title with "Finish your current task…" (pre-check or the server's 409) or the server's reason. */
export function clockInFailureText(error: unknown): string {
  return error instanceof FinishCurrentTaskError ? CLOCK_MESSAGES.finishCurrent : messageOf(error);
}

/**
 * Clock in: first the spec's pre-check (does the worker already have a running task? then refuse without
 * sending), then the request. Success toasts "Clock-in started" and refreshes everything the clock touches.
 */
export function useClockIn(task: ClockInTask | null, onDone?: () => void) {
  const queryClient = useQueryClient();
  // One key per clock-in, reused when the same one is retried after an unknown outcome (slow connection).
  const idempotency = useIdempotencyKey();
  const sendOrQueue = useSendOrQueue();
  return useMutation({
    mutationFn: async (input: Omit<ClockInRequest, 'taskId' | 'jobId'>) => {
      if (!task) throw new Error('No task to clock in.');
      const body = { taskId: task.id, jobId: task.jobId, ...input };
      const key = idempotency.keyFor(body);
      const summary = `Clock in · task ${taskNumberText(task.taskNumber)} ${task.name}`;
      // Without signal the pre-check cannot run either: the server's own check answers when the clock-in is sent.
      return sendOrQueue({ id: key, kind: 'clockIn', taskId: task.id, payload: body, summary }, async () => {
        if (task.workerId) {
          const running = await clockApi.runningTasks(task.workerId);
          if (running.length > 0) throw new FinishCurrentTaskError();
        }
        return clockApi.clockIn(body, key);
      });
    },
    onSettled: (_data, error) => idempotency.settled(error ?? undefined),
    onSuccess: async (result) => {
      if (task && !result.queued) toast.success(CLOCK_MESSAGES.clockInStartedTitle, { description: CLOCK_MESSAGES.clockInStarted(task.taskNumber, task.name) });
      onDone?.();
      await refreshAfterClock(queryClient);
    },
    onError: (error) => void toast.error(CLOCK_MESSAGES.clockInFailedTitle, { description: clockInFailureText(error) }),
  });
}

/** "Something went wrong, Please try again", or the server's reason when it refused the input (400). */
export function clockOutFailureText(error: unknown): string {
  return isApiError(error) && error.statusCode === 400 ? messageOf(error) : CLOCK_MESSAGES.clockOutFailed;
}

/**
 * Clock out: toasts, refreshes, then lets the dialog offer "Add Costs". Without signal it is kept on the phone;
 * a clock-out behind a kept clock-in has no period id and ends the task's running period when sent.
 */
export function useClockOut(task: { taskNumber: number; name: string }, onSuccess?: (queued: boolean) => void) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const sendOrQueue = useSendOrQueue();
  return useMutation({
    mutationFn: (body: ClockOutBody) => {
      const key = idempotency.keyFor(body);
      const summary = `Clock out · task ${taskNumberText(task.taskNumber)} ${task.name}`;
      return sendOrQueue({ id: key, kind: 'clockOut', taskId: body.taskId, payload: body, summary }, () => clockApi.clockOut(body, key));
    },
    onSettled: (_data, error) => idempotency.settled(error ?? undefined),
    onSuccess: async (result) => {
      if (!result.queued) toast.success(CLOCK_MESSAGES.clockOutToast);
      onSuccess?.(result.queued);
      await refreshAfterClock(queryClient);
    },
    onError: (error) => void toast.error(CLOCK_MESSAGES.clockOutFailedTitle, { description: clockOutFailureText(error) }),
  });
}

export const ADJUST_TOASTS = { done: 'Clock-in time updated', failed: 'Clock-in time not updated' } as const;

/** The adjustment popup: a full-access user corrects the start of someone's running clock-in. */
export function useAdjustClockIn(taskId: string, activityId: string | null, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustActivityBody) => {
      if (!activityId) throw new Error(CLOCK_MESSAGES.activityNotFound);
      return clockApi.adjust(taskId, activityId, body);
    },
    onSuccess: async () => {
      toast.success(ADJUST_TOASTS.done);
      onDone?.();
      await refreshAfterClock(queryClient);
    },
    onError: (error) => void toast.error(ADJUST_TOASTS.failed, { description: messageOf(error) }),
  });
}
