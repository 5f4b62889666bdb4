import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { QueuedActionKind } from '@fieldwork/domain/offline/offline-queue.rules';
import { mustQueue } from '@fieldwork/domain/offline/queued-task.rules';
import { useSession } from '../../lib/auth-context';
import type { StoredAction } from '../../lib/offline-store';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { canKeepOffline, offlineDbName } from '../../lib/offline-scope';
import type { ActionQueue, NewAction } from './action-queue';
import { sendResultOf } from './send-result';
import { sendQueued, type QueuedPayloads } from './queued-senders';
import { refreshAfterClock } from '../clock/refresh-after-clock';
import { costKeys } from '../../features/costs/costs.api';

const QueueContext = createContext<ActionQueue | null>(null);
/** The queue being opened for the signed-in person (one per tab), for an action tapped before it is ready. */
let loading: Promise<ActionQueue | null> | null = null;

/** How often a phone with waiting actions tries again even without an "online" event (they are unreliable). */
const FLUSH_EVERY_MS = 20_000;

export const QUEUED_TOAST = {
  title: 'Saved on this phone',
  description: 'It will be sent when you are back online.',
} as const;

/**
 * The signed-in person's offline queue: opened with their session, sent when the page opens, when the browser
 * says it is online again, when the tab comes back to the front and every 20 seconds while anything waits —
 * Background Sync alone would not do (Safari has none).
 */
/** Sends what waits when the page opens, back online, back to the front and every 20 seconds; returns its stop. */
function run(q: ActionQueue): () => void {
  const flush = () => {
    if (navigator.onLine) void q.flush().catch(() => undefined);
  };
  flush();
  const timer = window.setInterval(() => {
    if (q.snapshot().some((a) => a.state === 'waiting')) flush();
  }, FLUSH_EVERY_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') flush();
  };
  window.addEventListener('online', flush);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('online', flush);
    document.removeEventListener('visibilitychange', onVisible);
    q.close();
  };
}

export function ActionQueueProvider({ children }: { children: ReactNode }) {
  const { user, company } = useSession();
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<ActionQueue | null>(null);

  useEffect(() => {
    if (!canKeepOffline()) return;
    const scope = { userId: user.id, companyId: company.id };
    let gone = false;
    let stop: (() => void) | undefined;
    // The queue and Dexie under it load after the first paint; an action tapped meanwhile waits for them.
    loading = afterFirstPaint()
      .then(() => Promise.all([import('./action-queue'), import('../../lib/offline-store')]))
      .then(([{ createActionQueue, webLock }, { offlineActions }]) => {
        if (gone) return null;
        const q = createActionQueue(offlineActions(scope), {
          send: sendQueued,
          // What the server now holds replaces what the phone showed: the task, lists, scheduler, jobs and costs.
          onSent: () => void Promise.all([refreshAfterClock(queryClient), queryClient.invalidateQueries({ queryKey: costKeys.all })]),
          exclusive: webLock(`${offlineDbName(scope)}:send`),
        });
        setQueue(q);
        stop = run(q);
        return q;
      })
      // A page (or test) torn down while the queue loads: actions are then sent as before, none kept.
      .catch(() => null);
    return () => {
      gone = true;
      loading = null;
      stop?.();
      setQueue(null);
    };
  }, [user.id, company.id, queryClient]);

  return <QueueContext.Provider value={queue}>{children}</QueueContext.Provider>;
}

export function useActionQueue(): ActionQueue | null {
  return useContext(QueueContext);
}

const NONE: readonly StoredAction[] = [];
const noop = () => () => undefined;

/** The kept actions, live (this tab's and other tabs' writes). */
export function useQueuedActions(): readonly StoredAction[] {
  const queue = useActionQueue();
  return useSyncExternalStore(
    queue?.subscribe ?? noop,
    () => queue?.snapshot() ?? NONE,
    () => NONE,
  );
}

export type SentOrQueued<T> = { queued: false; result: T } | { queued: true; action: StoredAction };

/** Whether a mutation's result is an action kept on the phone rather than the server's answer. */
export const isQueued = (result: unknown): boolean =>
  typeof result === 'object' && result !== null && 'queued' in result && (result as { queued: unknown }).queued === true;

/**
 * Sends a field action now, or keeps it on the phone: offline, behind earlier kept actions of the same task, or
 * when the request got no answer at all (its id was its Idempotency-Key, so if it did arrive, sending it again
 * changes nothing). A refusal by the server is thrown as before, for the screen to show.
 */
export function useSendOrQueue() {
  const ready = useActionQueue();
  return async <K extends QueuedActionKind, T>(
    action: NewAction<QueuedPayloads[K]> & { kind: K; id: string },
    send: () => Promise<T>,
  ): Promise<SentOrQueued<T>> => {
    // The time tapped, not the time a slow request gave up.
    const tapped = { ...action, actedAt: action.actedAt ?? new Date().toISOString() };
    const queue = ready ?? (await loading?.catch(() => null)) ?? null;
    const keep = async (): Promise<SentOrQueued<T>> => {
      const kept = await queue!.add(tapped);
      // Ask the browser not to clear this site's storage under pressure while work waits in it.
      void navigator.storage?.persist?.().catch(() => false);
      toast.success(QUEUED_TOAST.title, { description: QUEUED_TOAST.description });
      if (navigator.onLine) void queue!.flush().catch(() => undefined);
      return { queued: true, action: kept };
    };
    if (queue && mustQueue(queue.snapshot(), action.taskId, navigator.onLine)) return keep();
    try {
      return { queued: false, result: await send() };
    } catch (error) {
      if (queue && sendResultOf(error).kind === 'network') return keep();
      throw error;
    }
  };
}
