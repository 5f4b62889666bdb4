import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { addDays, viewLabel, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import type { BoardEntry, CalendarGridProps, SlotRange } from './board.types';
import { MonthView } from './month-view';
import { TimeGrid } from './time-grid';
import type { DropRequest, MoveRequest } from './use-move-task';

/**
 * The scheduler's calendar: month, week or day, drawn by our own components (no calendar library: none drew the dispatch chart and stayed fast at 2,000 tasks).
 * This root owns what all views share: keyboard navigation of the anchor day, the markers the tests and the
 * benchmark look for, and stable callbacks so the memoised days never re-render for a new parent closure.
 */
const ARROWS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** A function whose identity never changes but which always calls the latest prop. */
function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function CalendarGrid(props: CalendarGridProps) {
  const { view, anchor, timeZone, entries, timeOff, onDropTask, onCreate } = props;
  const onOpen = useStable((entry: BoardEntry) => props.onOpen(entry));
  const onMove = useStable((req: MoveRequest) => props.onMove(req));
  const onOpenDay = useStable((day: DayKey) => props.onOpenDay(day));
  const onShowMore = useStable((day: DayKey) => (props.onShowMore ?? props.onOpenDay)(day));
  const onAnchorChange = useStable((day: DayKey) => props.onAnchorChange(day));
  const drop = useStable((req: DropRequest) => onDropTask?.(req));
  const create = useStable((range: SlotRange) => onCreate?.(range));
  // The optional callbacks keep their presence (it decides whether drops and creation are offered).
  const dropProp = onDropTask ? drop : undefined;
  const createProp = onCreate ? create : undefined;

  // The benchmark measures from the feed's arrival to this mark: the frame after the entries are on screen.
  useEffect(() => {
    if (entries.length === 0) return;
    const id = requestAnimationFrame(() => performance.mark('fw:calendar-rendered'));
    return () => cancelAnimationFrame(id);
  }, [entries]);

  const onKeyDown = (e: KeyboardEvent) => {
    const step = ARROWS[e.key];
    if (step === undefined || isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    onAnchorChange(addDays(anchor, step));
  };

  const shared = { timeZone, entries, anchor, onOpen, onMove, onOpenDay, onDropTask: dropProp, onCreate: createProp };
  return (
    <section
      role="region"
      aria-label={`Calendar, ${viewLabel(view, anchor)}`}
      aria-roledescription="calendar"
      data-board="calendar"
      data-view={view}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="min-w-0 rounded-lg border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      {view === 'month' ? <MonthView {...shared} /> : <TimeGrid {...shared} view={view} timeOff={timeOff} onShowMore={onShowMore} />}
    </section>
  );
}
