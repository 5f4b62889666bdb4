import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoardEntry } from './board.types';
import { DayTaskList, entriesOfDay } from './day-task-list';
import { UNASSIGNED_COLOUR } from './scheduler-colours';

const NY = 'America/New_York';
const entry = (id: string, n: number, start: string, end: string): BoardEntry => ({
  id,
  taskNumber: n,
  name: `Job ${n}`,
  startTime: start,
  endTime: end,
  startMs: Date.parse(start),
  endMs: Date.parse(end),
  assignedTo: null,
  status: 'OPEN',
  displayStatus: 'Open',
  job: { id: 'j', jobNumber: 1 },
  customer: { id: 'c', name: 'Northwind' },
  scheduleId: `s${id}`,
  scheduleVersion: 1,
  assigneeName: null,
  colour: UNASSIGNED_COLOUR,
  edit: { move: true, resize: true },
});

// 25 Nov in New York runs 05:00Z to 05:00Z the next day.
const ENTRIES = [
  entry('b', 2, '2026-11-25T18:00:00.000Z', '2026-11-25T19:00:00.000Z'),
  entry('a', 1, '2026-11-25T14:00:00.000Z', '2026-11-25T15:00:00.000Z'),
  entry('x', 3, '2026-11-26T06:00:00.000Z', '2026-11-26T07:00:00.000Z'),
  entry('m', 4, '2026-11-24T23:00:00.000Z', '2026-11-25T06:00:00.000Z'),
];

describe('DayTaskList', () => {
  it('lists the day’s tasks in the tenant zone, by start, including one running over midnight', () => {
    expect(entriesOfDay(ENTRIES, '2026-11-25', NY).map((e) => e.taskNumber)).toEqual([4, 1, 2]);
  });

  it('shows time, number, name and status, and opens a task on tap', async () => {
    const onOpen = vi.fn();
    render(<DayTaskList day="2026-11-25" entries={ENTRIES} timeZone={NY} onOpen={onOpen} />);
    expect(screen.getByText('(3)')).toBeTruthy();
    const row = screen.getByRole('button', { name: /#1 Job 1/ });
    expect(row.textContent).toContain('9:00 AM');
    expect(row.textContent).toContain('Open');
    await userEvent.setup().click(row);
    expect(onOpen).toHaveBeenCalledWith(ENTRIES[1]);
  });
});
