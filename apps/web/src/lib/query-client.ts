import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from './api-client';

/**
 * A write that succeeds takes away the error toasts still on screen: after a failed save and a successful retry,
 * a red "failed" left beside the green "saved" says the opposite of what happened. It runs before the mutation's
 * own onSuccess, so its success toast is the one that stays.
 */
export function dismissErrorToasts(): void {
  for (const t of toast.getToasts()) if ('type' in t && t.type === 'error') toast.dismiss(t.id);
}

/** The app's mutation cache (tests build their clients with it too). */
export const appMutationCache = () => new MutationCache({ onSuccess: () => dismissErrorToasts() });

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: appMutationCache(),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; only network and server failures are worth one more try.
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500),
      },
      // A write is tried even when the browser says offline: field actions are then kept on the phone at once, and
      // any other says it cannot reach the server — rather than a spinner paused until the signal returns.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
