import { describe, expect, it } from 'vitest';
import { instantAt } from '@fieldwork/domain/time/calendar-time.rules';
import type { TimeOff } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { BoardEntry, ChartRow } from './board.types';
import {
  afterLabelLeft,
  bucketEntries,
  bucketTimeOff,
  dayWindow,
  drawsSame,
  HOUR_PX,
  labelPlace,
  LANE_PX,
  lanesInView,
  layoutRow,
  minuteOf,
  rowAt,
  rowHeight,
  spanPx,
  stableBuckets,
  TRACK_PX,
  xInView,
} from './chart-layout';
import { chartAccent, UNASSIGNED_COLOUR } from './scheduler-colours';

const NY = 'America/New_York';
const DAY = '2026-11-23';
const win = dayWindow(DAY, NY);
const at = (h: number, day = DAY) => instantAt(day, h * 60, NY);
const tech = (id: string) => ({ id, type: 'TECHNICIAN' as const });
const sub = (id: string) => ({ id, type: 'SUBCONTRACTOR' as const });

let n = 0;
function entry(fromH: number, toH: number, assignedTo: BoardEntry['assignedTo'], day = DAY): BoardEntry {
  n += 1;
  return {
    id: `e${n}`,
    taskNumber: 1000 + n,
    name: `Task ${n}`,
    startTime: '',
    endTime: '',
    startMs: at(fromH, day),
    endMs: at(toH, day),
    assignedTo,
    status: 'UPCOMING',
    displayStatus: 'Upcoming',
    edit: { move: true, resize: true },
    colour: UNASSIGNED_COLOUR,
  } as unknown as BoardEntry;
}

const rows: ChartRow[] = [
  { key: 'unassigned', kind: 'unassigned', label: 'Unassigned Tasks', assignee: null, colour: UNASSIGNED_COLOUR },
  { key: 'technicians', kind: 'technicians', label: 'All Technicians', assignee: null, colour: chartAccent(0) },
  { key: 'subcontractors', kind: 'subcontractors', label: 'All Subcontractors', assignee: null, colour: chartAccent(1) },
  { key: 'p:a', kind: 'person', label: 'Ann', assignee: tech('a'), colour: chartAccent(0) },
  { key: 'p:b', kind: 'person', label: 'Bob', assignee: tech('b'), colour: chartAccent(1) },
  { key: 'p:s', kind: 'person', label: 'Sub Co', assignee: sub('s'), colour: chartAccent(2) },
];
const ids = (list: BoardEntry[] | undefined) => (list ?? []).map((e) => e.id);

describe('bucketEntries', () => {
  it('puts unassigned, technician and subcontractor entries on their group rows and their person rows', () => {
    const u = entry(9, 10, null);
    const a = entry(9, 11, tech('a'));
    const b = entry(12, 13, tech('b'));
    const s = entry(14, 15, sub('s'));
    const stranger = entry(8, 9, tech('zz'));
    const m = bucketEntries(rows, [u, a, b, s, stranger], win);
    expect(ids(m.get('unassigned'))).toEqual([u.id]);
    expect(ids(m.get('technicians'))).toEqual([a.id, b.id, stranger.id]);
    expect(ids(m.get('subcontractors'))).toEqual([s.id]);
    expect(ids(m.get('p:a'))).toEqual([a.id]);
    expect(ids(m.get('p:b'))).toEqual([b.id]);
    expect(ids(m.get('p:s'))).toEqual([s.id]);
  });
  it('keeps only entries meeting the day, including those crossing midnight', () => {
    const before = entry(9, 10, tech('a'), '2026-11-22');
    const across = entry(22, 26, tech('a'), '2026-11-22');
    const after = entry(0, 1, tech('a'), '2026-11-24');
    const lateToday = entry(23, 25, tech('a'));
    expect(ids(bucketEntries(rows, [before, across, after, lateToday], win).get('p:a'))).toEqual([across.id, lateToday.id]);
  });
});

describe('stableBuckets', () => {
  it('keeps the old array of a row whose entries draw the same, and replaces the changed row', () => {
    const a = entry(9, 10, tech('a'));
    const b = entry(9, 10, tech('b'));
    const prev = bucketEntries(rows, [a, b], win);
    const b2 = { ...b, startMs: at(11), endMs: at(12) };
    const next = stableBuckets(prev, bucketEntries(rows, [{ ...a }, b2], win), drawsSame);
    expect(next.get('p:a')).toBe(prev.get('p:a'));
    expect(next.get('p:b')).not.toBe(prev.get('p:b'));
    expect(next.get('technicians')).not.toBe(prev.get('technicians'));
  });
});

