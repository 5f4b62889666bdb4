import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarOff, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { isTechnicianRole } from '@fieldwork/domain/access/roles.rules';
import { fromZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import type { TimeOff } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { SkeletonRows } from '../../components/skeleton';
import { messageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { formatDate, formatDateTime, formatTime } from '../../lib/format';
import { AddTimeOffDialog } from './add-time-off-dialog';
import { TIME_OFF_TOASTS, timeOffApi, timeOffKeys, type TimeOffRange } from '../../features/time-off/time-off.api';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

/** How far ahead the card looks, from the start of today in the company zone. */
export const TIME_OFF_DAYS_AHEAD = 90;

function shiftDate(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today 00:00 to the end of the 90th day ahead, as instants of the company zone's wall clock. */
export function timeOffWindow(userId: string, timeZone: string, now: Date = new Date()): TimeOffRange {
  const today = dayIn(now, timeZone);
  return {
    userId,
    startDateTime: fromZonedInput(`${today}T00:00`, timeZone) ?? now.toISOString(),
    endDateTime: fromZonedInput(`${shiftDate(today, TIME_OFF_DAYS_AHEAD)}T23:59`, timeZone) ?? now.toISOString(),
  };
}

/** "Nov 25, 2026, 9:00 AM – 5:00 PM" on one day, otherwise both full date-times; in the company zone. */
export function formatTimeOffRange(start: string, end: string, timeZone: string): string {
  const sameDay = formatDate(start, timeZone) === formatDate(end, timeZone);
  return `${formatDateTime(start, timeZone)} – ${sameDay ? formatTime(end, timeZone) : formatDateTime(end, timeZone)}`;
}

/** The Time off card of a user page; shown only for technicians (Technician, Tech Access). */
export function TimeOffSection({ user }: { user: { id: string; name: string; role: string } }) {
  if (!isTechnicianRole(user.role)) return null;
  return <TimeOffCard user={user} />;
}

function TimeOffCard({ user }: { user: { id: string; name: string } }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const timeZone = auth.session.company.timeZone;
  const canWrite = auth.can('tasks.write');
  const [range] = useState(() => timeOffWindow(user.id, timeZone));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TimeOff | null>(null);
  const list = useQuery({ queryKey: timeOffKeys.list(range), queryFn: () => timeOffApi.list(range) });
  const remove = useMutation({
    mutationFn: (id: string) => timeOffApi.remove(id),
    onSuccess: async () => {
      toast.success(TIME_OFF_TOASTS.removed);
      setRemoving(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: timeOffKeys.all }), queryClient.invalidateQueries({ queryKey: ['scheduling'] })]);
    },
    onError: (e) => toast.error(messageOf(e)),
  });

  return (
    <Card
      title="Time off"
      className="mt-4"
      actions={
        canWrite ? (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            <Plus size={16} aria-hidden="true" />
            Add time off
          </Button>
        ) : null
      }
    >
      {list.isLoading ? (
        <SkeletonRows rows={3} label="Loading time off" />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data?.length ? (
        <EmptyState title="No time off planned" icon={<CalendarOff size={32} />} className="py-8" />
      ) : (
        <ul aria-label="Time off" className="divide-y divide-gray-200">
          {list.data.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-gray-900">{formatTimeOffRange(t.startDateTime, t.endDateTime, timeZone)}</p>
                <p className="truncate text-sm text-muted">{t.reason || 'No reason given'}</p>
              </div>
              {canWrite ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Delete time off ${formatTimeOffRange(t.startDateTime, t.endDateTime, timeZone)}`}
                  onClick={() => setRemoving(t)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  Delete
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {adding ? <AddTimeOffDialog userId={user.id} userName={user.name} timeZone={timeZone} onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Delete time off"
        description={removing ? `Remove ${user.name}'s time off ${formatTimeOffRange(removing.startDateTime, removing.endDateTime, timeZone)}?` : ''}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </Card>
  );
}
