import { describe, expect, it } from 'vitest';
import { planVisitNotices, type VisitState } from './visit-notices.rules.ts';

const prefs = { remindersOn: true, reminderHours: 24, bookingConfirmation: true };
const now = new Date('2026-06-01T12:00:00Z');
const zone = 'UTC';
const visit = (over: Partial<VisitState> = {}): VisitState => ({ lifecycle: 'OPEN', startAt: '2026-06-05T09:00:00Z', assigneeKey: 'tech-1', ...over });

describe('planVisitNotices', () => {
  it('a first schedule with an assignee: a reminder a day ahead, a booking confirmation and the technician told', () => {
    const plan = planVisitNotices(visit({ startAt: null, assigneeKey: null }), visit(), prefs, now, zone);
    expect(plan).toEqual({ reminderAt: new Date('2026-06-04T09:00:00Z'), booking: true, assignment: true });
  });

  it('a re-schedule moves the reminder, books nothing again and tells the technician', () => {
    const plan = planVisitNotices(visit(), visit({ startAt: '2026-06-06T10:00:00Z' }), prefs, now, zone);
    expect(plan).toEqual({ reminderAt: new Date('2026-06-05T10:00:00Z'), booking: false, assignment: true });
  });

  it('an edit that changes neither time nor assignee keeps the reminder and tells nobody', () => {
    expect(planVisitNotices(visit(), visit(), prefs, now, zone)).toEqual({ reminderAt: new Date('2026-06-04T09:00:00Z'), booking: false, assignment: false });
  });

  it.each([
    ['cancelled', visit({ lifecycle: 'CANCELLED' })],
    ['closed', visit({ lifecycle: 'CLOSED' })],
    ['clocked in', visit({ lifecycle: 'CLOCKED_IN' })],
    ['unscheduled', visit({ startAt: null })],
  ])('%s: no reminder and no notice', (_name, after) => {
    expect(planVisitNotices(visit(), after, prefs, now, zone)).toEqual({ reminderAt: null, booking: false, assignment: false });
  });

  it('unassigned: no reminder, no technician; the booking still confirms the time to the customer', () => {
    expect(planVisitNotices(null, visit({ assigneeKey: null }), prefs, now, zone)).toEqual({ reminderAt: null, booking: true, assignment: false });
  });

  it('booked inside the reminder window: no reminder', () => {
    expect(planVisitNotices(null, visit({ startAt: '2026-06-02T09:00:00Z' }), prefs, now, zone).reminderAt).toBeNull();
  });

  it('reminders and booking confirmations off', () => {
    const plan = planVisitNotices(null, visit(), { ...prefs, remindersOn: false, bookingConfirmation: false }, now, zone);
    expect(plan).toEqual({ reminderAt: null, booking: false, assignment: true });
  });
});
