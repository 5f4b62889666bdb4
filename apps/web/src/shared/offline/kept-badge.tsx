import type { QueuedAction } from '@fieldwork/domain/offline/offline-queue.rules';
import { cn } from '../../lib/cn';

/** "Waiting to sync" (or "Needs your attention") beside a task with work kept on the phone; nothing otherwise. */
export function KeptBadge({ kept, className }: { kept: readonly Pick<QueuedAction, 'state'>[]; className?: string }) {
  if (kept.length === 0) return null;
  const attention = kept.some((a) => a.state === 'attention');
  return (
    <span className={cn('text-sm font-medium', attention ? 'text-danger' : 'text-warning', className)} data-testid="kept-badge">
      {attention ? 'Needs your attention' : 'Waiting to sync'}
    </span>
  );
}
