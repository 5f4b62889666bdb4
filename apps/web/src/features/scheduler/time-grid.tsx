import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { TimeOff } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { CALENDAR } from '@fieldwork/domain/scheduling/calendar.rules';
import { hourLabel, instantAt, viewDays, weekdayOf, zonedParts, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import type { BoardEntry, CalendarGridProps } from './board.types';
import { bucketByDay, CalendarEntry, useStableBuckets, withPreview, type Segment, type StartDrag } from './calendar-entry';
import { foldCrowded, pack, snapMinutes } from './board-layout';
import { readDraggedTask, TASK_DRAG_TYPE } from './drag-state';
import { dropRequestAt, useBoardDrag, type BoardPoint } from './use-board-drag';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

/**
 * Week (7 columns from Saturday) and day (1 column) views: 24 wall-clock hours, scrolled so the working hours
 * (9–17) fill the 600 px frame. Only entries within the visible window ± 2 hours are mounted, and each day
 * column is memoised on its own segments, so a drag or a scroll re-renders only what changed.
 */
const HOUR_PX = 64;
const PX_PER_MIN = HOUR_PX / 60;
const HEADER_PX = 40;
const AXIS_PX = 48;
/** The narrowest a week's day column gets (two lines of "9:00 AM #1042" chip text and the "Mon 23" heading). */
export const MIN_DAY_PX = 88;
const MIN_ENTRY_PX = 18;
const VIEWPORT_HOURS = Math.ceil((CALENDAR.height - HEADER_PX) / HOUR_PX);
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const HATCH = 'repeating-linear-gradient(45deg, #e5e7eb 0 6px, #f3f4f6 6px 12px)';

type TimeOffSpan = TimeOff & { startMs: number; endMs: number };
type Win = { from: number; to: number };

type ColumnProps = {
  day: DayKey;
  /** Side by side beyond this many, chips would be too narrow to read: the rest of a cluster folds into "+n more". */
  textSlots: number;
  segments: readonly Segment<BoardEntry>[];
  timeOff: readonly Segment<TimeOffSpan>[];
  win: Win;
  draggingId: string | null;
  timeZone: string;
  onStart: StartDrag;
  onOpen: (entry: BoardEntry) => void;
  /** "+n more": opens the crowded day where each entry has room (day view, or the agenda from the day view). */
  onMore: (day: DayKey) => void;
};

/** One chip a column wide at most: its "+n more" is a narrow strip on the right of the cluster instead. */
const MORE_STRIP_PX = 22;

const DayColumn = memo(function DayColumn({ day, textSlots, segments, timeOff, win, draggingId, timeZone, onStart, onOpen, onMore }: ColumnProps) {
  // Wall-clock minutes × 60 000 put the spans on pack()'s millisecond scale, so its 1-minute same-slot rule holds.
  const { shown: placed, more } = useMemo(
    () =>
      foldCrowded(
        pack(segments, (s) => ({ start: s.from * 60_000, end: s.to * 60_000 })),
        textSlots,
        (s) => s.from,
      ),
    [segments, textSlots],
  );
  const strip = textSlots === 1;
  const stripped = useMemo(() => new Set(strip ? more.map((m) => m.cluster) : []), [strip, more]);
  return (
    <div data-day={day} className="relative min-w-0 border-l border-gray-200">
      {timeOff.map((t) => (
        <div
          key={t.item.id}
          className="pointer-events-none absolute inset-x-0 overflow-hidden px-1 text-[11px] text-gray-600"
          style={{ top: t.from * PX_PER_MIN, height: Math.max((t.to - t.from) * PX_PER_MIN, MIN_ENTRY_PX), background: HATCH }}
        >
          Time off — {t.item.username}
        </div>
      ))}
      {placed.map(({ item: s, slot, slots, cluster }) =>
        s.to < win.from || s.from > win.to ? null : (
          <CalendarEntry
            key={s.item.id}
            entry={s.item}
            timeZone={timeZone}
            compact={false}
            dragging={s.item.id === draggingId}
            onStart={onStart}
            onOpen={onOpen}
            box={{
              top: s.from * PX_PER_MIN,
              height: Math.max((s.to - s.from) * PX_PER_MIN - 1, MIN_ENTRY_PX),
              slot,
              slots,
              reserve: stripped.has(cluster) ? MORE_STRIP_PX : 0,
            }}
          />
        ),
      )}
      {more.map((m) => (
        <button
          key={m.cluster}
          type="button"
          data-more=""
          aria-label={`+${m.count} more`}
          title={`+${m.count} more`}
          onClick={() => onMore(day)}
          className={`absolute z-10 overflow-hidden rounded border border-gray-300 bg-white p-0 text-center font-medium whitespace-nowrap text-blue-700 shadow-sm hover:underline ${strip ? 'text-[11px] tracking-tight' : 'text-xs'}`}
          style={
            strip
              ? { top: m.from * PX_PER_MIN, height: 2 * MIN_ENTRY_PX, right: 1, width: MORE_STRIP_PX - 2 }
              : { top: m.from * PX_PER_MIN, height: MIN_ENTRY_PX + 4, left: `${(m.slot / m.slots) * 100}%`, width: `calc(${100 / m.slots}% - 2px)` }
          }
        >
          {strip ? `+${m.count}` : `+${m.count} more`}
        </button>
      ))}
    </div>
  );
});

/** The current-time line in today's column, ticking each minute on its own (the columns stay put). */
function NowLine({ days, timeZone }: { days: readonly DayKey[]; timeZone: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  const { day, minute } = zonedParts(now, timeZone);
  const index = days.indexOf(day);
  if (index < 0) return null;
  return (
    <div
      aria-hidden="true"
      data-now-line
      className="pointer-events-none absolute z-20 h-0.5 bg-red-500"
      style={{ top: minute * PX_PER_MIN, left: `${(index / days.length) * 100}%`, width: `${100 / days.length}%` }}
    />
  );
}

type Selection = { day: DayKey; a: number; b: number };

type Props = Pick<
  CalendarGridProps,
  'timeZone' | 'entries' | 'timeOff' | 'anchor' | 'onOpen' | 'onMove' | 'onDropTask' | 'onCreate' | 'onOpenDay' | 'onShowMore'
> & { view: 'week' | 'day' };

/**
 * Side by side at most: as many chips as the column has room for at MIN_TEXT_CHIP_PX each (time and number
 * stay readable), never more than these; before the column is measured (and in jsdom) these themselves.
 */
export const TEXT_SLOTS = { week: 2, day: 12 } as const;
export const MIN_TEXT_CHIP_PX = 72;

export function TimeGrid({ view, timeZone, entries, timeOff, anchor, onOpen, onMove, onDropTask, onCreate, onOpenDay, onShowMore }: Props) {
  const days = useMemo(() => viewDays(view, anchor), [view, anchor]);
  const slot = CALENDAR.slotMinutes[view];
  const today = dayIn(new Date(), timeZone);
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [topHour, setTopHour] = useState<number>(CALENDAR.visibleHours.from);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = CALENDAR.visibleHours.from * HOUR_PX;
    setTopHour(CALENDAR.visibleHours.from);
  }, [view, anchor]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let raf = 0;
    const onScroll = () => {
      if (raf) return;
      raf = requestAnimationFrame(() => {
        raf = 0;
        setTopHour(Math.floor(el.scrollTop / HOUR_PX));
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(raf);
    };
  }, []);
  // The columns' width decides how many chips fit side by side; re-measured when the board resizes.
  const [colPx, setColPx] = useState(0);
  useLayoutEffect(() => {
    const el = bodyRef.current;
    if (!el) return;
    const measure = () => setColPx(el.getBoundingClientRect().width / days.length);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [days.length]);
  const textSlots = colPx > 0 ? Math.max(1, Math.min(TEXT_SLOTS[view], Math.floor(colPx / MIN_TEXT_CHIP_PX))) : TEXT_SLOTS[view];

  // Quantised to whole hours so scrolling re-renders the columns only when an hour boundary is crossed.
  const win = useMemo<Win>(() => ({ from: (topHour - 2) * 60, to: (topHour + VIEWPORT_HOURS + 2) * 60 }), [topHour]);

  const buckets = useStableBuckets(useMemo(() => bucketByDay(entries, days, timeZone), [entries, days, timeZone]));
  const offBuckets = useMemo(
    () =>
      bucketByDay<TimeOffSpan>(
        timeOff.map((t) => ({ ...t, startMs: Date.parse(t.startDateTime), endMs: Date.parse(t.endDateTime) })),
        days,
        timeZone,
      ),
    [timeOff, days, timeZone],
  );

  /** The day column and wall-clock minute under a pointer; `floor` picks the slot it is in, else the nearest edge. */
  const pointAt = useCallback(
    (x: number, y: number, floor: boolean): BoardPoint | null => {
      const el = bodyRef.current;
      if (!el) return null;
      const r = el.getBoundingClientRect();
      if (r.width <= 0) return null;
      const index = Math.min(days.length - 1, Math.max(0, Math.floor(((x - r.left) / r.width) * days.length)));
      const day = days[index];
      if (!day) return null;
      const minute = floor
        ? Math.min(1440 - slot, Math.max(0, Math.floor((y - r.top) / PX_PER_MIN / slot) * slot))
        : snapMinutes(y - r.top, PX_PER_MIN, slot, 1440);
      return { day, minute };
    },
    [days, slot],
  );
  const locate = useCallback((x: number, y: number) => pointAt(x, y, false), [pointAt]);
  const { preview, start } = useBoardDrag({ timeZone, locate, minMinutes: slot, onMove, onOpen });
  const shown = useMemo(() => withPreview(buckets, entries, preview, days, timeZone), [buckets, entries, preview, days, timeZone]);

  const [selection, setSelection] = useState<Selection | null>(null);
  const selectionRef = useRef<Selection | null>(null);
  const onBodyPointerDown = (e: ReactPointerEvent) => {
    if (!onCreate || e.button !== 0 || (e.target as HTMLElement).closest('[data-entry-id]')) return;
    const p = pointAt(e.clientX, e.clientY, true);
    if (!p) return;
    e.preventDefault();
    selectionRef.current = { day: p.day, a: p.minute, b: p.minute };
    setSelection(selectionRef.current);
  };
  const selecting = selection !== null;
  useEffect(() => {
    if (!selecting) return;
    const move = (e: PointerEvent) => {
      const s = selectionRef.current;
      const p = pointAt(e.clientX, e.clientY, true);
      if (!s || !p) return;
      selectionRef.current = { ...s, b: p.minute };
      setSelection(selectionRef.current);
    };
    const up = () => {
      const s = selectionRef.current;
      selectionRef.current = null;
      setSelection(null);
      if (!s || !onCreate) return;
      const from = Math.min(s.a, s.b);
      // A plain click takes the default new range (1 hour); a drag takes the slots it crossed.
      const to = s.a === s.b ? from + CALENDAR.newRangeMinutes : Math.max(s.a, s.b) + slot;
      onCreate({ start: new Date(instantAt(s.day, from, timeZone)).toISOString(), end: new Date(instantAt(s.day, to, timeZone)).toISOString() });
    };
    const cancel = () => {
      selectionRef.current = null;
      setSelection(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
    };
  }, [selecting, pointAt, onCreate, slot, timeZone]);

  const [dropAt, setDropAt] = useState<BoardPoint | null>(null);
  const onDragOver = (e: DragEvent) => {
    if (!onDropTask || !e.dataTransfer.types.includes(TASK_DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const p = pointAt(e.clientX, e.clientY, true);
    if (p && (p.day !== dropAt?.day || p.minute !== dropAt.minute)) setDropAt(p);
  };
  const onDrop = (e: DragEvent) => {
    const p = pointAt(e.clientX, e.clientY, true);
    const task = readDraggedTask(e.dataTransfer);
    setDropAt(null);
    if (!onDropTask || !task || !p) return;
    e.preventDefault();
    onDropTask(dropRequestAt(task, p, timeZone));
  };

  const band = (day: DayKey, from: number, to: number, colour: string) => {
    const index = days.indexOf(day);
    return index < 0 ? null : (
      <div
        aria-hidden="true"
        className="pointer-events-none absolute z-5 rounded"
        style={{
          top: from * PX_PER_MIN,
          height: (to - from) * PX_PER_MIN,
          left: `${(index / days.length) * 100}%`,
          width: `${100 / days.length}%`,
          background: colour,
        }}
      />
    );
  };
  const cols = { gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` };

  return (
    <div data-time-scroll ref={scrollRef} className="relative overflow-auto overscroll-x-contain" style={{ height: CALENDAR.height }}>
      {/* A week never squeezes a day below MIN_DAY_PX: on a phone the days scroll sideways under a fixed axis. */}
      <div data-time-grid="" style={{ minWidth: days.length > 1 ? AXIS_PX + days.length * MIN_DAY_PX : undefined }}>
        <div className="sticky top-0 z-30 flex border-b border-gray-200 bg-white" style={{ height: HEADER_PX }}>
          <div className="sticky left-0 z-10 shrink-0 bg-white" style={{ width: AXIS_PX }} />
          <div className="grid flex-1" style={cols}>
            {days.map((d) => (
              <button
                key={d}
                type="button"
                onClick={() => onOpenDay(d)}
                aria-current={d === today ? 'date' : undefined}
                className="min-w-0 truncate border-l border-gray-200 px-1 text-xs font-semibold text-gray-700 hover:bg-gray-50"
                style={d === today ? { color: '#2563eb' } : undefined}
              >
                {WEEKDAYS[weekdayOf(d)]} {Number(d.slice(8))}
              </button>
            ))}
          </div>
        </div>
        <div className="flex" style={{ height: 24 * HOUR_PX }}>
          <div
            data-time-axis=""
            aria-hidden="true"
            className="sticky left-0 z-20 shrink-0 border-r border-gray-200 bg-white text-right text-[11px] text-gray-500"
            style={{ width: AXIS_PX }}
          >
            {HOURS.map((h) => (
              <div key={h} className="absolute right-1 -translate-y-1/2" style={{ top: h * HOUR_PX, display: h === 0 ? 'none' : undefined }}>
                {hourLabel(h)}
              </div>
            ))}
          </div>
          <div
            ref={bodyRef}
            className="relative grid flex-1"
            style={{
              ...cols,
              backgroundImage: `repeating-linear-gradient(to bottom, #e5e7eb 0 1px, transparent 1px ${HOUR_PX}px)`,
              cursor: onCreate ? 'cell' : undefined,
            }}
            onPointerDown={onBodyPointerDown}
            onDragOver={onDragOver}
            onDragLeave={() => setDropAt(null)}
            onDrop={onDrop}
          >
            {days.map((d) => {
              const segs = shown.get(d) ?? EMPTY;
              return (
                <DayColumn
                  key={d}
                  day={d}
                  textSlots={textSlots}
                  segments={segs}
                  timeOff={offBuckets.get(d) ?? NO_TIME_OFF}
                  win={win}
                  draggingId={preview && !preview.settled && segs.some((s) => s.item.id === preview.id) ? preview.id : null}
                  timeZone={timeZone}
                  onStart={start}
                  onOpen={onOpen}
                  onMore={onShowMore ?? onOpenDay}
                />
              );
            })}
            <NowLine days={days} timeZone={timeZone} />
            {selection ? band(selection.day, Math.min(selection.a, selection.b), Math.max(selection.a, selection.b) + slot, 'rgba(37,99,235,.18)') : null}
            {dropAt ? band(dropAt.day, dropAt.minute, dropAt.minute + CALENDAR.newRangeMinutes, 'rgba(37,99,235,.18)') : null}
          </div>
        </div>
      </div>
    </div>
  );
}

const EMPTY: readonly Segment<BoardEntry>[] = [];
const NO_TIME_OFF: readonly Segment<TimeOffSpan>[] = [];
