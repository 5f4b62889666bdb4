import { describe, expect, it } from 'vitest';
import { calendarEdit, CALENDAR_EDIT, findClash, previewCards, type ClashEntry } from './calendar.rules.ts';
import { TASK_STATUSES } from '../tasks/task-status.rules.ts';

const entry = (id: string, n: number, start: string, end: string, assignee: string | null, status: ClashEntry['status'] = 'UPCOMING'): ClashEntry => ({
  id,
  taskNumber: n,
  startTime: start,
  endTime: end,
  status,
  assignedTo: assignee ? { id: assignee } : null,
});

describe('calendar edit rules', () => {
  it('refuses resizing CLOSED and dragging CLOCKED_IN, CLOCKED_OUT and CLOSED; allows the rest', () => {
    expect(CALENDAR_EDIT.CLOSED).toEqual({ move: false, resize: false });
    expect(CALENDAR_EDIT.CLOCKED_IN).toEqual({ move: false, resize: true });
    expect(CALENDAR_EDIT.CLOCKED_OUT).toEqual({ move: false, resize: true });
    for (const s of ['OPEN', 'UPCOMING', 'AWAITING_START', 'MISSED'] as const) expect(CALENDAR_EDIT[s]).toEqual({ move: true, resize: true });
    expect(Object.keys(CALENDAR_EDIT).sort()).toEqual([...TASK_STATUSES].sort());
  });
  it('gives a viewer without tasks.write nothing', () => {
    expect(calendarEdit('OPEN', false)).toEqual({ move: false, resize: false });
    expect(calendarEdit('OPEN', true)).toEqual({ move: true, resize: true });
  });
});

describe('findClash', () => {
  const a = 'tech-a';
  const entries = [
    entry('1', 101, '2026-11-23T09:00:00.000Z', '2026-11-23T11:00:00.000Z', a),
    entry('2', 102, '2026-11-23T12:00:00.000Z', '2026-11-23T13:00:00.000Z', 'tech-b'),
    entry('3', 103, '2026-11-23T14:00:00.000Z', '2026-11-23T15:00:00.000Z', a, 'CANCELLED'),
  ];
  it('names the other task of the same assignee that overlaps', () => {
    expect(findClash(entries, { id: 'x', assigneeId: a, start: '2026-11-23T10:30:00.000Z', end: '2026-11-23T12:00:00.000Z' })).toEqual({
      kind: 'task',
      taskNumber: 101,
    });
  });
  it('treats intervals as half-open, ignores the task itself, other people, cancelled tasks and unassigned moves', () => {
    expect(findClash(entries, { id: 'x', assigneeId: a, start: '2026-11-23T11:00:00.000Z', end: '2026-11-23T12:00:00.000Z' })).toBeNull();
    expect(findClash(entries, { id: '1', assigneeId: a, start: '2026-11-23T09:30:00.000Z', end: '2026-11-23T10:00:00.000Z' })).toBeNull();
    expect(findClash(entries, { id: 'x', assigneeId: a, start: '2026-11-23T12:00:00.000Z', end: '2026-11-23T12:30:00.000Z' })).toBeNull();
    expect(findClash(entries, { id: 'x', assigneeId: a, start: '2026-11-23T14:00:00.000Z', end: '2026-11-23T14:30:00.000Z' })).toBeNull();
    expect(findClash(entries, { id: 'x', assigneeId: null, start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T10:00:00.000Z' })).toBeNull();
  });
  it("sees the person's time off", () => {
    const off = [{ userId: a, startDateTime: '2026-11-24T00:00:00.000Z', endDateTime: '2026-11-25T00:00:00.000Z' }];
    expect(findClash(entries, { id: 'x', assigneeId: a, start: '2026-11-24T10:00:00.000Z', end: '2026-11-24T11:00:00.000Z' }, off)).toEqual({
      kind: 'timeOff',
    });
    expect(findClash(entries, { id: 'x', assigneeId: 'tech-b', start: '2026-11-24T10:00:00.000Z', end: '2026-11-24T11:00:00.000Z' }, off)).toBeNull();
  });
});

describe('previewCards', () => {
  it('shows both cards to office readers, none to technicians, and a subcontractor only on its own task', () => {
    expect(previewCards({ role: 'Staff', access: 'onlyViewAccess' }, { assignedTo: 'TECHNICIAN', isOwnTask: false })).toEqual({
      estimates: true,
      invoices: true,
    });
    expect(previewCards({ role: 'Technician', access: 'noAccess' }, { assignedTo: 'TECHNICIAN', isOwnTask: true })).toEqual({
      estimates: false,
      invoices: false,
    });
    expect(previewCards({ role: 'SubContractor', access: 'noAccess' }, { assignedTo: 'SUBCONTRACTOR', isOwnTask: true })).toEqual({
      estimates: true,
      invoices: true,
    });
    expect(previewCards({ role: 'SubContractor', access: 'noAccess' }, { assignedTo: 'SUBCONTRACTOR', isOwnTask: false })).toEqual({
      estimates: false,
      invoices: false,
    });
  });
});
