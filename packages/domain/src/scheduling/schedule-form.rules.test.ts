import { describe, expect, it } from 'vitest';
import { needsPastStartConfirmation, scheduleSubmitDisabled, type ScheduleAssignmentDraft } from './schedule-form.rules.ts';

const draft = (d: Partial<ScheduleAssignmentDraft>): ScheduleAssignmentDraft => ({
  hasStart: true,
  assignTo: 'LATER',
  technicianId: null,
  subcontractorId: null,
  ...d,
});
const open = { reschedule: false, pending: false };

describe('scheduleSubmitDisabled', () => {
  it.each([
    ['technician chosen, none picked', draft({ assignTo: 'TECHNICIAN' }), true],
    ['technician chosen, none picked, no start', draft({ assignTo: 'TECHNICIAN', hasStart: false }), true],
    ['technician picked', draft({ assignTo: 'TECHNICIAN', technicianId: 't1' }), false],
    ['subcontractor chosen, none picked', draft({ assignTo: 'SUBCONTRACTOR' }), true],
    ['subcontractor picked', draft({ assignTo: 'SUBCONTRACTOR', subcontractorId: 's1' }), false],
    ['bids requested from nobody', draft({ assignTo: 'SUBCONTRACTOR', bidSubcontractorIds: [] }), true],
    ['bids requested from one', draft({ assignTo: 'SUBCONTRACTOR', bidSubcontractorIds: ['s1'] }), false],
    ['assign later', draft({ assignTo: 'LATER' }), false],
  ])('%s', (_, d, disabled) => {
    expect(scheduleSubmitDisabled(d, open)).toBe(disabled);
  });

  it('is disabled while a request is in flight', () => {
    expect(scheduleSubmitDisabled(draft({ assignTo: 'LATER' }), { reschedule: false, pending: true })).toBe(true);
  });
});

describe('needsPastStartConfirmation', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const NY = 'America/New_York';
  it('asks for a start on a day before today in the company zone', () => {
    expect(needsPastStartConfirmation('2026-11-20T14:00:00.000Z', null, now, NY)).toBe(true);
    // 03:00 UTC on the 26th is still the 25th in New York.
    expect(needsPastStartConfirmation('2026-11-26T03:00:00.000Z', null, now, NY)).toBe(true);
  });
  it('asks when a start is moved to another past day', () => {
    expect(needsPastStartConfirmation('2026-11-20T14:00:00.000Z', '2026-11-21T14:00:00.000Z', now, NY)).toBe(true);
  });
  it('does not ask for earlier today, a future start, no start, or an unchanged past start', () => {
    expect(needsPastStartConfirmation('2026-11-26T06:00:00.000Z', null, now, NY)).toBe(false);
    expect(needsPastStartConfirmation('2026-11-27T09:00:00.000Z', null, now, NY)).toBe(false);
    expect(needsPastStartConfirmation(null, null, now, NY)).toBe(false);
    expect(needsPastStartConfirmation('2026-11-20T09:00:00.000Z', '2026-11-20T09:00:00.000Z', now, NY)).toBe(false);
  });
});
