import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { canKeepOffline } from '../../lib/offline-scope';
import { keepingStarted } from './kept-served';
import { useOnline } from '../../lib/use-online';
import { assetKeys, assetsApi } from '../../features/assets/assets.api';
import { clockApi, clockKeys } from '../../features/clock/clock.api';
import { myDayApi, myDayKeys } from '../../features/my-day/my-day.api';
import { taskKeys, tasksApi } from '../../features/tasks/tasks.api';
import { taskNoteKeys, taskNotesApi } from '../../features/tasks/task-notes.api';

const FRESH = 30_000;
/**
 * What is loaded ahead goes to the device, not to memory: a page that opens it online asks again, and offline
 * it is read back from the device, so three days of task pages never sit in the tab's memory unused.
 */
const AHEAD = { staleTime: FRESH, gcTime: 0 };

// When each person's day was last loaded ahead (per app's query cache), so coming back to My day within
// minutes asks the server nothing more.
const lastLoaded = new WeakMap<QueryClient, Map<string, number>>();
const AGAIN_AFTER = 2 * 60_000;

/**
 * While online, loads the three days of My day, the page of every task on them (with its job's notes and photo
 * list) and the clock-in lists, so a
 * task never opened before can still be read after the signal goes (each answer is kept as it arrives).
 * Loaded again at most every two minutes.
 */
export function useKeepMyDayOffline(days: readonly string[], userId: string, { withAssets }: { withAssets: boolean }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const daysKey = days.join(',');
  useEffect(() => {
    if (!online || !canKeepOffline()) return;
    const runs = lastLoaded.get(queryClient) ?? new Map<string, number>();
    lastLoaded.set(queryClient, runs);
    const run = `${userId}|${daysKey}`;
    if (Date.now() - (runs.get(run) ?? 0) < AGAIN_AFTER) return;
    runs.set(run, Date.now());
    let stopped = false;
    const load = async () => {
      // Loaded ahead, kept only: nothing holds these answers in memory, so the device must be listening first.
      await keepingStarted;
      if (stopped) return;
      await Promise.all([
        queryClient.prefetchQuery({ queryKey: clockKeys.activeVehicles, queryFn: clockApi.activeVehicles, ...AHEAD }),
        queryClient.prefetchQuery({ queryKey: clockKeys.assistants(userId, ''), queryFn: () => clockApi.assistants(userId, ''), ...AHEAD }),
      ]);
      for (const date of daysKey.split(',')) {
        const day = await queryClient
          .fetchQuery({ queryKey: myDayKeys.day(date), queryFn: ({ signal }) => myDayApi.day(date, signal), ...AHEAD })
          .catch(() => null);
        for (const { id, job } of day?.items ?? []) {
          if (stopped) return;
          await Promise.all([
            queryClient.prefetchQuery({ queryKey: taskKeys.detail(id), queryFn: () => tasksApi.get(id), ...AHEAD }),
            queryClient.prefetchQuery({ queryKey: taskKeys.activities(id), queryFn: () => clockApi.activities(id), ...AHEAD }),
            queryClient.prefetchInfiniteQuery({
              queryKey: taskKeys.activityLog(id),
              queryFn: ({ pageParam }) => tasksApi.activityLog(id, pageParam),
              initialPageParam: 1,
              ...AHEAD,
            }),
            queryClient.prefetchInfiniteQuery({
              queryKey: taskNoteKeys.notes(id),
              queryFn: ({ pageParam }) => taskNotesApi.notes(id, pageParam),
              initialPageParam: 1,
              ...AHEAD,
            }),
            queryClient.prefetchQuery({ queryKey: taskNoteKeys.photos(id), queryFn: () => taskNotesApi.photos(id), ...AHEAD }),
            withAssets
              ? queryClient.prefetchQuery({ queryKey: assetKeys.list({ jobId: job.id }), queryFn: () => assetsApi.list({ jobId: job.id }), ...AHEAD })
              : null,
          ]);
        }
      }
    };
    void load();
    return () => {
      stopped = true;
    };
  }, [queryClient, online, daysKey, userId, withAssets]);
}
