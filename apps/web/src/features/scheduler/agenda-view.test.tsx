import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AgendaView, agendaGroups, entriesOfDay } from './agenda-view';
import type { BoardEntry } from './board.types';
import { personColour, UNASSIGNED_COLOUR } from './scheduler-colours';

const NY = 'America/New_York';
const entry = (id: string, n: number, start: string, end: string, who: { id: string; name: string } | null, over: Partial<BoardEntry> = {}): BoardEntry => ({
  id,
  taskNumber: n,
  name: `Job ${n}`,
  startTime: start,
  endTime: end,
  startMs: Date.parse(start),
  endMs: Date.parse(end),
  assignedTo: who ? { id: who.id, type: 'TECHNICIAN' } : null,
  status: 'UPCOMING',
  displayStatus: 'Upcoming',
  job: { id: 'j', jobNumber: 1 },
  customer: { id: 'c', name: `Customer ${n}` },
  scheduleId: `s${id}`,
  scheduleVersion: 1,
  plan: null,
  assigneeName: who?.name ?? null,
  colour: personColour(who?.id ?? null),
  edit: { move: true, resize: true },
  ...over,
});

const ZOE = { id: 'u-zoe', name: 'Zoe Field' };
const ALEX = { id: 'u-alex', name: 'Alex Tech' };
// 25 Nov in New York runs 05:00Z to 05:00Z the next day.
const ENTRIES = [
  entry('b', 2, '2026-11-25T18:00:00.000Z', '2026-11-25T19:00:00.000Z', ZOE),
  entry('a', 1, '2026-11-25T14:00:00.000Z', '2026-11-25T15:00:00.000Z', ALEX),
  entry('u', 5, '2026-11-25T16:00:00.000Z', '2026-11-25T17:00:00.000Z', null),
  entry('c', 3, '2026-11-25T13:00:00.000Z', '2026-11-25T14:00:00.000Z', ZOE, {
    status: 'CLOSED',
    displayStatus: 'Closed',
    edit: { move: false, resize: false },
  }),
  entry('x', 9, '2026-11-26T06:00:00.000Z', '2026-11-26T07:00:00.000Z', ALEX),
  entry('m', 4, '2026-11-24T23:00:00.000Z', '2026-11-25T06:00:00.000Z', ALEX),
];

describe('agenda', () => {
  it('takes the day in the company zone, by start, including a task running over midnight', () => {
    expect(entriesOfDay(ENTRIES, '2026-11-25', NY).map((e) => e.taskNumber)).toEqual([4, 3, 1, 5, 2]);
  });

  it('groups the day by person: unassigned first, then people by name, each in start order and in their colour', () => {
    const groups = agendaGroups(entriesOfDay(ENTRIES, '2026-11-25', NY), null);
    expect(groups.map((g) => [g.label, g.entries.map((e) => e.taskNumber)])).toEqual([
      ['Unassigned', [5]],
      ['Alex Tech', [4, 1]],
      ['Zoe Field', [3, 2]],
    ]);
    expect(groups[0]!.colour).toBe(UNASSIGNED_COLOUR);
    expect(groups[1]!.colour).toBe(personColour(ALEX.id));
    // A field viewer's feed has no team names: their own group has the label given.
    expect(
      agendaGroups([entry('o', 7, '2026-11-25T14:00:00.000Z', '2026-11-25T15:00:00.000Z', { id: 'me', name: '' }, { assigneeName: null })], 'My tasks')[0]!
        .label,
    ).toBe('My tasks');
  });

  it("shows each entry's 12-hour time, number, name and customer under its person, and opens or re-schedules it", async () => {
    const onOpen = vi.fn();
    const onReschedule = vi.fn();
    render(<AgendaView day="2026-11-25" entries={ENTRIES} timeZone={NY} onOpen={onOpen} onReschedule={onReschedule} />);
    expect(screen.getByRole('region', { name: 'Agenda, 25 November 2026' }).textContent).toContain('(5 tasks)');
    const alex = within(screen.getByRole('region', { name: 'Alex Tech' }));
    const row = alex.getByRole('button', { name: 'Open task #1 Job 1' });
    expect(row.textContent).toContain('9:00 AM');
    expect(row.textContent).toContain('10:00 AM');
    expect(row.textContent).toContain('#1 Job 1');
    expect(row.textContent).toContain('Customer 1');
    const user = userEvent.setup();
    await user.click(row);
    expect(onOpen).toHaveBeenCalledWith(ENTRIES[1]);
    await user.click(alex.getByRole('button', { name: 'Re-schedule task #1' }));
    expect(onReschedule).toHaveBeenCalledWith(ENTRIES[1]);
    // A closed task opens but is not offered for re-scheduling (the board's move rule).
    const zoe = within(screen.getByRole('region', { name: 'Zoe Field' }));
    expect(zoe.getByRole('button', { name: 'Open task #3 Job 3' })).toBeTruthy();
    expect(zoe.queryByRole('button', { name: 'Re-schedule task #3' })).toBeNull();
    expect(zoe.getByRole('button', { name: 'Re-schedule task #2' })).toBeTruthy();
  });

  it("names a plan visit's service plan beside its status, and nothing for an ordinary task", () => {
    const visit = entry('p', 7, '2026-11-25T15:00:00.000Z', '2026-11-25T16:00:00.000Z', ALEX, { plan: { id: 'plan-1', name: 'Weekly pool care' } });
    render(<AgendaView day="2026-11-25" entries={[...ENTRIES, visit]} timeZone={NY} onOpen={vi.fn()} />);
    const row = screen.getByRole('button', { name: 'Open task #7 Job 7' });
    expect(within(row).getByRole('img', { name: 'Service plan: Weekly pool care' })).toBeTruthy();
    expect(row.textContent).toContain('Weekly pool care');
    expect(within(screen.getByRole('button', { name: 'Open task #1 Job 1' })).queryByRole('img')).toBeNull();
  });

  it('offers no re-schedule without the right to write, and says when the day is empty', () => {
    const { unmount } = render(<AgendaView day="2026-11-25" entries={ENTRIES} timeZone={NY} onOpen={vi.fn()} />);
    expect(screen.queryAllByRole('button', { name: /Re-schedule/ })).toHaveLength(0);
    unmount();
    render(<AgendaView day="2026-12-01" entries={ENTRIES} timeZone={NY} onOpen={vi.fn()} />);
    expect(screen.getByText('No tasks on this day')).toBeTruthy();
  });
});
