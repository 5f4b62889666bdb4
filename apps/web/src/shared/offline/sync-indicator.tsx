import { lazy, Suspense, useState } from 'react';
import { AlertTriangle, Cloud, CloudOff, RefreshCw } from 'lucide-react';
import { syncIndicator, type SyncState } from '@fieldwork/domain/offline/offline-queue.rules';
import { cn } from '../../lib/cn';
import { useOnline } from '../../lib/use-online';
import { useServingKept } from './kept-served';
import { useQueuedActions } from './use-action-queue';

// The list of kept actions opens on a tap, so its code loads then.
const QueueSheet = lazy(() => import('./queue-sheet').then((m) => ({ default: m.QueueSheet })));

const TONE: Record<SyncState, string> = {
  online: 'bg-success-soft text-success',
  offline: 'bg-gray-100 text-gray-700',
  syncing: 'bg-primary-soft text-primary',
  waiting: 'bg-warning-soft text-gray-900',
  attention: 'bg-danger-soft text-danger',
};

const ICON: Record<SyncState, typeof Cloud> = { online: Cloud, offline: CloudOff, syncing: RefreshCw, waiting: CloudOff, attention: AlertTriangle };

/** Where the phone stands with the server — and with the work kept on it — on every screen's top bar. */
export function useSyncIndicator() {
  const reachable = !useServingKept();
  return syncIndicator(useQueuedActions(), useOnline() && reachable);
}

/**
 * A small pill in the top bar of every screen, so a technician always knows whether the office can see their work:
 * Online, Offline, "Syncing 2…", "2 waiting to sync", "1 needs your attention". With kept actions it opens their list.
 */
export function SyncIndicator() {
  const { state, label, waiting, attention } = useSyncIndicator();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const Icon = ICON[state];
  const pill = cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', TONE[state]);
  const content = (
    <>
      <Icon size={12} aria-hidden="true" className={state === 'syncing' ? 'animate-spin' : undefined} />
      {label}
    </>
  );
  if (waiting + attention === 0) {
    return (
      <span role="status" aria-label={`Sync status: ${label}`} data-sync={state} className={pill}>
        {content}
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-label={`Sync status: ${label}`}
        data-sync={state}
        className={cn(pill, 'min-h-8 hover:brightness-95')}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {content}
      </button>
      <span role="status" className="sr-only">
        {label}
      </span>
      {used ? (
        <Suspense fallback={null}>
          <QueueSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
