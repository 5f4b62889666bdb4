import { CALENDAR } from '@fieldwork/domain/scheduling/calendar.rules';
import { addDays, startOfDay, zonedParts, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import type { TimeOff } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { BoardEntry, ChartRow } from './board.types';
import { pack } from './board-layout';

/**
 * The dispatch chart's geometry and row math: which entries sit on which row, in which lane, at what x and
 * width. Pure (no DOM) so it is tested without a browser and runs once per data change, not once per row render.
 */
export const HOUR_PX = CALENDAR.chart.base;
export const PX_PER_MINUTE = HOUR_PX / 60;
/** Spec: a 60-minute height unit per task — one lane of 60 px; overlapping entries add lanes. */
export const LANE_PX = CALENDAR.chart.heightUnitMinutes;
export const DAY_MINUTES = CALENDAR.chart.slots * 60;
export const TRACK_PX = DAY_MINUTES * PX_PER_MINUTE;
export const LABEL_PX = 200;
/** The name column on a phone: a name of ~15 characters, and more of the track beside it. */
export const NARROW_LABEL_PX = 124;
export const HEADER_PX = 36;
/** Drags and clicks snap to a quarter hour (the day view's slot). */
export const SNAP_MINUTES = 15;
/** A zero-length entry still needs something to grab. */
const MIN_ENTRY_PX = 12;
const MINUTE_MS = 60_000;

export type DayWindow = { day: DayKey; timeZone: string; startMs: number; endMs: number; uniform: boolean };

/** The instants a day covers in the zone; `uniform` when it is 24 h long (no DST change), the common fast path. */
export function dayWindow(day: DayKey, timeZone: string): DayWindow {
  const startMs = startOfDay(day, timeZone);
  const endMs = startOfDay(addDays(day, 1), timeZone);
  return { day, timeZone, startMs, endMs, uniform: endMs - startMs === DAY_MINUTES * MINUTE_MS };
}

/** An instant as the wall-clock minute of the window's day, clipped to [0, 1440]. */
export function minuteOf(ms: number, win: DayWindow): number {
  if (ms <= win.startMs) return 0;
  if (ms >= win.endMs) return DAY_MINUTES;
  // Intl is slow for thousands of entries; only a DST day needs it, elapsed time is the wall clock otherwise.
  if (win.uniform) return (ms - win.startMs) / MINUTE_MS;
  return zonedParts(ms, win.timeZone).minute + (ms % MINUTE_MS) / MINUTE_MS;
}

export const xOfMinute = (minute: number) => minute * PX_PER_MINUTE;

/** Whether an entry shows on the day: it overlaps it, or has no length and starts in it. */
export function meetsDay(startMs: number, endMs: number, win: DayWindow): boolean {
  return startMs < win.endMs && (endMs > win.startMs || startMs >= win.startMs);
}

/** Left and width of an interval on the track, clipped at both midnights. */
export function spanPx(startMs: number, endMs: number, win: DayWindow): { left: number; width: number } {
  const left = xOfMinute(minuteOf(startMs, win));
  const right = xOfMinute(minuteOf(endMs, win));
  return { left, width: Math.max(MIN_ENTRY_PX, right - left) };
}

/**
 * Entries by row key, in one pass: null assignee → the unassigned row; a technician's → "All Technicians" and
 * their own row; a subcontractor's → "All Subcontractors" and theirs. O(rows + entries).
 */
export function bucketEntries(rows: readonly ChartRow[], entries: readonly BoardEntry[], win: DayWindow): Map<string, BoardEntry[]> {
  const out = new Map<string, BoardEntry[]>();
  const byKind = new Map<string, string>();
  const byPerson = new Map<string, string[]>();
  for (const row of rows) {
    out.set(row.key, []);
    if (row.kind !== 'person') byKind.set(row.kind, row.key);
    else if (row.assignee) byPerson.set(row.assignee.id, [...(byPerson.get(row.assignee.id) ?? []), row.key]);
  }
  const add = (key: string | undefined, e: BoardEntry) => {
    if (key !== undefined) out.get(key)!.push(e);
  };
  for (const e of entries) {
    if (!meetsDay(e.startMs, e.endMs, win)) continue;
    if (!e.assignedTo) {
      add(byKind.get('unassigned'), e);
      continue;
    }
    add(byKind.get(e.assignedTo.type === 'TECHNICIAN' ? 'technicians' : 'subcontractors'), e);
    for (const key of byPerson.get(e.assignedTo.id) ?? []) add(key, e);
  }
  return out;
}

/**
 * Keeps the previous array of a row whose entries draw the same, so its memoised row does not re-render even
 * when the page rebuilt every entry object. Handlers look entries up fresh by id, so an old object is only drawn.
 */
export function stableBuckets<T>(prev: Map<string, T[]> | undefined, next: Map<string, T[]>, same: (a: T, b: T) => boolean = Object.is): Map<string, T[]> {
  if (!prev) return next;
  for (const [key, list] of next) {
    const old = prev.get(key);
    if (old && old.length === list.length && old.every((v, i) => same(v, list[i]!))) next.set(key, old);
  }
  return next;
}

/** Whether two versions of an entry draw identically on the chart (what a row shows of it). */
export function drawsSame(a: BoardEntry, b: BoardEntry): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.startMs === b.startMs &&
      a.endMs === b.endMs &&
      a.taskNumber === b.taskNumber &&
      a.name === b.name &&
      a.displayStatus === b.displayStatus &&
      a.edit.move === b.edit.move &&
      a.edit.resize === b.edit.resize &&
      a.colour === b.colour &&
      a.plan?.id === b.plan?.id &&
      a.plan?.name === b.plan?.name)
  );
}

