import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CALENDAR } from '@fieldwork/domain/scheduling/calendar.rules';
import { hourLabel, instantAt } from '@fieldwork/domain/time/calendar-time.rules';
import type { BoardEntry, ChartRow, DispatchChartProps } from './board.types';
import { snapMinutes } from './board-layout';
import {
  bucketEntries,
  bucketTimeOff,
  dayWindow,
  DAY_MINUTES,
  drawsSame,
  HEADER_PX,
  HOUR_PX,
  LABEL_PX,
  LANE_PX,
  NARROW_LABEL_PX,
  lanesInView,
  layoutRow,
  xInView,
  minuteOf,
  PX_PER_MINUTE,
  rowAt,
  rowHeight,
  SNAP_MINUTES,
  spanPx,
  stableBuckets,
  TRACK_PX,
  xOfMinute,
  type DayWindow,
  type RowLayout,
} from './chart-layout';
import { ChartRowView, type ChartGhost } from './chart-row';
import { readDraggedTask, TASK_DRAG_TYPE } from './drag-state';
import { dropRequestAt, useBoardDrag, type BoardPoint, type DragPreview } from './use-board-drag';

/**
 * The scheduler's dispatch chart: one day across 24 hourly slots, a row per group and per person. Rows are
 * virtualised (500+ people); entries are bucketed and laid out once per data change, and each row is memoised
 * on its own identity-stable layout so a drag or a save re-renders only the rows it touches.
 */
const OVERSCAN = 8;
const SCROLL_TO_HOUR = 8;
const HOURS = Array.from({ length: CALENDAR.chart.slots }, (_, h) => h);

// Layout per bucket array: an untouched row keeps its array (stableBuckets), so its lanes are not packed again.
const layouts = new WeakMap<readonly BoardEntry[], { win: DayWindow; layout: RowLayout }>();
function layoutOf(entries: readonly BoardEntry[], win: DayWindow): RowLayout {
  const hit = layouts.get(entries);
  if (hit && hit.win === win) return hit.layout;
  const layout = layoutRow(entries, win);
  layouts.set(entries, { win, layout });
  return layout;
}

const EMPTY: BoardEntry[] = [];
/** Before the first layout the scroller's size is unknown: assume a desktop viewport's worth of rows. */
const VIEW_HEIGHT_GUESS = 900;
const VIEW_WIDTH_GUESS = 1400;

