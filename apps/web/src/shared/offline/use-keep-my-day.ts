import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { canKeepOffline } from '../../lib/offline-store';
import { useOnline } from '../../lib/use-online';
import { clockApi, clockKeys } from '../../features/clock/clock.api';
import { myDayApi, myDayKeys } from '../../features/my-day/my-day.api';
import { taskKeys, tasksApi } from '../../features/tasks/tasks.api';

const FRESH = 30_000;

/**
 * While online, loads the three days of My day, the page of every task on them and the clock-in lists, so a
 * task never opened before can still be read after the signal goes (each answer is kept as it arrives).
 * Answers fetched in the last 30 seconds are not asked again.
 */
export function useKeepMyDayOffline(days: readonly string[], userId: string) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const daysKey = days.join(',');
  useEffect(() => {
    if (!online || !canKeepOffline()) return;
    let stopped = false;
    const load = async () => {
      await Promise.all([
        queryClient.prefetchQuery({ queryKey: clockKeys.activeVehicles, queryFn: clockApi.activeVehicles, staleTime: FRESH }),
        queryClient.prefetchQuery({ queryKey: clockKeys.assistants(userId, ''), queryFn: () => clockApi.assistants(userId, ''), staleTime: FRESH }),
      ]);
      for (const date of daysKey.split(',')) {
        const day = await queryClient
          .fetchQuery({ queryKey: myDayKeys.day(date), queryFn: ({ signal }) => myDayApi.day(date, signal), staleTime: FRESH })
          .catch(() => null);
        for (const { id } of day?.items ?? []) {
          if (stopped) return;
          await Promise.all([
            queryClient.prefetchQuery({ queryKey: taskKeys.detail(id), queryFn: () => tasksApi.get(id), staleTime: FRESH }),
            queryClient.prefetchQuery({ queryKey: taskKeys.activities(id), queryFn: () => clockApi.activities(id), staleTime: FRESH }),
            queryClient.prefetchInfiniteQuery({
              queryKey: taskKeys.activityLog(id),
              queryFn: ({ pageParam }) => tasksApi.activityLog(id, pageParam),
              initialPageParam: 1,
              staleTime: FRESH,
            }),
          ]);
        }
      }
    };
    void load();
    return () => {
      stopped = true;
    };
  }, [queryClient, online, daysKey, userId]);
}
