import { Cloud, CloudOff } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useOnline } from '../../lib/use-online';

/**
 * Where the device stands with the server. Only "online" and "offline" exist today; the queue of actions
 * taken without signal will add "syncing", "waiting" (actions not yet sent) and "attention" (an action the
 * server refused) when it lands, so none is shown before it is true.
 */
export type SyncState =
  { kind: 'online' } | { kind: 'offline' } | { kind: 'syncing' } | { kind: 'waiting'; count: number } | { kind: 'attention'; count: number };

export function syncLabel(state: SyncState): string {
  switch (state.kind) {
    case 'online':
      return 'Online';
    case 'offline':
      return 'Offline';
    case 'syncing':
      return 'Syncing';
    case 'waiting':
      return `${state.count} waiting`;
    case 'attention':
      return 'Needs attention';
  }
}

/** The device's state as far as it is known today: the browser's online/offline events. */
export function useSyncState(): SyncState {
  return useOnline() ? { kind: 'online' } : { kind: 'offline' };
}

const TONE: Record<SyncState['kind'], string> = {
  online: 'bg-success-soft text-success',
  offline: 'bg-gray-100 text-gray-700',
  syncing: 'bg-primary-soft text-primary',
  waiting: 'bg-warning-soft text-gray-900',
  attention: 'bg-danger-soft text-danger',
};

/** A small pill in the top bar of every screen, so a technician always knows whether the office can see their work. */
export function SyncIndicator({ state: given }: { state?: SyncState }) {
  const live = useSyncState();
  const state = given ?? live;
  const label = syncLabel(state);
  return (
    <span
      role="status"
      aria-label={`Sync status: ${label}`}
      data-sync={state.kind}
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', TONE[state.kind])}
    >
      {state.kind === 'offline' ? <CloudOff size={12} aria-hidden="true" /> : <Cloud size={12} aria-hidden="true" />}
      {label}
    </span>
  );
}
