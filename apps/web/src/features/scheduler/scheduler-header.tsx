import { memo } from 'react';
import type { ReactNode } from 'react';
import { ToggleGroup } from 'radix-ui';
import { CalendarCheck, CalendarDays, ChevronLeft, ChevronRight, GanttChart, ListChecks } from 'lucide-react';
import { CALENDAR_MESSAGES, CALENDAR_VIEWS, type CalendarView } from '@fieldwork/domain/scheduling/calendar.rules';
import { isDayKey, shiftAnchor, viewLabel, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { Button } from '../../components/button';
import { SearchInput } from '../../components/search-input';
import { cn } from '../../lib/cn';
import type { LiveState } from './use-live-board';
import type { SchedulerBoard } from './scheduler-search';

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day' };

const toggleItem = cn(
  'inline-flex h-8 items-center gap-1.5 px-3 text-sm font-medium text-gray-700 first:rounded-l-md last:rounded-r-md',
  'border border-border-strong -ml-px first:ml-0 bg-white hover:bg-gray-50',
  'data-[state=on]:bg-primary data-[state=on]:text-white data-[state=on]:border-primary data-[state=on]:z-10',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
);

export type SchedulerHeaderProps = {
  board: SchedulerBoard;
  onBoardChange: (board: SchedulerBoard) => void;
  /** null when the user deselected every view. */
  view: CalendarView | null;
  /** The view prev/next step by while none is selected. */
  dataView: CalendarView;
  onViewChange: (view: CalendarView | null) => void;
  anchor: DayKey;
  today: DayKey;
  onDateChange: (date: DayKey) => void;
  search: string;
  onSearchChange: (search: string) => void;
  live: LiveState;
  /** The Filter popover, the sheets' buttons and the phone's Team button: the page decides who sees them. */
  actions?: ReactNode;
  /** Phones: one compact row (date navigation and one view switch), then search and the actions. */
  phone?: boolean;
  /** The phone's view switch: a board, or the calendar at a view, in one history entry. */
  onPick?: (pick: { board: SchedulerBoard; view?: CalendarView }) => void;
};

/** The phone's one view switch: the agenda, the calendar's three views, and the chart. */
const PHONE_CHOICES = [
  { value: 'agenda', label: 'Agenda' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'chart', label: 'Chart' },
] as const;

/** The scheduler's toolbar: board switch, date navigation and label, views, search and the page's actions. */
/** Memoised (with a memoised `actions`): a move re-renders the board, not the header's toggles. */
export const SchedulerHeader = memo(function SchedulerHeader(props: SchedulerHeaderProps) {
  const { board, onBoardChange, view, dataView, onViewChange, anchor, today, onDateChange, search, onSearchChange, live, actions } = props;
  // The chart and the agenda are one day wide: they step and label by day whatever the calendar's view.
  const stepView: CalendarView = board === 'calendar' ? (view ?? dataView) : 'day';
  const label = viewLabel(stepView, anchor);
  if (props.phone) return <PhoneHeader {...props} stepView={stepView} label={label} />;

  // Two rows at desktop widths: what is shown (board, dates, label, view) on the first, which must not wrap
  // from 1024 px up (the label gives way and truncates); search, the page's actions and the live state on
  // the second. Below that both rows wrap rather than hide a control.
  return (
    <div className="mb-3 space-y-2" data-testid="scheduler-toolbar">
      <div data-toolbar-row="what" className="flex flex-wrap items-center gap-2 lg:flex-nowrap">
        <ToggleGroup.Root
          type="single"
          aria-label="Board"
          value={board}
          // A board is always shown: clicking the selected one again keeps it.
          onValueChange={(v) => v && onBoardChange(v as SchedulerBoard)}
          className="inline-flex shrink-0"
        >
          <ToggleGroup.Item value="calendar" className={toggleItem}>
            <CalendarDays size={14} aria-hidden="true" /> Calendar
          </ToggleGroup.Item>
          <ToggleGroup.Item value="chart" className={toggleItem}>
            <GanttChart size={14} aria-hidden="true" /> Chart
          </ToggleGroup.Item>
          <ToggleGroup.Item value="agenda" className={toggleItem}>
            <ListChecks size={14} aria-hidden="true" /> Agenda
          </ToggleGroup.Item>
        </ToggleGroup.Root>
        <div className="flex shrink-0 items-center gap-1">
          <Button variant="secondary" size="icon" aria-label="Previous" onClick={() => onDateChange(shiftAnchor(stepView, anchor, -1))}>
            <ChevronLeft size={16} aria-hidden="true" />
          </Button>
          <Button variant="secondary" size="icon" aria-label="Next" onClick={() => onDateChange(shiftAnchor(stepView, anchor, 1))}>
            <ChevronRight size={16} aria-hidden="true" />
          </Button>
          <Button variant="secondary" size="sm" disabled={anchor === today} onClick={() => onDateChange(today)}>
            Today
          </Button>
          <input
            type="date"
            aria-label="Go to date"
            value={anchor}
            onChange={(e) => isDayKey(e.target.value) && onDateChange(e.target.value)}
            className="h-8 rounded-md border border-border-strong bg-white px-2 text-sm"
          />
        </div>
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold text-gray-900" aria-live="polite" data-testid="scheduler-label" title={label}>
          {label}
        </h2>
        {board === 'calendar' ? (
          <ToggleGroup.Root
            type="single"
            aria-label="View"
            value={view ?? ''}
            onValueChange={(v) => onViewChange(v ? (v as CalendarView) : null)}
            className="inline-flex shrink-0"
          >
            {CALENDAR_VIEWS.map((v) => (
              <ToggleGroup.Item key={v} value={v} className={toggleItem}>
                {VIEW_LABELS[v]}
              </ToggleGroup.Item>
            ))}
          </ToggleGroup.Root>
        ) : null}
      </div>
      <div data-toolbar-row="find" className="flex flex-wrap items-center gap-2">
        <SearchInput value={search} onChange={onSearchChange} placeholder={CALENDAR_MESSAGES.searchPlaceholder} aria-label="Search tasks by number" />
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
        <div className="ml-auto">
          <LiveBadge state={live} />
        </div>
      </div>
    </div>
  );
});

/**
 * The phone's toolbar: previous, the date (the native date picker under it), next, today and one view switch
 * in a single row; search, the actions and the live dot in a second. About 90 px instead of five wrapped rows.
 */
function PhoneHeader(props: SchedulerHeaderProps & { stepView: CalendarView; label: string }) {
  const { board, view, dataView, anchor, today, onDateChange, search, onSearchChange, live, actions, stepView, label, onPick } = props;
  const choice = board === 'calendar' ? (view ?? dataView) : board;
  const pick = (value: string) => {
    if (value === 'agenda' || value === 'chart') onPick?.({ board: value });
    else if (value === 'day' || value === 'week' || value === 'month') onPick?.({ board: 'calendar', view: value });
  };
  return (
    <div className="mb-2 space-y-2" data-testid="scheduler-toolbar">
      <div className="flex items-center gap-1">
        <Button variant="secondary" size="icon" aria-label="Previous" onClick={() => onDateChange(shiftAnchor(stepView, anchor, -1))}>
          <ChevronLeft size={16} aria-hidden="true" />
        </Button>
        <label className="relative flex h-8 min-w-0 flex-1 items-center justify-center rounded-md border border-border-strong bg-white px-2">
          <span className="truncate text-sm font-semibold text-gray-900" aria-live="polite" data-testid="scheduler-label">
            {label}
          </span>
          {/* The whole label opens the native date picker; the input is invisible over it. */}
          <input
            type="date"
            aria-label="Go to date"
            value={anchor}
            onChange={(e) => isDayKey(e.target.value) && onDateChange(e.target.value)}
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          />
        </label>
        <Button variant="secondary" size="icon" aria-label="Next" onClick={() => onDateChange(shiftAnchor(stepView, anchor, 1))}>
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
        <Button variant="secondary" size="icon" aria-label="Today" title="Today" disabled={anchor === today} onClick={() => onDateChange(today)}>
          <CalendarCheck size={16} aria-hidden="true" />
        </Button>
        <select
          aria-label="View"
          value={choice}
          onChange={(e) => pick(e.target.value)}
          className="h-8 shrink-0 rounded-md border border-border-strong bg-white px-1.5 text-sm font-medium"
        >
          {PHONE_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-1.5">
        <SearchInput
          value={search}
          onChange={onSearchChange}
          placeholder={CALENDAR_MESSAGES.searchPlaceholder}
          aria-label="Search tasks by number"
          className="min-w-[7rem] flex-1"
        />
        {actions}
        <LiveBadge state={live} compact />
      </div>
    </div>
  );
}

function LiveBadge({ state, compact = false }: { state: LiveState; compact?: boolean }) {
  const live = state === 'live';
  return (
    <span role="status" className="inline-flex items-center gap-1.5 text-xs text-muted" title={live ? 'Changes by others appear as they happen' : undefined}>
      <span aria-hidden="true" className={cn('h-2 w-2 rounded-full', live ? 'bg-success' : 'bg-warning animate-pulse')} />
      <span className={compact ? 'sr-only' : undefined}>{live ? 'Live' : 'Reconnecting…'}</span>
    </span>
  );
}
