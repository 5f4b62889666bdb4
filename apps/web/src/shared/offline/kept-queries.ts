import type { Query, QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query';
import type { SessionInfo } from '@fieldwork/domain/access/auth.schemas';
import { shiftDay } from '@fieldwork/domain/tasks/my-day.schemas';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { ApiError, NETWORK_MESSAGE } from '../../lib/api-client';
import { SESSION_KEY } from '../../lib/auth-context';
import { offlineStore, type KeptAnswer } from '../../lib/offline-store';
import { canKeepOffline, keptKey, type OfflineScope } from '../../lib/offline-scope';
import { clearServed, markKeepingStarted, servedHashes, setServed } from './kept-served';
import { clockKeys } from '../../features/clock/clock.api';
import { assetKeys } from '../../features/assets/assets.api';
import { myDayKeys } from '../../features/my-day/my-day.api';
import { taskKeys } from '../../features/tasks/tasks.api';
import { taskNoteKeys } from '../../features/tasks/task-notes.api';
import { costKeys } from '../../features/costs/costs.api';

/** What a kept answer belongs to: a day of My day, one task's page, its job's equipment, or a list clock-in picks from. */
type KeptKind = { kind: 'day'; date: string } | { kind: 'task'; taskId: string } | { kind: 'job'; jobId: string } | { kind: 'picker' };

const same = (a: QueryKey, b: QueryKey) => keptKey(a) === keptKey(b);

/**
 * The answers a technician needs without signal: My day's days, the page of each task on them (task with its
 * job, customer, site and contact; work periods; change log; its job's notes and photo list; the cost lines its work
 * periods suggest; the equipment at its job's site) and the clock-in
 * lists (active vehicles, the assistants before any search). Nothing else is written to the device.
 */
export function keptKindOf(key: QueryKey): KeptKind | null {
  const [, , third, fourth] = key;
  const jobId = (third as { jobId?: unknown } | undefined)?.jobId;
  if (typeof jobId === 'string' && same(key, assetKeys.list({ jobId }))) return { kind: 'job', jobId };
  if (typeof third === 'string') {
    if (same(key, myDayKeys.day(third))) return { kind: 'day', date: third };
    if (
      same(key, taskKeys.detail(third)) ||
      same(key, taskKeys.activities(third)) ||
      same(key, taskKeys.activityLog(third)) ||
      same(key, taskNoteKeys.notes(third)) ||
      same(key, taskNoteKeys.photos(third)) ||
      same(key, costKeys.suggestions(third))
    ) {
      return { kind: 'task', taskId: third };
    }
    if (fourth === '' && same(key, clockKeys.assistants(third, ''))) return { kind: 'picker' };
  }
  if (same(key, clockKeys.assistants(null, '')) || same(key, clockKeys.activeVehicles)) return { kind: 'picker' };
  return null;
}

/** A request that never got an answer (no network, server unreachable) — not a 4xx/5xx, which is the server's word. */
export function isOfflineFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 'NETWORK';
  return error instanceof TypeError;
}

const NO_NETWORK = new ApiError(0, 'NETWORK', NETWORK_MESSAGE);

export function scopeOf(queryClient: QueryClient): (OfflineScope & { timeZone: string }) | null {
  const session = queryClient.getQueryData<SessionInfo | null>(SESSION_KEY);
  return session ? { userId: session.user.id, companyId: session.company.id, timeZone: session.company.timeZone } : null;
}

/**
 * Keeps only yesterday, today and tomorrow (in the company's zone) and the pages of the tasks on them, so the
 * store holds the three days My day shows and not every task ever opened.
 */
export function pruneKept(rows: KeptAnswer[], timeZone: string, now = new Date()): string[] {
  const today = dayIn(now, timeZone);
  const days = new Set([shiftDay(today, -1), today, shiftDay(today, 1)]);
  const taskIds = new Set<string>();
  const jobIds = new Set<string>();
  const drop: string[] = [];
  for (const row of rows) {
    const kind = keptKindOf(row.queryKey);
    if (kind?.kind !== 'day') continue;
    if (!days.has(kind.date)) drop.push(row.key);
    else
      for (const item of (row.data as { items?: { id: string; job?: { id: string } }[] } | null)?.items ?? []) {
        taskIds.add(item.id);
        if (item.job) jobIds.add(item.job.id);
      }
  }
  for (const row of rows) {
    const kind = keptKindOf(row.queryKey);
    if (kind === null || (kind.kind === 'task' && !taskIds.has(kind.taskId)) || (kind.kind === 'job' && !jobIds.has(kind.jobId))) drop.push(row.key);
  }
  return drop;
}

