import { memo, useRef, type CSSProperties, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { rangeLabel, timeOfDayLabel, zonedParts, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { PlanMark, planLabel } from '../../shared/plans/plan-badge';
import type { BoardEntry } from './board.types';
import type { DragMode, DragPreview } from './use-board-drag';

/**
 * The entry chip both calendar views draw, and the per-day bucketing they share. Bucketing works on the
 * company zone's wall clock: an entry crossing midnight becomes one clipped segment per day it covers, and a
 * DST day is simply laid out by wall-clock minute (a 23-hour day has an empty hour).
 */
export type Segment<T> = { item: T; from: number; to: number };
export type Buckets<T> = Map<DayKey, Segment<T>[]>;
type Timed = { startMs: number; endMs: number };

/** The days (within first..last) a span covers, with its wall-clock minutes on each (0–1440). */
export function segmentsOf(span: Timed, timeZone: string, first: DayKey, last: DayKey): { day: DayKey; from: number; to: number }[] {
  const s = zonedParts(span.startMs, timeZone);
  const e = span.endMs > span.startMs ? zonedParts(span.endMs, timeZone) : s;
  if (e.day < first || s.day > last) return [];
  // An end at exactly midnight belongs to the day before; it draws nothing on the next day.
  const endDay = e.day > s.day && e.minute === 0 ? prevDay(e.day) : e.day;
  const out: { day: DayKey; from: number; to: number }[] = [];
  for (let day = s.day < first ? first : s.day; day <= endDay && day <= last; day = nextDay(day)) {
    const from = day === s.day ? s.minute : 0;
    const to = day === e.day ? Math.max(from, e.minute) : 1440;
    out.push({ day, from, to });
  }
  return out;
}

// Day keys compare as strings, and stepping them is pure UTC arithmetic (no zone involved).
const DAY_MS = 86_400_000;
const nextDay = (d: DayKey) => new Date(Date.parse(`${d}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const prevDay = (d: DayKey) => new Date(Date.parse(`${d}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

const byStart = <T extends Timed>(a: Segment<T>, b: Segment<T>) => a.from - b.from || a.item.startMs - b.item.startMs || b.to - a.to;

/** One pass over the items: each shown day's segments, in start order. */
type DaySegments = { key: string; segs: ReturnType<typeof segmentsOf> };
/**
 * Entries keep their object across refetches and moves (use-scheduler-board), so their day segments are
 * worked out once: a drop re-buckets a big week without redoing its 2,000 entries' wall-clock arithmetic.
 */
const segmentCache = new WeakMap<object, DaySegments>();
function cachedSegments(item: Timed, timeZone: string, first: DayKey, last: DayKey) {
  const key = `${timeZone}|${first}|${last}|${item.startMs}|${item.endMs}`;
  const hit = segmentCache.get(item);
  if (hit && hit.key === key) return hit.segs;
  const segs = segmentsOf(item, timeZone, first, last);
  segmentCache.set(item, { key, segs });
  return segs;
}

export function bucketByDay<T extends Timed>(items: readonly T[], days: readonly DayKey[], timeZone: string): Buckets<T> {
  const out: Buckets<T> = new Map(days.map((d) => [d, []]));
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return out;
  for (const item of items) {
    for (const seg of cachedSegments(item, timeZone, first, last)) out.get(seg.day)?.push({ item, from: seg.from, to: seg.to });
  }
  for (const list of out.values()) list.sort(byStart);
  return out;
}

/**
 * The buckets with the dragged entry drawn at its preview. Only the days it leaves or enters get new arrays,
 * so every other (memoised) day keeps its props and does not re-render while the pointer moves.
 */
export function withPreview(
  buckets: Buckets<BoardEntry>,
  entries: readonly BoardEntry[],
  preview: DragPreview | null,
  days: readonly DayKey[],
  timeZone: string,
): Buckets<BoardEntry> {
  if (!preview) return buckets;
  const entry = entries.find((e) => e.id === preview.id);
  const first = days[0];
  const last = days[days.length - 1];
  if (!entry || !first || !last) return buckets;
  const moved: BoardEntry = { ...entry, startMs: preview.startMs, endMs: preview.endMs };
  const out = new Map(buckets);
  for (const seg of segmentsOf(entry, timeZone, first, last))
    out.set(
      seg.day,
      (out.get(seg.day) ?? []).filter((s) => s.item.id !== entry.id),
    );
  for (const seg of segmentsOf(moved, timeZone, first, last))
    out.set(seg.day, [...(out.get(seg.day) ?? []), { item: moved, from: seg.from, to: seg.to }].sort(byStart));
  return out;
}

/** What a chip shows and a drag sends: two entries alike in these draw and behave the same. */
function sameEntry(a: BoardEntry, b: BoardEntry): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.startMs === b.startMs &&
      a.endMs === b.endMs &&
      a.scheduleVersion === b.scheduleVersion &&
      a.status === b.status &&
      a.displayStatus === b.displayStatus &&
      a.name === b.name &&
      a.taskNumber === b.taskNumber &&
      a.colour === b.colour &&
      a.edit.move === b.edit.move &&
      a.edit.resize === b.edit.resize &&
      a.assignedTo?.id === b.assignedTo?.id &&
      a.assigneeName === b.assigneeName &&
      a.customer.name === b.customer.name &&
      a.plan?.id === b.plan?.id &&
      a.plan?.name === b.plan?.name)
  );
}

/**
 * Keeps the previous array of every day whose segments did not change, so after a drop or a refetch (a new
 * entries array) only the days that differ re-render; the rest of the memoised columns are skipped.
 */
export function useStableBuckets(next: Buckets<BoardEntry>): Buckets<BoardEntry> {
  const prev = useRef<Buckets<BoardEntry>>(new Map());
  const out: Buckets<BoardEntry> = new Map();
  for (const [day, list] of next) {
    const old = prev.current.get(day);
    const same = old && old.length === list.length && old.every((s, i) => s.from === list[i]!.from && s.to === list[i]!.to && sameEntry(s.item, list[i]!.item));
    out.set(day, same ? old : list);
  }
  prev.current = out;
  return out;
}

export type StartDrag = (e: ReactPointerEvent, entry: BoardEntry, mode: DragMode) => void;

type ChipProps = {
  entry: BoardEntry;
  timeZone: string;
  /** Month cells draw one line; the time grid draws number, name and range stacked. */
  compact: boolean;
  /**
   * Time grid only: the entry's box (px from the day's top, and its side-by-side slot of `slots`); `reserve`
   * px on its right are left to its cluster's "+n more" strip.
   */
  box?: { top: number; height: number; slot: number; slots: number; reserve: number };
  dragging: boolean;
  onStart: StartDrag;
  onOpen: (entry: BoardEntry) => void;
};

export function entryLabel(entry: BoardEntry, timeZone: string): string {
  const who = entry.assigneeName ?? (entry.assignedTo ? null : 'Unassigned');
  const plan = entry.plan ? `, ${planLabel(entry.plan)}` : '';
  return `Task #${entry.taskNumber} ${entry.name}, ${rangeLabel(entry.startMs, entry.endMs, timeZone)}, ${entry.displayStatus}, ${who ? `${who}, ` : ''}${entry.customer.name}${plan}`;
}

const boxStyle = (b: NonNullable<ChipProps['box']>, dragging: boolean): CSSProperties => ({
  position: 'absolute',
  top: b.top,
  height: b.height,
  left: `${(b.slot / b.slots) * 100}%`,
  width: `calc(${100 / b.slots}% - ${2 + b.reserve}px)`,
  zIndex: dragging ? 15 : 10,
});

// The box arrives as a fresh object each column render; compare its numbers so unchanged chips are skipped.
const sameChip = (a: ChipProps, b: ChipProps) =>
  a.entry === b.entry &&
  a.timeZone === b.timeZone &&
  a.compact === b.compact &&
  a.dragging === b.dragging &&
  a.onStart === b.onStart &&
  a.onOpen === b.onOpen &&
  a.box?.top === b.box?.top &&
  a.box?.height === b.box?.height &&
  a.box?.slot === b.box?.slot &&
  a.box?.slots === b.box?.slots &&
  a.box?.reserve === b.box?.reserve;

export const CalendarEntry = memo(function CalendarEntry({ entry, timeZone, compact, box, dragging, onStart, onOpen }: ChipProps) {
  const { colour, edit } = entry;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.stopPropagation();
    onOpen(entry);
  };
  const start = timeOfDayLabel(entry.startMs, timeZone);
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={entryLabel(entry, timeZone)}
      data-entry-id={entry.id}
      data-task-number={entry.taskNumber}
      onPointerDown={(e) => onStart(e, entry, 'move')}
      onKeyDown={onKeyDown}
      className="overflow-hidden rounded border-l-4 pr-0.5 pl-1 text-xs leading-tight select-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
      style={{
        background: colour.bg,
        borderColor: colour.border,
        color: colour.text,
        cursor: edit.move ? 'move' : 'pointer',
        opacity: dragging ? 0.85 : 1,
        boxShadow: dragging ? '0 4px 12px rgba(0,0,0,.25)' : undefined,
        touchAction: edit.move ? 'none' : undefined,
        ...(box ? boxStyle(box, dragging) : null),
      }}
    >
      {compact ? (
        // Time, then number and name (the name truncates, the number never): one line when the month cell is
        // wide enough (container query on the cell), else the time on its own line above them.
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-1 py-0.5 whitespace-nowrap @[9rem]:flex-nowrap" data-entry-text="">
          <span className="shrink-0 font-semibold">{start}</span>
          <span className="flex min-w-0 gap-1">
            <span className="shrink-0">#{entry.taskNumber}</span>
            <PlanMark plan={entry.plan} />
            <span className="min-w-0 truncate">{entry.name}</span>
          </span>
        </div>
      ) : (
        // Time and number first; the name wraps under them when the chip is tall enough, else is clipped.
        <div className="flex flex-wrap items-baseline gap-x-1 py-0.5" data-entry-text="">
          {/* In a very narrow column the time itself may break before AM/PM rather than be clipped. */}
          <span className="font-semibold">{start}</span>
          <span className="whitespace-nowrap">#{entry.taskNumber}</span>
          <PlanMark plan={entry.plan} />
          <span className="min-w-0 basis-full truncate">{entry.name}</span>
        </div>
      )}
      {edit.resize && !compact ? (
        <div
          data-resize-handle
          aria-hidden="true"
          onPointerDown={(e) => onStart(e, entry, 'resize')}
          className="absolute inset-x-0 bottom-0 h-1.5"
          style={{ cursor: 'ns-resize', touchAction: 'none' }}
        />
      ) : null}
    </div>
  );
}, sameChip);
