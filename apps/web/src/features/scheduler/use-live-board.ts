import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EVENT_TYPES } from '@fieldwork/domain/common/events.schemas';
import { API_BASE } from '../../lib/api-client';
import { taskKeys } from '../tasks/tasks.api';
import { isDragging, subscribeDrag, takeOwnChange } from './drag-state';
import { schedulerKeys } from './scheduler.api';

/** Events arriving together (a burst of moves) become one refetch. */
const COALESCE_MS = 150;

export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * The live board: subscribes to GET /api/events and refetches what the scheduler shows when another
 * dispatcher or a technician changes a task. While a drag is in progress the refetch waits for its end, so
 * the card under the pointer is never replaced. EventSource reconnects by itself after a drop-out; the
 * state says whether the board is live.
 */
export function useLiveBoard(enabled = true): LiveState {
  const qc = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/events`, { withCredentials: true });
    const changed = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let pending = false;

    const flush = () => {
      timer = null;
      if (isDragging()) {
        pending = true;
        return;
      }
      pending = false;
      // The team does not change with tasks; only the ranges' entries do.
      void qc.invalidateQueries({ queryKey: schedulerKeys.feeds });
      void qc.invalidateQueries({ queryKey: taskKeys.list });
      for (const id of changed) void qc.invalidateQueries({ queryKey: taskKeys.detail(id) });
      changed.clear();
    };
    const onEvent = (e: MessageEvent<string>) => {
      try {
        const taskId = (JSON.parse(e.data) as { taskId?: string | null }).taskId;
        if (taskId && takeOwnChange(taskId)) return;
        if (taskId) changed.add(taskId);
      } catch {
        // A malformed event still means something changed.
      }
      timer ??= setTimeout(flush, COALESCE_MS);
    };
    for (const type of EVENT_TYPES) source.addEventListener(type, onEvent as EventListener);
    source.onopen = () => setState('live');
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    const unsubscribe = subscribeDrag(() => {
      if (!isDragging() && pending) flush();
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
      source.close();
    };
  }, [qc, enabled]);

  return state;
}
