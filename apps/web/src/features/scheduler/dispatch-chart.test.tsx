import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { instantAt } from '@fieldwork/domain/time/calendar-time.rules';
import type { BoardEntry, ChartRow, DispatchChartProps } from './board.types';
import { HEADER_PX, HOUR_PX, LABEL_PX, NARROW_LABEL_PX } from './chart-layout';
import { DispatchChart } from './dispatch-chart';
import { TASK_DRAG_TYPE } from './drag-state';
import { chartAccent, personColour, UNASSIGNED_COLOUR } from './scheduler-colours';

const TZ = 'Europe/London';
const DAY = '2026-11-21';
const at = (h: number) => instantAt(DAY, h * 60, TZ);

const rows: ChartRow[] = [
  { key: 'unassigned', kind: 'unassigned', label: 'Unassigned Tasks', assignee: null, colour: UNASSIGNED_COLOUR },
  { key: 'technicians', kind: 'technicians', label: 'All Technicians', assignee: null, colour: chartAccent(0) },
  { key: 'subcontractors', kind: 'subcontractors', label: 'All Subcontractors', assignee: null, colour: chartAccent(1) },
  { key: 'p:a', kind: 'person', label: 'Ann Smith', assignee: { id: 'a', type: 'TECHNICIAN' }, colour: chartAccent(0) },
  { key: 'p:b', kind: 'person', label: 'Bob Jones', assignee: { id: 'b', type: 'TECHNICIAN' }, colour: chartAccent(1) },
];

function entry(id: string, taskNumber: number, fromH: number, toH: number, over: Partial<BoardEntry> = {}): BoardEntry {
  return {
    id,
    taskNumber,
    name: 'Fit boiler',
    startTime: new Date(at(fromH)).toISOString(),
    endTime: new Date(at(toH)).toISOString(),
    startMs: at(fromH),
    endMs: at(toH),
    assignedTo: { id: 'a', type: 'TECHNICIAN' },
    status: 'UPCOMING',
    displayStatus: 'Upcoming',
    job: { id: 'j', jobNumber: 1 },
    customer: { id: 'c', name: 'C' },
    scheduleId: `s-${id}`,
    scheduleVersion: 1,
    plan: null,
    assigneeName: 'Ann Smith',
    edit: { move: true, resize: true },
    colour: UNASSIGNED_COLOUR,
    ...over,
  };
}

function setup(over: Partial<DispatchChartProps> = {}) {
  const props: DispatchChartProps = {
    day: DAY,
    rows,
    timeZone: TZ,
    timeOff: [],
    onOpen: vi.fn(),
    onMove: vi.fn(),
    onDropTask: vi.fn(),
    onCreate: vi.fn(),
    entries: [entry('t1', 1042, 9, 11), entry('t2', 1043, 12, 13, { status: 'CLOSED', displayStatus: 'Closed', edit: { move: false, resize: false } })],
    ...over,
  };
  render(<DispatchChart {...props} />);
  return props;
}

