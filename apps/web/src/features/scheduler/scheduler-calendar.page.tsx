import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { CalendarClock, UserX, Users } from 'lucide-react';
import { CALENDAR, CALENDAR_MESSAGES } from '@fieldwork/domain/scheduling/calendar.rules';
import type { DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import type { TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button } from '../../components/button';
import { ErrorState } from '../../components/error-state';
import { SearchInput } from '../../components/search-input';
import { SideSheet } from '../../components/side-sheet';
import { Skeleton } from '../../components/skeleton';
import { WorkOrderPage } from '../../shared/access/route-guards';
import { useAuth } from '../../lib/auth-context';
import { useIsMobile, useViewportWidth } from '../../lib/use-media-query';
import { AssignScheduleSheet } from '../../shared/scheduling/assign-schedule-sheet';
import { AgendaView } from './agenda-view';
import type { BoardEntry, SlotRange } from './board.types';
import { CalendarGrid } from './calendar-grid';
import { DispatchChart } from './dispatch-chart';
import { SchedulerFilter, type SchedulerFilterValues } from './scheduler-filter';
import { SchedulerHeader } from './scheduler-header';
import { TaskPreviewDrawer, type PreviewTarget } from './task-preview-drawer';
import { TaskSheet } from './task-sheet';
import { TeamSidebar } from './team-sidebar';
import { useLiveBoard } from './use-live-board';
import { useMoveTask, type DropRequest, type MoveRequest } from './use-move-task';
import { useSchedulerBoard } from './use-scheduler-board';
import type { SchedulerSearch } from './scheduler-search';
import { usePreviewParam, useSchedulerState } from './use-scheduler-state';

type SheetKind = 'unscheduled' | 'unassigned';

export function SchedulerCalendarPage() {
  return (
    <WorkOrderPage fieldRoles="allow">
      <SchedulerScreen />
    </WorkOrderPage>
  );
}

function SchedulerScreen() {
  const { session, viewerClass, can } = useAuth();
  const tz = session.company.timeZone;
  const phone = useIsMobile();
  // Sidebar (295) + docked sheet (450) leave a narrow board below this width: the sheet then takes the sidebar's place.
  const roomForBoth = useViewportWidth() >= 1600;
  // Field roles see only their own tasks: no team, no sidebar, no scheduling sheets.
  const field = viewerClass === 'technician' || viewerClass === 'subcontractor';
  const canWrite = can('tasks.write');
  const state = useSchedulerState(tz, phone);
  const chart = state.board === 'chart';
  const agenda = state.board === 'agenda';

  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState<SchedulerFilterValues>({});
  const filters = useMemo(() => ({ ...applied, search: search.trim() || undefined }), [applied, search]);
  const [personSearch, setPersonSearch] = useState('');
  const data = useSchedulerBoard({
    view: state.dataView,
    anchor: state.anchor,
    chart: chart || agenda,
    timeZone: tz,
    filters,
    office: !field,
    canWrite,
    personSearch,
  });
  const live = useLiveBoard(true);
  const { move, drop } = useMoveTask();
  const navigate = useNavigate();

  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [sheet, setSheet] = useState<SheetKind | null>(null);
  const [assigning, setAssigning] = useState<TaskListItem | null>(null);
  const [teamOpen, setTeamOpen] = useState(false);
  usePreviewParam(state, tz, setPreview);

  // Escape closes the docked sheet (the modal drawers close themselves and stop the key there).
  useEffect(() => {
    if (!sheet || preview || assigning) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !e.defaultPrevented && setSheet(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sheet, preview, assigning]);

  // Stable callbacks: the boards memoise their lanes on them.
  const onOpen = useCallback((e: BoardEntry) => setPreview({ id: e.id, taskNumber: e.taskNumber, name: e.name }), []);
  const onReschedule = useCallback((e: BoardEntry) => setPreview({ id: e.id, taskNumber: e.taskNumber, name: e.name, reschedule: true }), []);
  const onMove = useCallback((req: MoveRequest) => move(req), [move]);
  const onDropTask = useCallback((req: DropRequest) => void drop(req), [drop]);
  const onCreate = useCallback(
    // The spec's ?scheduleOn={timestamp} (epoch ms), and the dragged range's end.
    (range: SlotRange) =>
      void navigate({ to: '/workorder/tasks/create', search: { scheduleOn: String(Date.parse(range.start)), scheduleEnd: String(Date.parse(range.end)) } }),
    [navigate],
  );
  const { update, setDate } = state;
  const onOpenDay = useCallback((day: DayKey) => update({ view: 'day', date: day }), [update]);
  // "+n more" opens the crowded day; already on the day view, it opens that day's agenda, where every entry has a row.
  const dayView = state.view === 'day';
  const onShowMore = useCallback((day: DayKey) => update(dayView ? { board: 'agenda', date: day } : { view: 'day', date: day }), [update, dayView]);
  const onPick = useCallback(
    (p: { board: SchedulerSearch['board']; view?: SchedulerSearch['view'] }) => update(p.view ? { board: p.board, view: p.view } : { board: p.board }),
    [update],
  );

  const sidebar = field ? null : (
    <TeamSidebar members={data.team} loading={data.teamQuery.isPending} colourOf={data.colourOf} selected={data.selected} onSelectedChange={data.setSelected} />
  );
  const boardProps = {
    timeZone: tz,
    entries: data.entries,
    timeOff: data.timeOff,
    onOpen,
    onMove,
    onDropTask: canWrite ? onDropTask : undefined,
    onCreate: canWrite ? onCreate : undefined,
  };

  const toggleSheet = useCallback((kind: SheetKind) => setSheet((s) => (s === kind ? null : kind)), []);
  const closePreview = useCallback(() => setPreview(null), []);
  // Memoised so the memoised header is skipped when only the board's entries change (every move).
  const actions = useMemo(
    () => (
      <>
        <SchedulerFilter value={applied} onApply={setApplied} showPeople={!field} />
        {field ? null : (
          <>
            <Button variant="secondary" size={phone ? 'icon' : undefined} aria-pressed={sheet === 'unscheduled'} onClick={() => toggleSheet('unscheduled')}>
              <CalendarClock size={14} aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{CALENDAR_MESSAGES.unscheduledTitle}</span>
            </Button>
            <Button variant="secondary" size={phone ? 'icon' : undefined} aria-pressed={sheet === 'unassigned'} onClick={() => toggleSheet('unassigned')}>
              <UserX size={14} aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{CALENDAR_MESSAGES.unassignedTitle}</span>
            </Button>
          </>
        )}
        {!field && phone ? (
          <Button variant="secondary" size="icon" onClick={() => setTeamOpen(true)}>
            <Users size={14} aria-hidden="true" /> <span className="sr-only">Team</span>
          </Button>
        ) : null}
      </>
    ),
    [applied, field, phone, sheet, toggleSheet],
  );

  let board;
  if (state.board === 'calendar' && state.view === null) {
    board = (
      <p className="rounded-lg border border-dashed border-border bg-white px-4 py-16 text-center text-sm font-medium text-gray-900">
        {CALENDAR_MESSAGES.noViews}
      </p>
    );
  } else if (data.feed.isPending || !data.ready) {
    board = (
      <div role="status" aria-label="Loading the schedule" className="space-y-2 rounded-lg border border-border bg-white p-3">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-[480px] w-full" />
      </div>
    );
  } else if (data.feed.isError && !data.feed.data) {
    board = (
      <div className="rounded-lg border border-border bg-white">
        <ErrorState title="The schedule could not be loaded" error={data.feed.error} onRetry={() => void data.feed.refetch()} />
      </div>
    );
  } else if (agenda) {
    board = (
      <AgendaView
        day={state.anchor}
        entries={data.entries}
        timeZone={tz}
        onOpen={onOpen}
        onReschedule={canWrite ? onReschedule : undefined}
        ownLabel={field ? 'My tasks' : null}
      />
    );
  } else if (chart) {
    board = (
      <div className="space-y-2">
        {field ? null : (
          <SearchInput
            value={personSearch}
            onChange={setPersonSearch}
            placeholder="Search technician or subcontractor"
            aria-label="Search technician or subcontractor"
            className="sm:w-80"
          />
        )}
        <DispatchChart day={state.anchor} rows={data.rows} narrow={phone} {...boardProps} />
      </div>
    );
  } else {
    const view = state.view ?? state.dataView;
    board = (
      <>
        <CalendarGrid view={view} anchor={state.anchor} onOpenDay={onOpenDay} onShowMore={onShowMore} onAnchorChange={setDate} {...boardProps} />
      </>
    );
  }

  return (
    <div className="flex min-h-0 flex-col">
      <h1 className="sr-only">Scheduler</h1>
      <SchedulerHeader
        board={state.board}
        onBoardChange={state.setBoard}
        view={state.view}
        dataView={state.dataView}
        onViewChange={state.setView}
        anchor={state.anchor}
        today={state.today}
        onDateChange={setDate}
        search={search}
        onSearchChange={setSearch}
        live={live}
        actions={actions}
        phone={phone}
        onPick={onPick}
      />
      {data.capped ? (
        <p role="status" className="mb-2 rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning">
          This range has more tasks than the board can show at once; the first 5,000 are drawn. Narrow it with a filter, a search or a shorter view.
        </p>
      ) : null}
      {data.feed.isError && data.feed.data ? (
        <p role="alert" className="mb-2 text-sm text-danger">
          The latest changes could not be loaded; the board shows the last known schedule.{' '}
          <Button variant="link" size="sm" onClick={() => void data.feed.refetch()}>
            Retry
          </Button>
        </p>
      ) : null}
      <div className="flex min-h-0 items-start gap-3">
        {sidebar && !phone && (!sheet || roomForBoth) ? (
          <aside aria-label="Team" className="sticky top-0 shrink-0" style={{ width: CALENDAR.sidebarWidth }}>
            {sidebar}
          </aside>
        ) : null}
        <div className="min-w-0 flex-1">{board}</div>
        {sheet ? <TaskSheet kind={sheet} open onClose={() => setSheet(null)} timeZone={tz} onAssign={setAssigning} canDrag={canWrite} /> : null}
      </div>
      {sidebar && phone ? (
        <SideSheet open={teamOpen} onOpenChange={setTeamOpen} title="Team">
          {sidebar}
        </SideSheet>
      ) : null}
      <TaskPreviewDrawer target={preview} onClose={closePreview} timeZone={tz} />
      <AssignScheduleSheet task={assigning} open={!!assigning} onOpenChange={(open) => !open && setAssigning(null)} timeZone={tz} />
    </div>
  );
}
