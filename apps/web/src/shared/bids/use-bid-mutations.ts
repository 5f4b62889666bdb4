import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AnswerBidBody } from '@fieldwork/domain/tasks/bids.schemas';
import { isApiError, messageOf } from '../../lib/api-client';
import { jobKeys } from '../../features/jobs/jobs.api';
import { scheduleFailure } from '../scheduling/schedule-failure';
import { taskKeys } from '../../features/tasks/tasks.api';
import { BID_TOASTS, bidsApi, bidKeys } from '../../features/bids/bids.api';

/** A 409 (a clash on award, or a request no longer open) says the server's text under the schedule failure's title rule. */
export function bidFailure(error: unknown): { title: string; text: string | undefined } {
  if (isApiError(error) && error.statusCode === 409) return scheduleFailure(error);
  return { title: messageOf(error), text: undefined };
}

/** One bid action: its toast, then the task, every task list (and the task's bids under them), the bid lists and jobs refresh. */
function useBidAction<Input>(run: (input: Input) => Promise<unknown>, success: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      toast.success(success);
      onDone?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
        queryClient.invalidateQueries({ queryKey: bidKeys.all }),
        queryClient.invalidateQueries({ queryKey: jobKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['scheduling'] }),
      ]);
    },
    onError: (error) => {
      const { title, text } = bidFailure(error);
      toast.error(title, text ? { description: text } : undefined);
    },
  });
}

export const useAwardBid = (onDone?: () => void) => useBidAction((bidId: string) => bidsApi.award(bidId), BID_TOASTS.awarded, onDone);

export const useCloseBids = (onDone?: () => void) => useBidAction((taskId: string) => bidsApi.close(taskId), BID_TOASTS.closed, onDone);

export const useAnswerBid = (onDone?: () => void) =>
  useBidAction(({ id, body }: { id: string; body: AnswerBidBody }) => bidsApi.answer(id, body), BID_TOASTS.submitted, onDone);

export const useDeclineBid = (onDone?: () => void) => useBidAction((bidId: string) => bidsApi.decline(bidId), BID_TOASTS.declined, onDone);
