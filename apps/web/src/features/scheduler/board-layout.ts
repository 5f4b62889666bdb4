import { CALENDAR } from '@fieldwork/domain/scheduling/calendar.rules';
import { SAME_SLOT_MS } from '@fieldwork/domain/tasks/task-status.rules';

/**
 * Layout math of the calendar's time grid and the chart's rows: which entries sit side by side (calendar
 * columns) or one under another (chart lanes). Pure, so the rules are tested without a browser.
 */
export type Span = { start: number; end: number };

/** An item's side-by-side slot of its cluster's `slots`; `cluster` numbers the groups of mutually overlapping items. */
export type Packed<T> = { item: T; slot: number; slots: number; cluster: number };

/**
 * Greedy interval packing: entries in start order (longer first on a tie) take the first slot whose last
 * entry has ended; a cluster of entries that overlap one another, directly or through others, shares one
 * slot count so their widths line up. Spec: two entries whose starts are within 1 minute are in the same
 * layout slot row — they never share a slot, even when one has no length.
 */
export function pack<T>(items: readonly T[], spanOf: (item: T) => Span): Packed<T>[] {
  const sorted = items.map((item) => ({ item, span: spanOf(item) })).sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const out: Packed<T>[] = [];
  let cluster: Packed<T>[] = [];
  let clusterEnd = -Infinity;
  let lastStart = -Infinity;
  let slotEnds: Span[] = [];
  let clusterNo = 0;
  const close = () => {
    for (const p of cluster) p.slots = slotEnds.length;
    clusterNo++;
    out.push(...cluster);
    cluster = [];
    slotEnds = [];
  };
  for (const { item, span } of sorted) {
    // In start order, an entry within a minute of any of the cluster's starts is within a minute of the last one.
    const touches = span.start < clusterEnd || span.start - lastStart <= SAME_SLOT_MS;
    if (cluster.length && !touches) close();
    let slot = slotEnds.findIndex((last) => last.end <= span.start && span.start - last.start > SAME_SLOT_MS);
    if (slot === -1) {
      slot = slotEnds.length;
      slotEnds.push(span);
    } else {
      slotEnds[slot] = span;
    }
    cluster.push({ item, slot, slots: 0, cluster: clusterNo });
    clusterEnd = cluster.length === 1 ? span.end : Math.max(clusterEnd, span.end);
    lastStart = span.start;
  }
  close();
  return out;
}

/** "+n more" in a crowded cluster: how many are folded away, from which minute, in which slot of how many. */
export type MoreMarker = { cluster: number; count: number; from: number; slot: number; slots: number };

/**
 * A cluster wider than `maxSlots` side by side would draw slivers too narrow to read. It keeps its first
 * maxSlots − 1 columns (each now 1/maxSlots wide) and folds the rest into one "+n more" in the last column,
 * at the earliest folded entry's start; a cluster that fits is drawn as packed.
 */
export function foldCrowded<T>(placed: readonly Packed<T>[], maxSlots: number, fromOf: (item: T) => number): { shown: Packed<T>[]; more: MoreMarker[] } {
  const shown: Packed<T>[] = [];
  const more = new Map<number, MoreMarker>();
  const keep = Math.max(1, maxSlots - 1);
  for (const p of placed) {
    if (p.slots <= maxSlots) {
      shown.push(p);
    } else if (p.slot < keep) {
      shown.push({ ...p, slots: maxSlots });
    } else {
      const from = fromOf(p.item);
      const m = more.get(p.cluster);
      if (m) {
        m.count++;
        m.from = Math.min(m.from, from);
      } else more.set(p.cluster, { cluster: p.cluster, count: 1, from, slot: keep, slots: maxSlots });
    }
  }
  return { shown, more: [...more.values()] };
}

/** Spec: a month cell shows at most 6 entries; with more it shows 5 and a "+n more" stack. */
export function monthCell(count: number): { shown: number; more: number } {
  if (count <= CALENDAR.monthMaxRows) return { shown: count, more: 0 };
  return { shown: CALENDAR.monthStack, more: count - CALENDAR.monthStack };
}

/** A pointer offset along a time axis, snapped to the slot, as minutes from the axis start, within [0, max]. */
export function snapMinutes(offsetPx: number, pxPerMinute: number, slotMinutes: number, max: number): number {
  const raw = offsetPx / pxPerMinute;
  const snapped = Math.round(raw / slotMinutes) * slotMinutes;
  return Math.min(max, Math.max(0, snapped));
}