export function DispatchChart({ day, rows, timeZone, entries, timeOff, onOpen, onMove, onDropTask, onCreate, narrow = false }: DispatchChartProps) {
  // A phone keeps a narrower name column so more than an hour of the track shows beside it.
  const labelPx = narrow ? NARROW_LABEL_PX : LABEL_PX;
  const scrollRef = useRef<HTMLDivElement>(null);
  const win = useMemo(() => dayWindow(day, timeZone), [day, timeZone]);

  const prevBuckets = useRef<Map<string, BoardEntry[]> | undefined>(undefined);
  const buckets = useMemo(() => stableBuckets(prevBuckets.current, bucketEntries(rows, entries, win), drawsSame), [rows, entries, win]);
  useEffect(() => {
    prevBuckets.current = buckets;
  }, [buckets]);

  const offBlocks = useMemo(() => bucketTimeOff(rows, timeOff, win), [rows, timeOff, win]);
  const byId = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  const personRow = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of rows) if (r.kind === 'person' && r.assignee && !m.has(r.assignee.id)) m.set(r.assignee.id, r.key);
    return m;
  }, [rows]);

  // Heights come from the lane counts, known before anything is drawn: no measuring, exact row offsets.
  const { rowLayouts, tops } = useMemo(() => {
    const rowLayouts = rows.map((r) => layoutOf(buckets.get(r.key) ?? EMPTY, win));
    const tops = [0];
    for (const l of rowLayouts) tops.push(tops[tops.length - 1]! + rowHeight(l.lanes));
    return { rowLayouts, tops };
  }, [rows, buckets, win]);
  const bodyHeight = tops[tops.length - 1]!;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (tops[i + 1] ?? LANE_PX) - (tops[i] ?? 0),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: OVERSCAN,
    scrollMargin: HEADER_PX,
  });
  // The virtualizer caches sizes; tell it when lane counts changed (not on every data change).
  const lastTops = useRef(tops);
  useLayoutEffect(() => {
    const old = lastTops.current;
    lastTops.current = tops;
    if (old !== tops && (old.length !== tops.length || old.some((t, i) => t !== tops[i]))) virtualizer.measure();
  }, [tops, virtualizer]);

  useLayoutEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollLeft = SCROLL_TO_HOUR * HOUR_PX;
  }, []);
  // The virtualizer re-renders the chart as it scrolls; rows draw only the lanes and hours near the view.
  const scrollTop = virtualizer.scrollOffset ?? 0;
  const viewHeight = virtualizer.scrollRect?.height || VIEW_HEIGHT_GUESS;
  const viewWidth = (virtualizer.scrollRect?.width || VIEW_WIDTH_GUESS) - labelPx;

  // The visible track's left edge, for the labels of bars that start before it (chart-row labelShift); set
  // once a frame, and only when the horizontal position moved (vertical scrolling changes nothing here).
  const [viewLeft, setViewLeft] = useState(SCROLL_TO_HOUR * HOUR_PX);
  const [xFrom, xTo] = xInView(viewLeft, viewWidth);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let raf = 0;
    const onScroll = () => {
      if (raf) return;
      raf = requestAnimationFrame(() => {
        raf = 0;
        setViewLeft(el.scrollLeft);
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(raf);
    };
  }, []);

  useEffect(() => {
    if (entries.length === 0) return;
    const id = requestAnimationFrame(() => performance.mark('fw:chart-rendered'));
    return () => cancelAnimationFrame(id);
  }, [entries]);

  /** The day, snapped minute and row under a pointer; a person row's person re-assigns, group rows keep it. */
  const locateRow = useCallback(
    (clientX: number, clientY: number): { point: BoardPoint; row: ChartRow } | null => {
      const el = scrollRef.current;
      if (!el || !Number.isFinite(clientX) || !Number.isFinite(clientY)) return null;
      const rect = el.getBoundingClientRect();
      const index = rowAt(tops, clientY - rect.top + el.scrollTop - HEADER_PX);
      const row = rows[index];
      if (!row) return null;
      const minute = snapMinutes(clientX - rect.left + el.scrollLeft - labelPx, PX_PER_MINUTE, SNAP_MINUTES, DAY_MINUTES);
      return { row, point: { day, minute, assignee: row.kind === 'person' && row.assignee ? row.assignee : undefined } };
    },
    [tops, rows, day, labelPx],
  );
  const locate = useCallback((x: number, y: number) => locateRow(x, y)?.point ?? null, [locateRow]);

  const { preview: dragPreview, start } = useBoardDrag({ timeZone, locate, minMinutes: SNAP_MINUTES, onMove, onOpen });
  const dragOrigin = useRef<string | null>(null);

  // Where the dragged entry is drawn: on its new person's row when re-assigned, else the row it left. A
  // dropped entry is drawn at the drop until the loaded data shows it there; from then on the data draws it.
  const draggedNow = dragPreview ? byId.get(dragPreview.id) : undefined;
  const preview = dragPreview?.settled && draggedNow && landed(draggedNow, dragPreview) ? null : dragPreview;
  const dragged = preview ? draggedNow : undefined;
  let ghostRow: string | null = null;
  let ghost: ChartGhost | undefined;
  if (preview && dragged) {
    const moved = preview.assignee && preview.assignee.id !== dragged.assignedTo?.id;
    ghostRow = (moved ? personRow.get(preview.assignee!.id) : dragOrigin.current) ?? dragOrigin.current;
    const lane =
      ghostRow === dragOrigin.current ? (rowLayouts[rows.findIndex((r) => r.key === ghostRow)]?.items.find((p) => p.entry.id === dragged.id)?.lane ?? 0) : 0;
    ghost = { entry: dragged, lane, settled: !!preview.settled, ...spanPx(preview.startMs, preview.endMs, win) };
  }

  const createFrom = useRef<{ rowKey: string; minute: number } | null>(null);
  useEffect(() => {
    if (!onCreate) return;
    const up = (e: PointerEvent) => {
      const from = createFrom.current;
      createFrom.current = null;
      if (!from) return;
      const at = locateRow(e.clientX, e.clientY);
      const to = at && at.row.key === from.rowKey ? at.point.minute : from.minute;
      const [a, b] =
        Math.abs(to - from.minute) < SNAP_MINUTES
          ? [from.minute, from.minute + CALENDAR.newRangeMinutes]
          : [Math.min(from.minute, to), Math.max(from.minute, to)];
      onCreate({ start: new Date(instantAt(day, a, timeZone)).toISOString(), end: new Date(instantAt(day, b, timeZone)).toISOString() });
    };
    const cancel = () => {
      createFrom.current = null;
    };
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
    };
  }, [onCreate, locateRow, day, timeZone]);

  // One delegated listener for every entry and empty slot (thousands of entries; no per-entry closures).
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const el = target.closest<HTMLElement>('[data-entry-id]');
    const entry = el ? byId.get(el.dataset.entryId!) : undefined;
    if (entry) {
      dragOrigin.current = el!.closest<HTMLElement>('[data-row-key]')?.dataset.rowKey ?? null;
      start(e, entry, target.closest('[data-resize-handle]') ? 'resize' : 'move');
      return;
    }
    if (!onCreate || e.button !== 0 || !target.closest('[data-track]')) return;
    const at = locateRow(e.clientX, e.clientY);
    if (at) createFrom.current = { rowKey: at.row.key, minute: at.point.minute };
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const id = (e.target as HTMLElement).dataset.entryId;
    const entry = id ? byId.get(id) : undefined;
    if (!entry) return;
    e.preventDefault();
    onOpen(entry);
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (!onDropTask || !e.dataTransfer.types.includes(TASK_DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    if (!onDropTask) return;
    const task = readDraggedTask(e.dataTransfer);
    const at = locate(e.clientX, e.clientY);
    if (!task || !at) return;
    e.preventDefault();
    onDropTask(dropRequestAt(task, at, timeZone));
  };

  return (
    <div data-board="chart" className="relative flex min-h-0 flex-col rounded-lg border border-border bg-white">
      <div
        ref={scrollRef}
        data-chart-scroll=""
        role="region"
        aria-label="Dispatch chart"
        className="relative min-h-80 overflow-auto"
        style={{ height: '100%', maxHeight: 'calc(100dvh - 12rem)' }}
      >
        <div style={{ width: labelPx + TRACK_PX }}>
          <div className="sticky top-0 z-[5] flex border-b border-border bg-gray-50 text-xs font-semibold text-gray-700" style={{ height: HEADER_PX }}>
            <div className="sticky left-0 z-[6] flex-none border-r border-border bg-gray-50" style={{ width: labelPx }} />
            {HOURS.map((h) => (
              <div key={h} className="flex flex-none items-center border-r border-border px-2" style={{ width: HOUR_PX }}>
                {hourLabel(h)}
              </div>
            ))}
          </div>
          <div className="relative" style={{ height: bodyHeight }} onPointerDown={onPointerDown} onKeyDown={onKeyDown} onDragOver={onDragOver} onDrop={onDrop}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index]!;
              const [laneFrom, laneTo] = lanesInView(scrollTop - HEADER_PX - tops[v.index]!, viewHeight, rowLayouts[v.index]!.lanes);
              return (
                <ChartRowView
                  key={row.key}
                  row={row}
                  top={tops[v.index]!}
                  height={tops[v.index + 1]! - tops[v.index]!}
                  layout={rowLayouts[v.index]!}
                  timeZone={timeZone}
                  timeOff={offBlocks.get(row.key)}
                  draggingId={preview && dragOrigin.current === row.key ? preview.id : undefined}
                  dropSettled={!!preview?.settled && dragOrigin.current === row.key}
                  ghost={ghostRow === row.key ? ghost : undefined}
                  viewLeft={viewLeft}
                  xFrom={xFrom}
                  xTo={xTo}
                  labelPx={labelPx}
                  laneFrom={laneFrom}
                  laneTo={laneTo}
                />
              );
            })}
            <NowLine win={win} height={bodyHeight} labelPx={labelPx} />
          </div>
        </div>
      </div>
    </div>
  );
}

function landed(entry: BoardEntry, at: DragPreview): boolean {
  return entry.startMs === at.startMs && entry.endMs === at.endMs && (entry.assignedTo?.id ?? null) === (at.assignee?.id ?? null);
}

/** The current time across all rows on today's chart; its own state so the minute tick re-renders only it. */
function NowLine({ win, height, labelPx }: { win: DayWindow; height: number; labelPx: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  if (now < win.startMs || now >= win.endMs) return null;
  return (
    <div
      aria-hidden="true"
      data-now-line=""
      className="pointer-events-none bg-red-500"
      style={{ position: 'absolute', top: 0, left: labelPx + xOfMinute(minuteOf(now, win)), width: 2, height, zIndex: 3 }}
    />
  );
}
