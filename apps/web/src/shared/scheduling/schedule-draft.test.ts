import { describe, expect, it } from 'vitest';
import { initialDraft, scheduleRequest, submitDisabled, withAllDay, withStart, type ScheduleDraft } from './schedule-draft';

const NY = 'America/New_York';
const draft = (over: Partial<ScheduleDraft> = {}): ScheduleDraft => ({
  start: '',
  end: '',
  allDay: false,
  mode: 'TECHNICIAN',
  subMode: 'ASSIGN',
  technicianId: null,
  subcontractorId: null,
  bidSubcontractorIds: [],
  ...over,
});
const task = { id: 't', taskScheduler: null, assignedTo: 'NONE', assignedUser: null, assignedSubcontractor: null, version: 3 } as const;

describe('schedule draft', () => {
  it.each([
    ['2026-11-25T09:00', '', '2026-11-25T11:00'],
    ['2026-11-01T00:30', '', '2026-11-01T01:30'], // 2 real hours across the fall-back hour: 00:30 EDT → 01:30 EST
    ['2026-03-08T01:30', '', '2026-03-08T04:30'], // spring forward: 01:30 EST → 04:30 EDT
    ['2026-11-25T09:00', '2026-11-25T17:00', '2026-11-25T17:00'],
    ['2026-11-25T18:00', '2026-11-25T17:00', '2026-11-25T20:00'],
  ])('start %s with end %j → end %s', (start, end, expected) => expect(withStart(draft({ end }), start, NY).end).toBe(expected));

  it('all day is 00:00–23:59 of the start day and sticks when the start moves', () => {
    const on = withAllDay(draft({ start: '2026-11-01T10:00' }), true, NY);
    expect([on.start, on.end]).toEqual(['2026-11-01T00:00', '2026-11-01T23:59']);
    expect(scheduleRequest(task, { ...on, mode: 'LATER' }, NY)?.body).toMatchObject({
      startDateTime: '2026-11-01T04:00:00.000Z',
      expectedEndDateTime: '2026-11-02T04:59:00.000Z',
    });
    const moved = withStart(on, '2026-11-03T08:00', NY);
    expect([moved.start, moved.end]).toEqual(['2026-11-03T00:00', '2026-11-03T23:59']);
  });

  it('opens with "All day Task" ticked for a task scheduled 00:00–23:59 of its day, and unticked otherwise', () => {
    const at = (start: string, end: string) => ({ ...task, taskScheduler: { id: 's1', startDateTime: start, expectedEndDateTime: end, endDateTime: null } });
    expect(initialDraft(at('2026-11-25T05:00:00.000Z', '2026-11-26T04:59:00.000Z'), NY)).toMatchObject({
      allDay: true,
      start: '2026-11-25T00:00',
      end: '2026-11-25T23:59',
    });
    expect(initialDraft(at('2026-11-25T05:00:00.000Z', '2026-11-25T07:00:00.000Z'), NY).allDay).toBe(false);
    expect(initialDraft(task, NY).allDay).toBe(false);
  });

  it.each<[Partial<ScheduleDraft>, { reschedule: boolean; pending: boolean }, boolean]>([
    [{ start: '2026-11-25T09:00' }, { reschedule: false, pending: false }, true],
    [{ start: '2026-11-25T09:00', technicianId: 'u' }, { reschedule: false, pending: false }, false],
    [{ start: '2026-11-25T09:00', technicianId: 'u' }, { reschedule: false, pending: true }, true],
    [{ mode: 'SUBCONTRACTOR' }, { reschedule: true, pending: false }, true],
    [{ mode: 'SUBCONTRACTOR', subcontractorId: 's' }, { reschedule: true, pending: false }, false],
    [{ mode: 'LATER', start: '2026-11-25T09:00' }, { reschedule: false, pending: false }, false],
    [{ mode: 'LATER' }, { reschedule: true, pending: true }, true],
    [{ mode: 'SUBCONTRACTOR', subMode: 'REQUEST_BIDS' }, { reschedule: false, pending: false }, true],
    [{ mode: 'SUBCONTRACTOR', subMode: 'REQUEST_BIDS', bidSubcontractorIds: ['a'] }, { reschedule: false, pending: false }, false],
  ])('submit disabled for %j %j → %s', (over, o, expected) => expect(submitDisabled(draft(over), o)).toBe(expected));

  it('leaves invalid dates out and chooses POST or PUT by the schedule', () => {
    expect(scheduleRequest(task, draft({ start: 'nope' }), NY)).toBeNull();
    expect(scheduleRequest(task, draft({ start: '2026-11-25T09:00', end: 'bad', technicianId: 'u' }), NY)).toEqual({
      kind: 'create',
      body: {
        taskId: 't',
        startDateTime: '2026-11-25T14:00:00.000Z',
        expectedEndDateTime: null,
        isAssigned: true,
        assignedTo: 'TECHNICIAN',
        assignedTechnicianId: 'u',
      },
    });
    const scheduled = { ...task, taskScheduler: { id: 's1', startDateTime: '2026-11-25T14:00:00.000Z', expectedEndDateTime: null, endDateTime: null } };
    const d = initialDraft(scheduled, NY);
    expect(d).toMatchObject({ start: '2026-11-25T09:00', end: '', mode: 'LATER' });
    expect(scheduleRequest(scheduled, d, NY)).toEqual({
      kind: 'reschedule',
      scheduleId: 's1',
      body: { startDateTime: '2026-11-25T14:00:00.000Z', expectedEndDateTime: null, version: 3 },
    });
    const versioned = { ...scheduled, taskScheduler: { ...scheduled.taskScheduler, version: 7 } };
    expect(scheduleRequest(versioned, d, NY)?.body).toMatchObject({ version: 7 });
  });

  it('requests bids unassigned: SUBCONTRACTOR with bidRequestSentTo and no assignedSubcontractorId', () => {
    const d = draft({
      start: '2026-11-25T09:00',
      end: '2026-11-25T11:00',
      mode: 'SUBCONTRACTOR',
      subMode: 'REQUEST_BIDS',
      subcontractorId: 'x',
      bidSubcontractorIds: ['a', 'b'],
    });
    expect(scheduleRequest(task, d, NY)?.body).toEqual({
      taskId: 't',
      startDateTime: '2026-11-25T14:00:00.000Z',
      expectedEndDateTime: '2026-11-25T16:00:00.000Z',
      isAssigned: false,
      assignedTo: 'SUBCONTRACTOR',
      bidRequestSentTo: ['a', 'b'],
    });
  });
});
