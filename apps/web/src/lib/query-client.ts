import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; only network and server failures are worth one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500),
      },
      mutations: { retry: false },
    },
  });
}
