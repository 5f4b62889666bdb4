import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { addDays, instantAt, weekdayOf, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import type { CalendarView } from '@fieldwork/domain/scheduling/calendar.rules';
import type { BoardEntry, CalendarGridProps } from './board.types';
import { CalendarGrid } from './calendar-grid';
import { ASSIGNEE_COLOURS } from './scheduler-colours';
import { MIN_DAY_PX } from './time-grid';

const NY = 'America/New_York';
const DAY: DayKey = '2026-11-25';
let seq = 0;

function entry(day: DayKey, fromH: number, toH: number, over: Partial<BoardEntry> = {}): BoardEntry {
  seq += 1;
  const startMs = instantAt(day, fromH * 60, NY);
  const endMs = instantAt(day, toH * 60, NY);
  return {
    id: `t${seq}`,
    taskNumber: 1000 + seq,
    name: `Job ${seq}`,
    startTime: new Date(startMs).toISOString(),
    endTime: new Date(endMs).toISOString(),
    assignedTo: { id: 'tech-a', type: 'TECHNICIAN' },
    status: 'UPCOMING',
    displayStatus: 'Upcoming',
    job: { id: 'j1', jobNumber: 7 },
    customer: { id: 'c1', name: 'Acme' },
    scheduleId: `s${seq}`,
    scheduleVersion: 1,
    plan: null,
    assigneeName: 'Alex Tech',
    colour: ASSIGNEE_COLOURS[0]!,
    edit: { move: true, resize: true },
    startMs,
    endMs,
    ...over,
  };
}

function renderGrid(view: CalendarView, entries: BoardEntry[], over: Partial<CalendarGridProps> = {}) {
  const props: CalendarGridProps = {
    view,
    anchor: DAY,
    timeZone: NY,
    entries,
    timeOff: [],
    onOpen: vi.fn(),
    onMove: vi.fn(),
    onCreate: vi.fn(),
    onOpenDay: vi.fn(),
    onAnchorChange: vi.fn(),
    ...over,
  };
  const utils = render(<CalendarGrid {...props} />);
  return { ...utils, props };
}

const cell = (container: HTMLElement, day: DayKey) => container.querySelector<HTMLElement>(`[data-day="${day}"]`)!;
const chips = (el: HTMLElement) => el.querySelectorAll<HTMLElement>('[data-entry-id]');

describe('CalendarGrid month view', () => {
  it('shows at most 6 entries a cell, else 5 and "+n more" that opens the day', () => {
    const six = Array.from({ length: 6 }, (_, i) => entry('2026-11-24', 8 + i, 9 + i));
    const eight = Array.from({ length: 8 }, (_, i) => entry(DAY, 8 + i, 9 + i));
    const { container, props } = renderGrid('month', [...six, ...eight]);
    expect(container.querySelector('[data-board="calendar"]')?.getAttribute('data-view')).toBe('month');
    expect(container.querySelectorAll('[data-day]')).toHaveLength(42);
    expect(chips(cell(container, '2026-11-24'))).toHaveLength(6);
    const busy = cell(container, DAY);
    expect(chips(busy)).toHaveLength(5);
    fireEvent.click(within(busy).getByRole('button', { name: '+3 more' }));
    expect(props.onOpenDay).toHaveBeenCalledWith(DAY);
  });

  it("lists a cell's entries in start order", () => {
    const late = entry(DAY, 14, 15);
    const early = entry(DAY, 8, 9);
    const { container } = renderGrid('month', [late, early]);
    expect([...chips(cell(container, DAY))].map((c) => c.dataset.entryId)).toEqual([early.id, late.id]);
  });

  it('labels every month entry with its 12-hour start time and task number, which never truncate; the name takes the rest', () => {
    const e = entry(DAY, 13, 14, { name: 'Replace the whole boiler and flue' });
    const midnight = entry('2026-11-26', 0, 1);
    const { container } = renderGrid('month', [e, midnight]);
    const text = chips(cell(container, DAY))[0]!.querySelector<HTMLElement>('[data-entry-text]')!;
    const time = text.children[0] as HTMLElement;
    const [number, name] = [...text.children[1]!.children] as HTMLElement[];
    expect(time!.textContent).toBe('1:00 PM');
    expect(number!.textContent).toBe(`#${e.taskNumber}`);
    expect(name!.textContent).toBe('Replace the whole boiler and flue');
    expect(time!.className).toContain('shrink-0');
    expect(number!.className).toContain('shrink-0');
    expect(name!.className).toContain('truncate');
    expect(chips(cell(container, '2026-11-26'))[0]!.textContent).toContain('12:00 AM');
  });

  it('creates 09:00–10:00 of the day in the company zone when an empty cell is clicked', () => {
    const { container, props } = renderGrid('month', [entry(DAY, 9, 10)]);
    fireEvent.click(cell(container, '2026-11-26'));
    expect(props.onCreate).toHaveBeenCalledWith({ start: '2026-11-26T14:00:00.000Z', end: '2026-11-26T15:00:00.000Z' });
    fireEvent.click(chips(cell(container, DAY))[0]!);
    expect(props.onCreate).toHaveBeenCalledTimes(1);
  });
});

describe('CalendarGrid week and day views', () => {
  it('has 7 columns from Saturday with their day keys', () => {
    const { container } = renderGrid('week', []);
    const keys = [...container.querySelectorAll<HTMLElement>('[data-day]')].map((c) => c.dataset.day!);
    expect(keys).toHaveLength(7);
    expect(weekdayOf(keys[0]!)).toBe(6);
    expect(keys).toEqual(Array.from({ length: 7 }, (_, i) => addDays(keys[0]!, i)));
    expect(keys).toContain(DAY);
    expect(container.querySelector('[data-time-scroll]')).not.toBeNull();
  });

  it('never squeezes a week day below its readable width: the days scroll sideways past a sticky time axis', () => {
    const { container } = renderGrid('week', []);
    const scroller = container.querySelector<HTMLElement>('[data-time-scroll]')!;
    expect(scroller.className).toContain('overflow-auto');
    expect(container.querySelector<HTMLElement>('[data-time-grid]')!.style.minWidth).toBe(`${48 + 7 * MIN_DAY_PX}px`);
    expect(container.querySelector('[data-time-axis]')!.className).toMatch(/\bsticky\b.*\bleft-0\b/);
    // The day view has one column: it just takes the width it is given.
    const day = renderGrid('day', []).container.querySelector<HTMLElement>('[data-time-grid]')!;
    expect(day.style.minWidth).toBe('');
  });

  it('puts overlapping entries side by side', () => {
    const a = entry(DAY, 9, 11);
    const b = entry(DAY, 10, 12);
    const { container } = renderGrid('week', [a, b]);
    const [ea, eb] = [a, b].map((x) => container.querySelector<HTMLElement>(`[data-entry-id="${x.id}"]`)!);
    expect([ea!.style.left, eb!.style.left]).toEqual(['0%', '50%']);
    expect(ea!.style.width).toBe('calc(50% - 2px)');
    expect(parseFloat(eb!.style.top)).toBeGreaterThan(parseFloat(ea!.style.top));
  });

  it('labels week entries with 12-hour start time and task number first, then the name', () => {
    const e = entry(DAY, 13, 15, { name: 'Fit boiler' });
    const { container } = renderGrid('week', [e]);
    const chip = container.querySelector<HTMLElement>(`[data-entry-id="${e.id}"]`);
    // Mounted within the visible hours ± 2; 13:00 is inside the first screen's window (7–19).
    expect(chip?.querySelector('[data-entry-text]')?.textContent).toBe(`1:00 PM#${e.taskNumber}Fit boiler`);
  });

  it('folds a crowded week cluster into "+n more" instead of unreadable slivers, and it opens the day', () => {
    const crowd = Array.from({ length: 5 }, () => entry(DAY, 10, 12));
    const alone = entry('2026-11-26', 10, 11);
    const { container, props } = renderGrid('week', [...crowd, alone]);
    const day = cell(container, DAY);
    const shown = [...chips(day)];
    // Two chips side by side at most in a week column: the first keeps half the width, the rest fold.
    expect(shown).toHaveLength(1);
    expect(shown[0]!.style.width).toBe('calc(50% - 2px)');
    expect(shown[0]!.querySelector('[data-entry-text]')?.textContent).toContain('10:00 AM');
    const more = within(day).getByRole('button', { name: '+4 more' });
    expect(more.style.left).toBe('50%');
    fireEvent.click(more);
    expect(props.onOpenDay).toHaveBeenCalledWith(DAY);
    expect(chips(cell(container, '2026-11-26'))).toHaveLength(1);
  });

  it('sends the day view\'s "+n more" to onShowMore (the page opens the agenda there)', () => {
    const crowd = Array.from({ length: 14 }, () => entry(DAY, 10, 12));
    const onShowMore = vi.fn();
    const { container, props } = renderGrid('day', crowd, { onShowMore });
    expect(chips(cell(container, DAY))).toHaveLength(11);
    fireEvent.click(within(cell(container, DAY)).getByRole('button', { name: '+3 more' }));
    expect(onShowMore).toHaveBeenCalledWith(DAY);
    expect(props.onOpenDay).not.toHaveBeenCalled();
  });

  it('draws an entry crossing midnight in both days', () => {
    const night = entry(DAY, 16, 24 + 10);
    const { container } = renderGrid('week', [night]);
    expect(cell(container, DAY).querySelector(`[data-entry-id="${night.id}"]`)).not.toBeNull();
    expect(cell(container, addDays(DAY, 1)).querySelector(`[data-entry-id="${night.id}"]`)).not.toBeNull();
    expect(cell(container, addDays(DAY, 2)).querySelector(`[data-entry-id="${night.id}"]`)).toBeNull();
  });

  it('opens an entry with Enter and names it for assistive technology', () => {
    const e = entry(DAY, 9, 11, { name: 'Fit boiler' });
    const { props } = renderGrid('day', [e]);
    const chip = screen.getByRole('button', { name: `Task #${e.taskNumber} Fit boiler, 25 Nov, 9:00 AM - 25 Nov, 11:00 AM, Upcoming, Alex Tech, Acme` });
    fireEvent.keyDown(chip, { key: 'Enter' });
    expect(props.onOpen).toHaveBeenCalledWith(e);
  });

  it('marks a service plan visit with the plan mark in month, week and day views, and not an ordinary task', () => {
    const PLAN = { id: 'plan-1', name: 'Quarterly boiler service' };
    const visit = entry(DAY, 9, 10, { name: 'Boiler check', plan: PLAN });
    const oneOff = entry(DAY, 11, 12, { name: 'Fit boiler' });
    for (const view of ['month', 'week', 'day'] as const) {
      const { container, unmount } = renderGrid(view, [visit, oneOff]);
      const chip = (id: string) => container.querySelector<HTMLElement>(`[data-entry-id="${id}"]`)!;
      const mark = within(chip(visit.id)).getByRole('img', { name: 'Service plan: Quarterly boiler service' });
      expect(mark.getAttribute('title')).toBe('Service plan: Quarterly boiler service');
      expect(chip(visit.id).getAttribute('aria-label')).toMatch(/, Service plan: Quarterly boiler service$/);
      expect(within(chip(oneOff.id)).queryByRole('img')).toBeNull();
      expect(chip(oneOff.id).getAttribute('aria-label')).not.toContain('Service plan');
      unmount();
    }
  });

  it('offers a resize handle only to resizable entries', () => {
    const open = entry(DAY, 9, 10);
    const closed = entry(DAY, 13, 14, { status: 'CLOSED', edit: { move: false, resize: false } });
    const { container } = renderGrid('day', [open, closed]);
    const el = (id: string) => container.querySelector<HTMLElement>(`[data-entry-id="${id}"]`)!;
    expect(el(open.id).querySelector('[data-resize-handle]')).not.toBeNull();
    expect(el(closed.id).querySelector('[data-resize-handle]')).toBeNull();
    expect(el(closed.id).style.cursor).not.toBe('move');
  });

  it('draws time off behind the entries', () => {
    const off = {
      id: 'o1',
      userId: 'tech-a',
      username: 'Alex Tech',
      startDateTime: '2026-11-25T17:00:00.000Z',
      endDateTime: '2026-11-25T19:00:00.000Z',
      reason: null,
      createdAt: '',
    };
    renderGrid('day', [], { timeOff: [off] });
    expect(screen.getByText('Time off — Alex Tech')).toBeTruthy();
  });

  it('moves the anchor with the arrow keys', () => {
    const { container, props } = renderGrid('week', []);
    const root = container.querySelector<HTMLElement>('[data-board="calendar"]')!;
    fireEvent.keyDown(root, { key: 'ArrowRight' });
    fireEvent.keyDown(root, { key: 'ArrowUp' });
    expect(props.onAnchorChange).toHaveBeenNthCalledWith(1, '2026-11-26');
    expect(props.onAnchorChange).toHaveBeenNthCalledWith(2, '2026-11-18');
  });
});