/** room: free track px right of the bar in its lane (to the next bar, or the day's end). */
export type Placed = { entry: BoardEntry; left: number; width: number; lane: number; room: number };
export type RowLayout = { items: Placed[]; lanes: number };

/** Lanes of one row: overlapping entries (or starts within a minute) go one under another. */
export function layoutRow(entries: readonly BoardEntry[], win: DayWindow): RowLayout {
  if (entries.length === 0) return { items: [], lanes: 1 };
  const clip = (e: BoardEntry) => ({ start: Math.max(e.startMs, win.startMs), end: Math.min(Math.max(e.endMs, e.startMs), win.endMs) });
  let lanes = 1;
  const items = pack(entries, clip).map(({ item, slot }) => {
    lanes = Math.max(lanes, slot + 1);
    return { entry: item, lane: slot, room: 0, ...spanPx(item.startMs, item.endMs, win) };
  });
  // Packed in start order, so within a lane the next item is the next bar to the right.
  const lastIn: (Placed | undefined)[] = [];
  for (const p of items) {
    const prev = lastIn[p.lane];
    if (prev) prev.room = Math.max(0, p.left - (prev.left + prev.width));
    lastIn[p.lane] = p;
  }
  for (const p of lastIn) if (p) p.room = Math.max(0, TRACK_PX - (p.left + p.width));
  return { items, lanes };
}

/** A bar at least this wide holds its own "#1234 10:30 AM" label. */
export const FULL_LABEL_PX = 104;
/** The free space after a narrow bar that holds its label there instead. */
export const AFTER_LABEL_PX = 100;

/**
 * Where a bar's label goes so every entry shows its task number and start: inside when the bar is wide
 * enough, else just after the bar when its lane is free there, else a compact "#1234" inside (the full label
 * stays in the bar's title and accessible name).
 */
export type LabelPlace = 'inside' | 'after' | 'compact';
export function labelPlace(width: number, room: number): LabelPlace {
  if (width >= FULL_LABEL_PX) return 'inside';
  return room >= AFTER_LABEL_PX ? 'after' : 'compact';
}

/**
 * The left of a label drawn after a bar: just right of the bar, or moved right to the visible part of the
 * track (viewLeft) when the bar lies left of it, as long as it still fits before the next bar.
 */
export function afterLabelLeft(left: number, width: number, room: number, viewLeft: number): number {
  const own = left + width + 4;
  return Math.max(own, Math.min(viewLeft + 4, left + width + room - AFTER_LABEL_PX));
}

export const rowHeight = (lanes: number) => Math.max(1, lanes) * LANE_PX;

/** Lanes of a tall row are drawn in chunks, so scrolling through it re-renders it once per chunk, not per frame. */
const LANE_CHUNK = 4;

/**
 * The lanes of a row to draw, [from, to), for a view `height` px tall starting `y` px below the row's top: the
 * chunks the view touches plus one chunk either side. A group row of a busy day has a lane per concurrent
 * task (80+ lanes, 285 bars) and most of it is off screen.
 */
/** Track px drawn either side of the visible hours, in steps of this much (a horizontal scroll re-renders rows). */
const X_CHUNK = 4 * HOUR_PX;

/** The track x range [from, to) to draw bars in for a view `width` px wide from track x `left`, in whole chunks. */
export function xInView(left: number, width: number): [number, number] {
  const from = Math.max(0, (Math.floor(left / X_CHUNK) - 1) * X_CHUNK);
  const to = Math.min(TRACK_PX, (Math.floor((left + Math.max(0, width)) / X_CHUNK) + 2) * X_CHUNK);
  return [from, Math.max(from, to)];
}

export function lanesInView(y: number, height: number, lanes: number): [number, number] {
  const first = Math.floor(Math.max(0, y) / LANE_PX / LANE_CHUNK) - 1;
  const last = Math.floor(Math.max(0, y + height) / LANE_PX / LANE_CHUNK) + 1;
  const from = Math.max(0, first * LANE_CHUNK);
  const to = Math.min(lanes, (last + 1) * LANE_CHUNK);
  return from === 0 && to === lanes ? [0, lanes] : [from, Math.max(from, to)];
}

export type TimeOffBlock = { id: string; left: number; width: number; label: string };

/** Time off as blocks on the rows of its person (person rows whose assignee is the user). */
export function bucketTimeOff(rows: readonly ChartRow[], timeOff: readonly TimeOff[], win: DayWindow): Map<string, TimeOffBlock[]> {
  const keysOf = new Map<string, string[]>();
  for (const row of rows) {
    if (row.kind === 'person' && row.assignee) keysOf.set(row.assignee.id, [...(keysOf.get(row.assignee.id) ?? []), row.key]);
  }
  const out = new Map<string, TimeOffBlock[]>();
  for (const t of timeOff) {
    const keys = keysOf.get(t.userId);
    const start = Date.parse(t.startDateTime);
    const end = Date.parse(t.endDateTime);
    if (!keys || !meetsDay(start, end, win) || end <= start) continue;
    const block = { id: t.id, ...spanPx(start, end, win), label: t.reason ? `Time off: ${t.reason}` : 'Time off' };
    for (const key of keys) out.set(key, [...(out.get(key) ?? []), block]);
  }
  return out;
}

/** The row at a y offset from the top of the rows (tops ascending, one past the last = total), or -1. */
export function rowAt(tops: readonly number[], y: number): number {
  if (y < 0 || tops.length < 2 || y >= tops[tops.length - 1]!) return -1;
  let lo = 0;
  let hi = tops.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tops[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
