import { useEffect, useRef } from 'react';
import type { EventType } from '@fieldwork/domain/common/events.schemas';
import { API_BASE } from './api-client';

/**
 * Calls `onRecord` with the record id of each live event of this type (GET /api/events) while `enabled`;
 * `stillOpen()` says whether the component is still there when an answer it waited for arrives. EventSource
 * reconnects by itself after a drop-out.
 */
export function useLiveRecordEvent(type: EventType, onRecord: (recordId: string, stillOpen: () => boolean) => void, enabled = true): void {
  const handler = useRef(onRecord);
  handler.current = onRecord;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/events`, { withCredentials: true });
    let closed = false;
    const onEvent = (e: MessageEvent<string>) => {
      let recordId: unknown;
      try {
        recordId = (JSON.parse(e.data) as { recordId?: unknown }).recordId;
      } catch {
        return;
      }
      if (typeof recordId === 'string') handler.current(recordId, () => !closed);
    };
    source.addEventListener(type, onEvent as EventListener);
    return () => {
      closed = true;
      source.close();
    };
  }, [type, enabled]);
}
