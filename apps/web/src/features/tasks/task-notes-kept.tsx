import { useEffect, useMemo } from 'react';
import type { StoredAction } from '../../lib/offline-store';
import { useQueuedActions } from '../../shared/offline/use-action-queue';
import type { QueuedPayloads } from '../../shared/offline/queued-senders';

/**
 * Notes and photos of this task made without signal and not yet accepted by the server, marked "Waiting to sync"
 * (or "Needs your attention"), so the technician sees their work was kept. The photos show from the bytes on the phone.
 */
export function KeptNotesAndPhotos({ taskId }: { taskId: string }) {
  const actions = useQueuedActions();
  const kept = actions.filter((a) => a.taskId === taskId && (a.kind === 'note' || a.kind === 'photo'));
  if (kept.length === 0) return null;
  return (
    <ul aria-label="Kept on this phone" className="space-y-2">
      {kept.map((a) => (
        <li key={a.id} className="flex items-start gap-3 rounded-lg border border-dashed border-warning/60 bg-warning-soft/40 p-3 text-sm">
          {a.kind === 'photo' ? <KeptPhoto action={a} /> : null}
          <div className="min-w-0 flex-1">
            <p className={a.state === 'attention' ? 'text-xs font-medium text-danger' : 'text-xs font-medium text-warning'}>
              {a.state === 'attention' ? 'Needs your attention' : 'Waiting to sync'}
            </p>
            {a.kind === 'note' ? (
              <p className="mt-1 break-words whitespace-pre-wrap text-gray-900">{(a.payload as QueuedPayloads['note']).note}</p>
            ) : (
              <p className="mt-1 text-gray-900">{(a.payload as QueuedPayloads['photo']).fileName}</p>
            )}
            {a.attention ? <p className="mt-1 text-xs text-gray-700">{a.attention.reason}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function KeptPhoto({ action }: { action: StoredAction }) {
  const photo = action.payload as QueuedPayloads['photo'];
  // Some environments (older WebViews, test DOMs) have no object URLs: the file name alone then says what waits.
  const url = useMemo(() => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(new Blob([photo.data], { type: photo.type })) : null), [photo]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ? <img src={url} alt={photo.fileName} className="h-16 w-16 shrink-0 rounded object-cover" /> : null;
}
