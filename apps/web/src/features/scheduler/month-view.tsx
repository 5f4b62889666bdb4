import { memo, useCallback, useMemo, useState, type DragEvent, type MouseEvent } from 'react';
import { CALENDAR } from '@fieldwork/domain/scheduling/calendar.rules';
import { instantAt, ordinalDay, viewDays, weekdayOf, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import type { BoardEntry, CalendarGridProps } from './board.types';
import { bucketByDay, CalendarEntry, useStableBuckets, withPreview, type Segment, type StartDrag } from './calendar-entry';
import { monthCell } from './board-layout';
import { readDraggedTask, TASK_DRAG_TYPE } from './drag-state';
import { dropRequestAt, useBoardDrag, type BoardPoint } from './use-board-drag';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DAY_START = CALENDAR.visibleHours.from * 60;

type CellProps = {
  day: DayKey;
  segments: readonly Segment<BoardEntry>[];
  inMonth: boolean;
  isToday: boolean;
  dropTarget: boolean;
  draggingId: string | null;
  timeZone: string;
  onStart: StartDrag;
  onOpen: (entry: BoardEntry) => void;
  onOpenDay: (day: DayKey) => void;
  onEmptyClick: ((day: DayKey) => void) | null;
};

/** One day of the month: memoised on its own segment list, so a drag re-renders only the cells it touches. */
const MonthCell = memo(function MonthCell({
  day,
  segments,
  inMonth,
  isToday,
  dropTarget,
  draggingId,
  timeZone,
  onStart,
  onOpen,
  onOpenDay,
  onEmptyClick,
}: CellProps) {
  const { shown, more } = monthCell(segments.length);
  const dayNumber = Number(day.slice(8));
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    // Only the cell's empty space creates; a click that began on an entry or a button is theirs.
    if ((e.target as HTMLElement).closest('[data-entry-id],button')) return;
    onEmptyClick?.(day);
  };
  return (
    <div
      data-day={day}
      aria-current={isToday ? 'date' : undefined}
      onClick={onClick}
      className="@container flex min-h-28 min-w-0 flex-col gap-0.5 border-r border-b border-gray-200 p-1"
      style={{ background: dropTarget ? '#eff6ff' : inMonth ? undefined : '#f9fafb', cursor: onEmptyClick ? 'cell' : undefined }}
    >
      <button
        type="button"
        onClick={() => onOpenDay(day)}
        aria-label={`Open ${ordinalDay(day)}`}
        className="inline-flex h-6 w-6 shrink-0 items-center justify-center self-start rounded-full text-xs hover:bg-gray-100"
        style={isToday ? { background: '#2563eb', color: '#fff', fontWeight: 600 } : { color: inMonth ? '#1f2937' : '#9ca3af' }}
      >
        {dayNumber}
      </button>
      {/* A cell too narrow for a readable chip (a phone's month) shows how many tasks the day has instead, opening the day. */}
      <div className="hidden min-w-0 flex-col gap-0.5 @[4.5rem]:flex">
        {segments.slice(0, shown).map((s) => (
          <CalendarEntry key={s.item.id} entry={s.item} timeZone={timeZone} compact dragging={s.item.id === draggingId} onStart={onStart} onOpen={onOpen} />
        ))}
        {more > 0 ? (
          <button type="button" onClick={() => onOpenDay(day)} className="self-start px-1 text-xs font-medium text-blue-700 hover:underline">
            +{more} more
          </button>
        ) : null}
      </div>
      {segments.length > 0 ? (
        <button
          type="button"
          onClick={() => onOpenDay(day)}
          aria-label={`${segments.length} ${segments.length === 1 ? 'task' : 'tasks'}, open ${ordinalDay(day)}`}
          className="self-start rounded bg-blue-50 px-1 text-xs font-semibold text-blue-700 @[4.5rem]:hidden"
        >
          {segments.length}
        </button>
      ) : null}
    </div>
  );
});

type Props = Pick<CalendarGridProps, 'timeZone' | 'entries' | 'anchor' | 'onOpen' | 'onMove' | 'onDropTask' | 'onCreate' | 'onOpenDay'>;

export function MonthView({ timeZone, entries, anchor, onOpen, onMove, onDropTask, onCreate, onOpenDay }: Props) {
  const days = useMemo(() => viewDays('month', anchor), [anchor]);
  const month = anchor.slice(0, 7);
  const today = dayIn(new Date(), timeZone);
  const buckets = useStableBuckets(useMemo(() => bucketByDay(entries, days, timeZone), [entries, days, timeZone]));
  const [dropDay, setDropDay] = useState<DayKey | null>(null);

  // The cell under the pointer; the wall-clock time of day is kept by the hook (minute 0 = whole days).
  const locate = useCallback((x: number, y: number): BoardPoint | null => {
    const cell = document.elementFromPoint?.(x, y)?.closest<HTMLElement>('[data-board="calendar"] [data-day]');
    const day = cell?.dataset.day;
    return day ? { day, minute: 0 } : null;
  }, []);
  const { preview, start } = useBoardDrag({ timeZone, locate, minMinutes: CALENDAR.slotMinutes.month, onMove, onOpen });
  const shownBuckets = useMemo(() => withPreview(buckets, entries, preview, days, timeZone), [buckets, entries, preview, days, timeZone]);

  const onEmptyClick = useMemo(() => {
    if (!onCreate) return null;
    return (day: DayKey) => {
      const startMs = instantAt(day, DAY_START, timeZone);
      onCreate({ start: new Date(startMs).toISOString(), end: new Date(startMs + CALENDAR.newRangeMinutes * 60_000).toISOString() });
    };
  }, [onCreate, timeZone]);

  const dayOf = (e: DragEvent) => (e.target as HTMLElement).closest<HTMLElement>('[data-day]')?.dataset.day ?? null;
  const onDragOver = (e: DragEvent) => {
    if (!onDropTask || !e.dataTransfer.types.includes(TASK_DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const day = dayOf(e);
    if (day !== dropDay) setDropDay(day);
  };
  const onDrop = (e: DragEvent) => {
    const day = dayOf(e);
    const task = readDraggedTask(e.dataTransfer);
    setDropDay(null);
    if (!onDropTask || !task || !day) return;
    e.preventDefault();
    // A month cell is a whole day: the card lands at the start of the working day.
    onDropTask(dropRequestAt(task, { day, minute: DAY_START }, timeZone));
  };

  return (
    <div className="min-w-0" onDragOver={onDragOver} onDragLeave={() => setDropDay(null)} onDrop={onDrop}>
      <div aria-hidden="true" className="grid grid-cols-7 border-b border-gray-200 bg-gray-50">
        {days.slice(0, 7).map((d) => (
          <div key={d} className="px-2 py-1.5 text-xs font-semibold text-gray-700 uppercase">
            {WEEKDAYS[weekdayOf(d)]}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {days.map((d) => (
          <MonthCell
            key={d}
            day={d}
            segments={shownBuckets.get(d) ?? EMPTY}
            inMonth={d.startsWith(month)}
            isToday={d === today}
            dropTarget={d === dropDay}
            draggingId={preview && !preview.settled && (shownBuckets.get(d) ?? EMPTY).some((s) => s.item.id === preview.id) ? preview.id : null}
            timeZone={timeZone}
            onStart={start}
            onOpen={onOpen}
            onOpenDay={onOpenDay}
            onEmptyClick={onEmptyClick}
          />
        ))}
      </div>
    </div>
  );
}

const EMPTY: readonly Segment<BoardEntry>[] = [];
