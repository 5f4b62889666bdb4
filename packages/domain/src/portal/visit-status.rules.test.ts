import { describe, expect, it } from 'vitest';
import { TASK_LIFECYCLES } from '../tasks/task-status.rules.ts';
import {
  arrivalText,
  VISIT_LINK_DAYS_AFTER,
  VISIT_STATUS_TEXT,
  VISIT_STATUSES,
  visitLinkExpiry,
  visitStatus,
  type VisitFacts,
  type VisitStatus,
} from './visit-status.rules.ts';

const NOW = new Date('2026-11-27T15:02:00.000Z'); // 10:02 AM in New York
const SOON = { from: '2026-11-27T15:20:00.000Z', to: '2026-11-27T15:40:00.000Z' };
const LATE = { from: '2026-11-27T14:30:00.000Z', to: '2026-11-27T14:50:00.000Z' };
const YESTERDAY = { from: '2026-11-26T01:00:00.000Z', to: '2026-11-26T01:20:00.000Z' };

describe('the visit status a customer sees', () => {
  const cases: [VisitFacts, VisitStatus, string][] = [
    [{ lifecycle: 'OPEN', arrival: null }, 'SCHEDULED', 'no "on my way" yet'],
    [{ lifecycle: 'OPEN', arrival: SOON }, 'ON_THE_WAY', 'on my way told, window to come'],
    [{ lifecycle: 'OPEN', arrival: LATE }, 'ON_THE_WAY', 'running late: the window passed minutes ago, still on the way'],
    [{ lifecycle: 'OPEN', arrival: YESTERDAY }, 'SCHEDULED', 'an "on my way" from yesterday is old news (the visit was moved)'],
    [{ lifecycle: 'CLOCKED_IN', arrival: SOON }, 'IN_PROGRESS', 'clocked in'],
    [{ lifecycle: 'CLOCKED_IN', arrival: null }, 'IN_PROGRESS', 'clocked in without an "on my way"'],
    [{ lifecycle: 'CLOCKED_OUT', arrival: SOON }, 'IN_PROGRESS', 'clocked out, not closed: the work is begun, not finished'],
    [{ lifecycle: 'CLOSED', arrival: SOON }, 'DONE', 'closed'],
    [{ lifecycle: 'CANCELLED', arrival: SOON }, 'CANCELLED', 'cancelled after an "on my way"'],
    [{ lifecycle: 'CANCELLED', arrival: null }, 'CANCELLED', 'cancelled'],
  ];
  it.each(cases)('%j is %s (%s)', (facts, expected) => {
    expect(visitStatus(facts, NOW)).toBe(expected);
  });

  it('has an answer for every lifecycle and a label and explanation for every status', () => {
    for (const lifecycle of TASK_LIFECYCLES) expect(VISIT_STATUSES).toContain(visitStatus({ lifecycle, arrival: null }, NOW));
    expect(VISIT_STATUSES.map((s) => VISIT_STATUS_TEXT[s].label)).toEqual(['Scheduled', 'On the way', 'In progress', 'Done', 'Cancelled']);
    for (const s of VISIT_STATUSES) expect(VISIT_STATUS_TEXT[s].explanation.length).toBeGreaterThan(10);
  });

  it('reads the arrival window in the company’s zone', () => {
    expect(arrivalText(new Date(SOON.from), new Date(SOON.to), 'America/New_York')).toBe('Arriving between 10:20 and 10:40 AM');
    expect(arrivalText(new Date(SOON.from), new Date(SOON.to), 'Europe/London')).toBe('Arriving between 3:20 and 3:40 PM');
  });
});

describe('how long a visit link works', () => {
  const days = (n: number) => n * 86_400_000;
  it(`works until ${VISIT_LINK_DAYS_AFTER} days after the visit's expected end`, () => {
    const end = '2026-12-03T17:00:00.000Z';
    expect(visitLinkExpiry({ startAt: '2026-12-03T15:00:00.000Z', expectedEndAt: end }, NOW)).toBe(new Date(Date.parse(end) + days(7)).toISOString());
  });
  it('counts from the start when the visit has no expected end', () => {
    const start = '2026-12-03T15:00:00.000Z';
    expect(visitLinkExpiry({ startAt: start, expectedEndAt: null }, NOW)).toBe(new Date(Date.parse(start) + days(7)).toISOString());
  });
  it('counts from the sending when the visit is unscheduled or already over', () => {
    const sevenDaysOn = new Date(NOW.getTime() + days(7)).toISOString();
    expect(visitLinkExpiry({ startAt: null, expectedEndAt: null }, NOW)).toBe(sevenDaysOn);
    expect(visitLinkExpiry({ startAt: '2026-11-01T15:00:00.000Z', expectedEndAt: '2026-11-01T17:00:00.000Z' }, NOW)).toBe(sevenDaysOn);
  });
});
