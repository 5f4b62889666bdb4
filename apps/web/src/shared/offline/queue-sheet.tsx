import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SideSheet } from '../../components/side-sheet';
import { useSession } from '../../lib/auth-context';
import { formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import type { StoredAction } from '../../lib/offline-store';
import { useActionQueue, useQueuedActions } from './use-action-queue';

export const QUEUE_TEXTS = {
  title: 'Work on this phone',
  description: 'Actions you made without signal. They are sent in the order you made them.',
  attention: 'Needs your attention',
  waiting: 'Waiting to sync',
  empty: 'Everything you did has reached the office.',
  discardTitle: 'Discard this action?',
  discardBody: 'It will not be sent to the office and cannot be brought back.',
} as const;

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** The kept actions: what the server refused (with its reason and what to do) first, then what waits to be sent. */
export function QueueSheet({ open, onOpenChange }: Props) {
  const actions = useQueuedActions();
  const queue = useActionQueue();
  const online = useOnline();
  const [discarding, setDiscarding] = useState<StoredAction | null>(null);
  const attention = actions.filter((a) => a.state === 'attention');
  const waiting = actions.filter((a) => a.state !== 'attention');
  return (
    <SideSheet
      open={open}
      onOpenChange={onOpenChange}
      title={QUEUE_TEXTS.title}
      description={QUEUE_TEXTS.description}
      footer={
        waiting.length > 0 ? (
          <Button variant="secondary" disabled={!online} title={online ? undefined : 'Offline'} onClick={() => void queue?.flush().catch(() => undefined)}>
            Send now
          </Button>
        ) : null
      }
    >
      {actions.length === 0 ? <p className="text-sm text-muted">{QUEUE_TEXTS.empty}</p> : null}
      {attention.length > 0 ? (
        <section aria-label={QUEUE_TEXTS.attention} className="mb-6">
          <h3 className="mb-2 text-sm font-semibold text-danger">{QUEUE_TEXTS.attention}</h3>
          <ul className="space-y-3">
            {attention.map((a) => (
              <li key={a.id} className="rounded-md border border-danger/40 bg-danger-soft/40 p-3 text-sm">
                <ActionLine action={a} onNavigate={() => onOpenChange(false)} />
                <p className="mt-2 font-medium text-gray-900">{a.attention?.reason}</p>
                <p className="mt-1 text-gray-700">{a.attention?.advice}</p>
                <div className="mt-3 flex gap-2">
                  <Button size="sm" disabled={!online} onClick={() => void queue?.retry(a.id).catch(() => undefined)}>
                    Try again
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setDiscarding(a)}>
                    Discard
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {waiting.length > 0 ? (
        <section aria-label={QUEUE_TEXTS.waiting}>
          <h3 className="mb-2 text-sm font-semibold text-gray-900">{QUEUE_TEXTS.waiting}</h3>
          <ul className="space-y-2">
            {waiting.map((a) => (
              <li key={a.id} className="rounded-md border border-border p-3 text-sm">
                <ActionLine action={a} onNavigate={() => onOpenChange(false)} />
                {a.attempts > 0 ? <p className="mt-1 text-xs text-muted">Tried {a.attempts === 1 ? 'once' : `${a.attempts} times`}; trying again.</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(o) => (o ? null : setDiscarding(null))}
        title={QUEUE_TEXTS.discardTitle}
        description={QUEUE_TEXTS.discardBody}
        confirmLabel="Discard"
        destructive
        onConfirm={() => {
          if (discarding) void queue?.discard(discarding.id).catch(() => undefined);
          setDiscarding(null);
        }}
      />
    </SideSheet>
  );
}

function ActionLine({ action, onNavigate }: { action: StoredAction; onNavigate: () => void }) {
  const { company } = useSession();
  return (
    <div>
      <Link to="/workorder/scheduler/view/$taskId" params={{ taskId: action.taskId }} onClick={onNavigate} className="font-medium text-primary hover:underline">
        {action.summary}
      </Link>
      <p className="text-xs text-muted">{formatDateTime(action.actedAt, company.timeZone)}</p>
    </div>
  );
}