async function fillFromKept(queryClient: QueryClient, query: Query) {
  const scope = scopeOf(queryClient);
  if (!scope) return;
  // A query that still has its answer in memory shows it; only its refetch failed.
  if (query.state.data !== undefined) {
    if (query.state.status === 'error') queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
    setServed(query.queryHash, query.state.dataUpdatedAt);
    return;
  }
  const started = performance.now();
  const kept = await offlineStore(scope).read(query.queryKey);
  performance.measure('fieldwork:offline-read', { start: started, end: performance.now(), detail: keptKey(query.queryKey) });
  // A live answer may have arrived while IndexedDB was read; it wins.
  if (query.state.data !== undefined) return;
  if (!kept) {
    // Nothing kept and the request waits for a network: say so, rather than an empty day that is not known to be empty.
    if (query.state.fetchStatus === 'paused') query.setState({ ...query.state, status: 'error', error: NO_NETWORK });
    return;
  }
  queryClient.setQueryData(query.queryKey, kept.data, { updatedAt: kept.savedAt });
  setServed(query.queryHash, kept.savedAt);
}

async function keep(queryClient: QueryClient, query: Query, data: unknown) {
  const scope = scopeOf(queryClient);
  if (!scope) return;
  const store = offlineStore(scope);
  await store.save(query.queryKey, data, Date.now());
  await store.remove(pruneKept(await store.all(), scope.timeZone));
}

function onEvent(queryClient: QueryClient, event: QueryCacheNotifyEvent) {
  if (event.type !== 'updated' || !keptKindOf(event.query.queryKey)) return;
  const { query, action } = event;
  if (action.type === 'success' && !action.manual) {
    setServed(query.queryHash, null);
    void keep(queryClient, query, action.data).catch(() => undefined);
    return;
  }
  // Offline, the query cache pauses the request instead of sending it; an unreachable server fails it.
  const paused = (action.type === 'fetch' || action.type === 'pause') && query.state.fetchStatus === 'paused';
  // From the first failed try, not after the retry a second later: the kept answer shows at once, and a retry that
  // does reach the server replaces it.
  const unreachable = (action.type === 'error' || action.type === 'failed') && isOfflineFailure(action.error);
  if (paused || unreachable) void fillFromKept(queryClient, query).catch(() => undefined);
}

/**
 * Writes the technician's answers to the device as they arrive online and shows them when a request cannot
 * reach the server; back online, what was shown from the device is fetched again.
 */
export function keepQueriesOffline(queryClient: QueryClient): () => void {
  if (!canKeepOffline()) return () => undefined;
  clearServed();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => onEvent(queryClient, event));
  // This module loads after the first paint: a request that already failed for want of a network, or waits for
  // one, is served from the device now; an answer that already arrived is written to it.
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!keptKindOf(query.queryKey)) continue;
    const failedOffline = query.state.status === 'error' && isOfflineFailure(query.state.error);
    if (failedOffline || query.state.fetchStatus === 'paused') void fillFromKept(queryClient, query).catch(() => undefined);
    else if (query.state.status === 'success') void keep(queryClient, query, query.state.data).catch(() => undefined);
  }
  markKeepingStarted();
  const refresh = () => {
    for (const hash of servedHashes()) {
      const query = queryClient.getQueryCache().get(hash);
      // A screen showing it asks again (a failure shows the kept answer again); one no screen shows stops counting
      // as offline, so the top bar does not stay "Offline" once the signal is back.
      if (query?.getObserversCount()) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      else setServed(hash, null);
    }
  };
  window.addEventListener('online', refresh);
  return () => {
    unsubscribe();
    window.removeEventListener('online', refresh);
  };
}
