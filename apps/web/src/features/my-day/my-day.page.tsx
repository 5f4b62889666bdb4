import { useState } from 'react';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarClock, CalendarX, RefreshCw } from 'lucide-react';
import { shiftDay, type MyDayAction, type MyDayTask } from '@fieldwork/domain/tasks/my-day.schemas';
import type { TaskActivity } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { Skeleton } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { useCan, useSession } from '../../lib/auth-context';
import { ClockInDialog } from '../../shared/clock/clock-in-dialog';
import { ClockOutDialog } from '../../shared/clock/clock-out-dialog';
import { CloseTaskDialog } from '../../shared/tasks/close-task-dialog';
import { OfflineBanner } from '../../shared/offline/offline-banner';
import { useKeepMyDayOffline } from '../../shared/offline/use-keep-my-day';
import { MyDayCard } from './my-day-card';
import { myDayApi, myDayKeys } from './my-day.api';
import { useSwipe } from './use-swipe';
import { unsentOf, withQueued } from '@fieldwork/domain/offline/queued-task.rules';
import { useQueuedActions } from '../../shared/offline/use-action-queue';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

export const DAYS = ['yesterday', 'today', 'tomorrow'] as const;
export type DayTab = (typeof DAYS)[number];

const DAY_TABS = [
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
] as const;

export const MY_DAY_EMPTY: Record<DayTab, { title: string; description: string }> = {
  yesterday: { title: 'No missed tasks yesterday', description: 'Everything from yesterday is done.' },
  today: { title: 'No tasks today', description: 'Nothing is scheduled for you today.' },
  tomorrow: { title: 'No tasks tomorrow', description: 'Nothing is scheduled for you tomorrow yet.' },
};

/** Yesterday shows what is left of it: missed tasks and work not finished (still clocked in, clocked out but not closed). */
const LEFT_OVER = new Set<MyDayTask['status']>(['MISSED', 'CLOCKED_IN', 'CLOCKED_OUT']);

/** "Saturday, Nov 21" for a yyyy-MM-dd day (a calendar day: no zone involved). */
export function dayTitle(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

type Dialog = { action: MyDayAction; task: MyDayTask };

const asActivities = (task: MyDayTask): TaskActivity[] => task.workPeriods.map((p) => ({ ...p, description: null, user: null }));

/** The technician's day: phone first (390 px), the signed-in user's own tasks, one swipe per day. */
export function MyDayPage() {
  const session = useSession();
  const timeZone = session.company.timeZone;
  const [tab, setTab] = useState<DayTab>('today');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The clock-out dialog stays mounted for its "Add Costs" question after it closes: keep its task.
  const [clockOutTask, setClockOutTask] = useState<MyDayTask | null>(null);
  const inFlight = useIsMutating() > 0;

  const today = dayIn(new Date(), timeZone);
  const date = tab === 'today' ? today : shiftDay(today, tab === 'yesterday' ? -1 : 1);
  const query = useQuery({ queryKey: myDayKeys.day(date), queryFn: ({ signal }) => myDayApi.day(date, signal), staleTime: 30_000 });
  useKeepMyDayOffline([today, shiftDay(today, 1), shiftDay(today, -1)], session.user.id, { withAssets: useCan('assets.read') });
  // What the technician did offline shows at once (clocked in, clocked out, closed) until the server has it.
  const queued = useQueuedActions();
  const items = (query.data?.items ?? []).map((t) => withQueued(t, queued)).filter((t) => tab !== 'yesterday' || LEFT_OVER.has(t.status));

  const move = (step: -1 | 1) => setTab((current) => DAYS[Math.min(DAYS.length - 1, Math.max(0, DAYS.indexOf(current) + step))]!);
  const swipe = useSwipe({ onSwipeLeft: () => move(1), onSwipeRight: () => move(-1) });

  const open = (action: MyDayAction, task: MyDayTask) => {
    if (action === 'clockOut') setClockOutTask(task);
    setDialog({ action, task });
  };
  const closeDialog = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };

  return (
    <div className="mx-auto w-full max-w-xl">
      <PageHeader
        title="My day"
        description={dayTitle(date)}
        actions={
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching && !query.isLoading} aria-label="Refresh">
            {query.isFetching && !query.isLoading ? null : <RefreshCw size={14} aria-hidden="true" />}
            Refresh
          </Button>
        }
      />
      <div className="mb-3 empty:hidden">
        <OfflineBanner queryKey={myDayKeys.day(date)} updatedAt={query.data ? query.dataUpdatedAt : null} timeZone={timeZone} />
      </div>
      <Tabs
        variant="pills"
        value={tab}
        onValueChange={(v) => setTab(v as DayTab)}
        items={DAY_TABS}
        aria-label="Day"
        className="[&>div]:flex [&>div]:w-full [&_button]:flex-1"
      />

      <section
        aria-label={`Tasks ${DAY_TABS.find((d) => d.value === tab)!.label.toLowerCase()}`}
        data-testid="my-day-list"
        className="mt-4 min-h-[50vh] touch-pan-y select-none"
        {...swipe}
      >
        {query.isLoading ? (
          <div role="status" aria-label="Loading tasks" className="space-y-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="space-y-2 rounded-lg border border-border bg-white p-4">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-12 w-full" />
              </div>
            ))}
          </div>
        ) : query.isError ? (
          <ErrorState error={query.error} title="Your tasks could not be loaded" onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            title={MY_DAY_EMPTY[tab].title}
            description={MY_DAY_EMPTY[tab].description}
            icon={tab === 'yesterday' ? <CalendarX size={32} /> : tab === 'today' ? <CalendarCheck size={32} /> : <CalendarClock size={32} />}
          />
        ) : (
          <ol className="space-y-3" aria-label="Tasks in order">
            {items.map((task) => (
              <MyDayCard
                key={task.id}
                task={task}
                timeZone={timeZone}
                busy={inFlight && dialog?.task.id === task.id}
                locked={inFlight}
                onAction={open}
                kept={unsentOf(queued, task.id)}
              />
            ))}
          </ol>
        )}
      </section>

      <ClockInDialog task={dialog?.action === 'clockIn' ? dialog.task : null} open={dialog?.action === 'clockIn'} onOpenChange={closeDialog} />
      <ClockOutDialog task={clockOutTask} open={dialog?.action === 'clockOut'} onOpenChange={closeDialog} />
      {dialog?.action === 'close' ? (
        <CloseTaskDialog task={dialog.task} activities={asActivities(dialog.task)} open onOpenChange={closeDialog} timeZone={timeZone} />
      ) : null}
    </div>
  );
}