describe('layoutRow', () => {
  it('stacks overlapping entries in lanes and reuses a lane once free', () => {
    const a = entry(9, 11, tech('a'));
    const b = entry(10, 12, tech('a'));
    const c = entry(11, 12, tech('a'));
    const l = layoutRow([a, b, c], win);
    expect(l.lanes).toBe(2);
    const lane = Object.fromEntries(l.items.map((p) => [p.entry.id, p.lane]));
    expect([lane[a.id], lane[b.id], lane[c.id]]).toEqual([0, 1, 0]);
    expect(rowHeight(l.lanes)).toBe(2 * LANE_PX);
  });
  it('gives an empty row one lane', () => {
    expect(layoutRow([], win).lanes).toBe(1);
    expect(rowHeight(0)).toBe(LANE_PX);
  });
  it('clips entries at both midnights', () => {
    const across = entry(22, 26, tech('a'), '2026-11-22');
    const late = entry(23, 25, tech('a'));
    const l = layoutRow([across, late], win);
    const byId = new Map(l.items.map((p) => [p.entry.id, p]));
    expect(byId.get(across.id)).toMatchObject({ left: 0, width: 2 * HOUR_PX });
    expect(byId.get(late.id)).toMatchObject({ left: 23 * HOUR_PX, width: HOUR_PX });
  });
});

describe('x and width from minutes', () => {
  it('is 136 px an hour from midnight', () => {
    expect(spanPx(at(9), at(10.5), win)).toEqual({ left: 9 * HOUR_PX, width: 1.5 * HOUR_PX });
    expect(minuteOf(at(8.25), win)).toBe(495);
    expect(TRACK_PX).toBe(24 * 136);
  });
  it('uses the wall clock on a DST day', () => {
    const dst = dayWindow('2026-11-01', NY);
    expect(dst.uniform).toBe(false);
    expect(minuteOf(instantAt('2026-11-01', 9 * 60, NY), dst)).toBe(540);
  });
});

describe('bucketTimeOff', () => {
  it('draws time off on the rows of its person only, clipped to the day', () => {
    const off = [
      {
        id: 'o1',
        userId: 'b',
        username: 'Bob',
        startDateTime: new Date(at(13)).toISOString(),
        endDateTime: new Date(at(30)).toISOString(),
        reason: 'Dentist',
        createdAt: '',
      },
      {
        id: 'o2',
        userId: 'a',
        username: 'Ann',
        startDateTime: new Date(at(9, '2026-11-20')).toISOString(),
        endDateTime: new Date(at(10, '2026-11-20')).toISOString(),
        reason: null,
        createdAt: '',
      },
    ] satisfies TimeOff[];
    const m = bucketTimeOff(rows, off, win);
    expect([...m.keys()]).toEqual(['p:b']);
    expect(m.get('p:b')).toEqual([{ id: 'o1', left: 13 * HOUR_PX, width: 11 * HOUR_PX, label: 'Time off: Dentist' }]);
  });
});

describe('rowAt', () => {
  it('finds the row under a y offset', () => {
    const tops = [0, 60, 180, 240];
    expect([rowAt(tops, 0), rowAt(tops, 59), rowAt(tops, 60), rowAt(tops, 239), rowAt(tops, 240), rowAt(tops, -1)]).toEqual([0, 0, 1, 2, -1, -1]);
  });

  it("gives each bar the free space after it in its lane, to the next bar or the day's end", () => {
    const a = entry(9, 9.5, tech('a'));
    const b = entry(12, 13, tech('a'));
    const l = layoutRow([b, a], win);
    const room = new Map(l.items.map((p) => [p.entry.id, p.room]));
    expect(room.get(a.id)).toBe(2.5 * HOUR_PX);
    expect(room.get(b.id)).toBe(TRACK_PX - 13 * HOUR_PX);
  });

  it("puts a short bar's label after it when there is room, else keeps a compact one inside", () => {
    expect(labelPlace(2 * HOUR_PX, 0)).toBe('inside');
    expect(labelPlace(HOUR_PX / 2, HOUR_PX)).toBe('after');
    expect(labelPlace(HOUR_PX / 2, 20)).toBe('compact');
    // After the bar; moved right into view when the bar is scrolled out, never past the next bar's space.
    expect(afterLabelLeft(100, 50, 300, 0)).toBe(154);
    expect(afterLabelLeft(100, 50, 300, 200)).toBe(204);
    expect(afterLabelLeft(100, 50, 300, 1000)).toBe(350);
  });

  it('draws only the lanes and hours near the view, all of a short row', () => {
    expect(lanesInView(-60, 900, 3)).toEqual([0, 3]);
    // An 80-lane group row scrolled 40 lanes into it: a chunk of margin either side, not the whole row.
    const [from, to] = lanesInView(40 * LANE_PX, 900, 80);
    expect(from).toBeLessThanOrEqual(40);
    expect(to).toBeGreaterThanOrEqual(40 + 900 / LANE_PX);
    expect(to - from).toBeLessThan(40);
    const [x0, x1] = xInView(8 * HOUR_PX, 6 * HOUR_PX);
    expect(x0).toBeLessThanOrEqual(8 * HOUR_PX);
    expect(x1).toBeGreaterThanOrEqual(14 * HOUR_PX);
    expect(x1 - x0).toBeLessThan(TRACK_PX);
  });
});
