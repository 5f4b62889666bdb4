import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CLOCK_MESSAGES, type AdjustActivityBody, type ClockOutBody } from '@fieldwork/domain/tasks/clock.schemas';
import { isApiError, messageOf } from '../../lib/api-client';
import { useIdempotencyKey } from '../../lib/idempotency';
import { jobKeys } from '../../features/jobs/jobs.api';
import { taskKeys } from '../../features/tasks/tasks.api';
import { clockApi, type ClockInRequest } from '../../features/clock/clock.api';

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
  return useMutation({
    mutationFn: async (input: Omit<ClockInRequest, 'taskId' | 'jobId'>) => {
      if (!task) throw new Error('No task to clock in.');
      if (task.workerId) {
        const running = await clockApi.runningTasks(task.workerId);
        if (running.length > 0) throw new FinishCurrentTaskError();
      }
      const body = { taskId: task.id, jobId: task.jobId, ...input };
      return clockApi.clockIn(body, idempotency.keyFor(body));
    },
    onSettled: (_data, error) => idempotency.settled(error ?? undefined),
    onSuccess: async () => {
      if (task) toast.success(CLOCK_MESSAGES.clockInStartedTitle, { description: CLOCK_MESSAGES.clockInStarted(task.taskNumber, task.name) });
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

/** Clock out: toasts, refreshes, then lets the dialog offer "Add Costs". */
export function useClockOut(onSuccess?: () => void) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: ClockOutBody) => clockApi.clockOut(body, idempotency.keyFor(body)),
    onSettled: (_data, error) => idempotency.settled(error ?? undefined),
    onSuccess: async () => {
      toast.success(CLOCK_MESSAGES.clockOutToast);
      onSuccess?.();
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
