import { liveQuery, type Table } from 'dexie';
import { nextToSend, sendOutcome, type QueuedActionKind, type SendResult } from '@fieldwork/domain/offline/offline-queue.rules';
import { sendResultOf } from './send-result';
import type { StoredAction } from '../../lib/offline-store';

/** A new action for the queue: what it is, on which task, what to send and a line saying what it was. */
export type NewAction<P = unknown> = { id?: string; kind: QueuedActionKind; taskId: string; payload: P; summary: string; actedAt?: string };

/** Sends one kept action with its id as Idempotency-Key; throws the API client's error when refused or unreachable. */
export type SendAction = (action: StoredAction) => Promise<unknown>;

export type ActionQueue = {
  /** The kept actions as last read from the device, in the order they were made. */
  snapshot: () => readonly StoredAction[];
  subscribe: (listener: () => void) => () => void;
  add: <P>(action: NewAction<P>) => Promise<StoredAction<P>>;
  /** Sends what is due, oldest first, until nothing is due or the network is gone. */
  flush: () => Promise<void>;
  /** Sends a refused action again as it is (after the technician fixed what the server said). */
  retry: (id: string) => Promise<void>;
  /** Drops an action the technician decided not to send. */
  discard: (id: string) => Promise<void>;
  close: () => void;
};

type Options = {
  send: SendAction;
  /**
   * After a round of sending that the server accepted actions in: refresh what they changed, once for the round
   * (20 notes sent one by one refreshed the task's lists 20 times over).
   */
  onSent?: (actions: readonly StoredAction[]) => void;
  now?: () => Date;
  /** One sender across the phone's tabs (Web Locks where the browser has them); resends are harmless anyway. */
  exclusive?: <T>(run: () => Promise<T>) => Promise<T | undefined>;
};

const byTime = (a: StoredAction, b: StoredAction) => (a.actedAt < b.actedAt ? -1 : a.actedAt > b.actedAt ? 1 : a.id < b.id ? -1 : 1);

/**
 * The queue of one person on one phone, kept in IndexedDB so it survives closing the tab, a reload and a restart.
 * Every tab sees the same rows (Dexie's live query follows writes from other tabs).
 */
export function createActionQueue(table: Table<StoredAction, string>, { send, onSent, now = () => new Date(), exclusive }: Options): ActionQueue {
  let rows: readonly StoredAction[] = [];
  const listeners = new Set<() => void>();
  const subscription = liveQuery(() => table.toArray()).subscribe({
    next: (all) => {
      rows = [...all].sort(byTime);
      listeners.forEach((l) => l());
    },
    error: () => undefined,
  });
  let running: Promise<void> | null = null;
  let again = false;

  const sendDue = async (sent: StoredAction[]) => {
    // A tab closed mid-send left its action "syncing": the same key makes sending it again safe.
    await table.filter((a) => a.state === 'syncing').modify({ state: 'waiting' });
    for (;;) {
      const action = nextToSend(await table.toArray(), now());
      if (!action) return;
      await table.update(action.id, { state: 'syncing' });
      let result: SendResult;
      try {
        await send(action);
        result = { kind: 'answer', status: 200 };
      } catch (error) {
        result = sendResultOf(error);
      }
      const attempts = action.attempts + 1;
      const outcome = sendOutcome(result, attempts);
      if (outcome.next === 'done') {
        await table.delete(action.id);
        sent.push(action);
        continue;
      }
      if (outcome.next === 'attention') {
        await table.update(action.id, { state: 'attention', attempts, retryAt: null, attention: { reason: outcome.reason, advice: outcome.advice } });
        continue;
      }
      await table.update(action.id, { state: 'waiting', attempts, retryAt: new Date(now().getTime() + outcome.delayMs).toISOString() });
      // No answer: the rest would fail the same way; the next flush (back online, or the retry time) goes on.
      if (result.kind === 'network') return;
    }
  };

  const flush = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const sent: StoredAction[] = [];
      try {
        do {
          again = false;
          await (exclusive ? exclusive(() => sendDue(sent)) : sendDue(sent));
        } while (again);
      } finally {
        running = null;
        if (sent.length > 0) onSent?.(sent);
      }
    })();
    return running;
  };

  return {
    snapshot: () => rows,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add: async <P>(input: NewAction<P>) => {
      const action: StoredAction<P> = {
        id: input.id ?? crypto.randomUUID(),
        kind: input.kind,
        taskId: input.taskId,
        actedAt: input.actedAt ?? now().toISOString(),
        state: 'waiting',
        attempts: 0,
        retryAt: null,
        attention: null,
        payload: input.payload,
        summary: input.summary,
      };
      await table.put(action);
      return action;
    },
    flush,
    retry: async (id) => {
      await table.update(id, { state: 'waiting', retryAt: null, attention: null });
      await flush();
    },
    discard: async (id) => {
      await table.delete(id);
    },
    close: () => subscription.unsubscribe(),
  };
}

/** Web Locks: one tab of the phone sends at a time (others skip the round; their rows are the same). */
export function webLock(name: string): Options['exclusive'] {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return undefined;
  return (run) => locks.request(name, { ifAvailable: true }, (lock) => (lock ? run() : undefined));
}