beforeEach(() => {
  // jsdom lays nothing out: give the scroll container a viewport so the virtualizer has rows to show.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});

describe('DispatchChart', () => {
  it('shows the three group rows first, then a row per person, all labelled', () => {
    setup();
    const keys = [...document.querySelectorAll('[data-row-key]')].map((el) => el.getAttribute('data-row-key'));
    expect(keys).toEqual(['unassigned', 'technicians', 'subcontractors', 'p:a', 'p:b']);
    for (const label of ['Unassigned Tasks', 'All Technicians', 'All Subcontractors', 'Ann Smith', 'Bob Jones']) {
      expect(screen.getByRole('group', { name: label })).toBeTruthy();
    }
    expect(document.querySelector('[data-board="chart"] [data-chart-scroll]')).toBeTruthy();
  });

  it('puts a technician entry on All Technicians and on its person row only', () => {
    setup();
    const onRow = (name: string) =>
      within(screen.getByRole('group', { name }))
        .queryAllByRole('button')
        .map((b) => b.getAttribute('data-task-number'));
    expect(onRow('All Technicians')).toEqual(['1042', '1043']);
    expect(onRow('Ann Smith')).toEqual(['1042', '1043']);
    expect(onRow('Bob Jones')).toEqual([]);
    expect(onRow('Unassigned Tasks')).toEqual([]);
  });

  it('labels a bar with its task number and 12-hour start, then the name, and keeps the label in the visible part of a bar that starts left of it', async () => {
    setup({ entries: [entry('t1', 1042, 9, 11), entry('t0', 1041, 5, 12)] });
    const bars = () => within(screen.getByRole('group', { name: 'Ann Smith' })).getAllByRole('button');
    const bar = (n: number) => bars().find((b) => b.dataset.taskNumber === String(n))!;
    const label = bar(1042).querySelector<HTMLElement>('[data-bar-label]')!;
    expect(label.textContent).toBe('#1042 9:00 AM');
    expect(label.nextElementSibling?.textContent).toBe('Fit boiler');
    // The chart opens scrolled to 8 AM: the 5 AM–12 PM bar starts 3 hours left of the view, so its label
    // starts where the view does; the 9 AM bar is fully in view and keeps its own padding.
    expect(parseFloat(bar(1041).style.paddingLeft)).toBe(8 + 3 * HOUR_PX);
    expect(parseFloat(bar(1042).style.paddingLeft)).toBe(8);
    // Scrolled to 10 AM, the 9 AM bar's label moves in by an hour too.
    const scroller = document.querySelector<HTMLElement>('[data-chart-scroll]')!;
    scroller.scrollLeft = 10 * HOUR_PX;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(parseFloat(bar(1042).style.paddingLeft)).toBe(8 + HOUR_PX));
    expect(parseFloat(bar(1041).style.paddingLeft)).toBe(8 + 5 * HOUR_PX);
  });

  it("marks a service plan visit's bar with the plan mark after its number, and not an ordinary task's", () => {
    const PLAN = { id: 'plan-1', name: 'Quarterly boiler service' };
    setup({ entries: [entry('t1', 1042, 9, 11, { plan: PLAN }), entry('t2', 1043, 12, 14)] });
    const bars = within(screen.getByRole('group', { name: 'Ann Smith' })).getAllByRole('button');
    const bar = (n: number) => bars.find((b) => b.dataset.taskNumber === String(n))!;
    const mark = within(bar(1042)).getByRole('img', { name: 'Service plan: Quarterly boiler service' });
    expect(mark.getAttribute('title')).toBe('Service plan: Quarterly boiler service');
    expect(bar(1042).querySelector('[data-bar-label]')!.textContent).toMatch(/^#1042\s+9:00 AM$/);
    expect(bar(1042).getAttribute('aria-label')).toContain(', Upcoming, Service plan: Quarterly boiler service, Ann Smith');
    expect(within(bar(1043)).queryByRole('img')).toBeNull();
    expect(bar(1043).getAttribute('aria-label')).not.toContain('Service plan');
  });

  it('keeps a label on short bars: after the bar when its lane is free there, else a compact number with the full label in its title', async () => {
    // Ann: a 30-minute job at 09:00 with the lane free after it; a 15-minute one at 12:00 followed at once by another.
    setup({
      entries: [
        entry('t1', 1042, 9, 9.5),
        entry('t2', 1043, 12, 12.25),
        entry('t3', 1044, 12.25, 14),
        entry('t4', 1045, 1, 1.5, { assignedTo: { id: 'b', type: 'TECHNICIAN' } }),
      ],
    });
    // Bob's 01:00 bar lies hours left of the view (it opens at 08:00); its label waits at the view's left edge.
    const bob = screen.getByRole('group', { name: 'Bob Jones' });
    expect(parseFloat(bob.querySelector<HTMLElement>('[data-after-label="t4"]')!.style.left)).toBe(8 * HOUR_PX + 4);
    const row = screen.getByRole('group', { name: 'Ann Smith' });
    const bar = (n: number) => row.querySelector<HTMLElement>(`[data-task-number="${n}"]`)!;
    const after = row.querySelector<HTMLElement>('[data-after-label="t1"]')!;
    expect(after.querySelector('[data-bar-label]')!.textContent).toBe('#1042 9:00 AM');
    expect(parseFloat(after.style.left)).toBe(9.5 * HOUR_PX + 4);
    expect(bar(1043).querySelector('[data-bar-label]')!.textContent).toBe('#1043');
    expect(bar(1043).title).toBe('Task #1043 Fit boiler, 21 Nov, 12:00 PM - 21 Nov, 12:15 PM, Upcoming');
    expect(row.querySelector('[data-after-label="t2"]')).toBeNull();
    expect(bar(1044).querySelector('[data-bar-label]')!.textContent).toBe('#1044 12:15 PM');
    // Scrolled so the 09:00 bar is behind the name column: its label moves into the visible track.
    const scroller = document.querySelector<HTMLElement>('[data-chart-scroll]')!;
    scroller.scrollLeft = 10 * HOUR_PX;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(parseFloat(row.querySelector<HTMLElement>('[data-after-label="t1"]')!.style.left)).toBe(10 * HOUR_PX + 4));
  });

  it("draws each bar in its person's own colour, on group rows too", () => {
    const a = personColour('a');
    setup({ entries: [entry('t1', 1042, 9, 11, { colour: a })] });
    for (const name of ['All Technicians', 'Ann Smith']) {
      const bar = within(screen.getByRole('group', { name })).getAllByRole('button')[0]!;
      expect(bar.style.borderLeft).toContain(a.border.startsWith('#') ? hexToRgb(a.border) : a.border);
    }
  });

  it('names an entry by number, name, range, status and row', () => {
    setup();
    expect(screen.getByRole('button', { name: 'Task #1042 Fit boiler, 21 Nov, 9:00 AM - 21 Nov, 11:00 AM, Upcoming, Ann Smith' })).toBeTruthy();
  });

  it('has a resize handle only where the entry may be resized', () => {
    setup();
    const row = screen.getByRole('group', { name: 'Ann Smith' });
    const open = row.querySelector('[data-entry-id="t1"]')!;
    const closed = row.querySelector('[data-entry-id="t2"]')!;
    expect(open.querySelector('[data-resize-handle]')).toBeTruthy();
    expect(closed.querySelector('[data-resize-handle]')).toBeNull();
  });

  it('opens an entry on Enter', () => {
    const props = setup();
    const el = screen.getByRole('button', { name: /Task #1042 .*Ann Smith$/ });
    el.focus();
    fireEvent.keyDown(el, { key: 'Enter' });
    expect(props.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 't1' }));
  });

  it('draws time off on its person row', () => {
    setup({
      timeOff: [
        {
          id: 'o1',
          userId: 'b',
          username: 'Bob',
          startDateTime: new Date(at(13)).toISOString(),
          endDateTime: new Date(at(15)).toISOString(),
          reason: null,
          createdAt: '',
        },
      ],
    });
    expect(screen.getByRole('group', { name: 'Bob Jones' }).querySelector('[data-time-off]')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Ann Smith' }).querySelector('[data-time-off]')).toBeNull();
  });

  it('drops a sheet card on a person row at the slot under the pointer, assigning it', () => {
    const props = setup();
    const scroll = document.querySelector<HTMLElement>('[data-chart-scroll]')!;
    scroll.scrollLeft = 0;
    const card = { taskId: 'x', taskNumber: 7, name: 'Card', scheduleId: null, scheduleVersion: null, durationMinutes: null, assignee: null };
    const dataTransfer = { types: [TASK_DRAG_TYPE], getData: (t: string) => (t === TASK_DRAG_TYPE ? JSON.stringify(card) : ''), dropEffect: 'none' };
    // Bob is the fifth row (each one lane high here): y inside it; x at 10:00.
    const target = screen.getByRole('group', { name: 'Bob Jones' });
    // jsdom has no DragEvent, so the pointer position is set on the event by hand.
    const drop = createEvent.drop(target, { dataTransfer });
    Object.defineProperties(drop, { clientX: { value: LABEL_PX + 10 * HOUR_PX }, clientY: { value: HEADER_PX + 4 * 60 + 10 } });
    fireEvent(target, drop);
    expect(props.onDropTask).toHaveBeenCalledWith(
      expect.objectContaining({
        task: card,
        start: new Date(at(10)).toISOString(),
        end: new Date(at(11)).toISOString(),
        assignee: { id: 'b', type: 'TECHNICIAN' },
      }),
    );
  });

  it("drags an entry onto another person's row: re-timed and re-assigned through onMove", async () => {
    const props = setup();
    const scroll = document.querySelector<HTMLElement>('[data-chart-scroll]')!;
    scroll.scrollLeft = 0;
    const el = screen.getByRole('group', { name: 'Ann Smith' }).querySelector('[data-entry-id="t1"]')!;
    // Ann's row is the fourth (one lane of 60 px each above it), Bob's the fifth.
    const point = (x: number, y: number) => ({ clientX: { value: x }, clientY: { value: y }, button: { value: 0 } });
    const fire = (target: Element | Window, type: 'pointerDown' | 'pointerMove' | 'pointerUp', x: number, y: number) => {
      const ev = createEvent[type](target, {});
      Object.defineProperties(ev, point(x, y));
      fireEvent(target, ev);
    };
    fire(el, 'pointerDown', LABEL_PX + 9.5 * HOUR_PX, HEADER_PX + 3 * 60 + 20);
    fire(window, 'pointerMove', LABEL_PX + 10.5 * HOUR_PX, HEADER_PX + 4 * 60 + 20);
    expect(screen.getByRole('group', { name: 'Bob Jones' }).querySelector('[data-drag-preview="t1"]')).toBeTruthy();
    fire(window, 'pointerUp', LABEL_PX + 10.5 * HOUR_PX, HEADER_PX + 4 * 60 + 20);
    // In the release's own render the bar itself sits on Bob's row at 10:00, not faded, and is gone from
    // Ann's; the move itself is handed over after the next frame.
    const dropped = screen.getByRole('group', { name: 'Bob Jones' }).querySelector<HTMLElement>('[data-entry-id="t1"]')!;
    expect(dropped.style.left).toBe(`${10 * HOUR_PX}px`);
    expect(dropped.style.opacity).toBe('');
    expect(screen.getByRole('group', { name: 'Bob Jones' }).querySelector('[data-drag-preview]')).toBeNull();
    expect(screen.getByRole('group', { name: 'Ann Smith' }).querySelector('[data-entry-id="t1"]')).toBeNull();
    expect(props.onMove).not.toHaveBeenCalled();
    await waitFor(() => expect(props.onMove).toHaveBeenCalledTimes(1));
    expect(props.onMove).toHaveBeenCalledWith(
      expect.objectContaining({
        start: new Date(at(10)).toISOString(),
        end: new Date(at(12)).toISOString(),
        assignee: { id: 'b', type: 'TECHNICIAN' },
      }),
    );
    expect(props.onOpen).not.toHaveBeenCalled();
  });

  it('moves the dropped bar itself along its row at once, and puts it back when the move is refused', async () => {
    let refuse!: (ok: boolean) => void;
    const props = setup({
      onMove: vi.fn(
        () =>
          new Promise<boolean>((r) => {
            refuse = r;
          }),
      ),
    });
    document.querySelector<HTMLElement>('[data-chart-scroll]')!.scrollLeft = 0;
    const ann = () => screen.getByRole('group', { name: 'Ann Smith' }).querySelector<HTMLElement>('[data-entry-id="t1"]')!;
    const bar = ann();
    const y = HEADER_PX + 3 * 60 + 20;
    for (const [type, target, x] of [
      ['pointerDown', bar, 9.5],
      ['pointerMove', window, 12.5],
      ['pointerUp', window, 12.5],
    ] as const) {
      const ev = createEvent[type](target, {});
      Object.defineProperties(ev, { clientX: { value: LABEL_PX + x * HOUR_PX }, clientY: { value: y }, button: { value: 0 } });
      fireEvent(target, ev);
    }
    // The same element, moved to 12:00 and drawn as itself (no dashed copy, not faded) before onMove runs.
    expect(ann()).toBe(bar);
    expect([bar.style.left, bar.style.opacity]).toEqual([`${12 * HOUR_PX}px`, '']);
    expect(document.querySelector('[data-drag-preview]')).toBeNull();
    await waitFor(() => expect(props.onMove).toHaveBeenCalledTimes(1));
    // Still at the drop while the server is asked; a refusal (the data never moved) puts it back.
    expect(ann().style.left).toBe(`${12 * HOUR_PX}px`);
    refuse(false);
    await waitFor(() => expect(ann().style.left).toBe(`${9 * HOUR_PX}px`));
  });

  it('renders only the rows in view out of hundreds', () => {
    const many: ChartRow[] = [
      ...rows,
      ...Array.from({ length: 500 }, (_, i): ChartRow => ({
        key: `p:${i}`,
        kind: 'person',
        label: `Tech ${i}`,
        assignee: { id: `t${i}`, type: 'TECHNICIAN' },
        colour: chartAccent(i),
      })),
    ];
    setup({ rows: many });
    const shown = document.querySelectorAll('[data-row-key]').length;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(40);
  });

  it('keeps a narrower name column on a phone, and still reads the slot under the pointer', () => {
    const props = setup({ narrow: true });
    document.querySelector<HTMLElement>('[data-chart-scroll]')!.scrollLeft = 0;
    const row = screen.getByRole('group', { name: 'Bob Jones' });
    expect((row.firstElementChild as HTMLElement).style.width).toBe(`${NARROW_LABEL_PX}px`);
    expect(row.firstElementChild!.className).toContain('sticky');
    const track = row.querySelector('[data-track]')!;
    for (const [type, target] of [
      ['pointerDown', track],
      ['pointerUp', window],
    ] as const) {
      const ev = createEvent[type](target, {});
      Object.defineProperties(ev, { clientX: { value: NARROW_LABEL_PX + 14 * HOUR_PX }, clientY: { value: HEADER_PX + 4 * 60 + 20 }, button: { value: 0 } });
      fireEvent(target, ev);
    }
    expect(props.onCreate).toHaveBeenCalledWith({ start: new Date(at(14)).toISOString(), end: new Date(at(15)).toISOString() });
  });

  it('creates a one-hour task on a click in an empty slot', () => {
    const props = setup();
    document.querySelector<HTMLElement>('[data-chart-scroll]')!.scrollLeft = 0;
    const track = screen.getByRole('group', { name: 'Bob Jones' }).querySelector('[data-track]')!;
    for (const [type, target] of [
      ['pointerDown', track],
      ['pointerUp', window],
    ] as const) {
      const ev = createEvent[type](target, {});
      Object.defineProperties(ev, { clientX: { value: LABEL_PX + 14 * HOUR_PX }, clientY: { value: HEADER_PX + 4 * 60 + 20 }, button: { value: 0 } });
      fireEvent(target, ev);
    }
    expect(props.onCreate).toHaveBeenCalledWith({ start: new Date(at(14)).toISOString(), end: new Date(at(15)).toISOString() });
  });
});

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
