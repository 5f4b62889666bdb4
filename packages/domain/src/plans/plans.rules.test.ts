import { describe, expect, it } from 'vitest';
import {
  billingPeriods,
  generatedVisitAssignee,
  previewVisits,
  renewalReminderDate,
  canMovePlan,
  horizonEnd,
  PLAN_MESSAGES,
  PLAN_STATUSES,
  planOccurrenceKey,
  planStatusAction,
  pushBack,
  recurringRevenue,
  splitRecurrence,
  yearlyValue,
  type PlanStatus,
} from './plans.rules.ts';
import { occurrences } from './recurrence.rules.ts';
import { rec } from './recurrence.fixture.ts';

describe('plan status machine', () => {
  const allowed: [PlanStatus, PlanStatus][] = [
    ['active', 'paused'],
    ['active', 'ended'],
    ['paused', 'active'],
    ['paused', 'ended'],
  ];
  it.each(PLAN_STATUSES.flatMap((from) => PLAN_STATUSES.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    expect(canMovePlan(from, to)).toBe(allowed.some(([a, b]) => a === from && b === to));
  });

  it('says why an action is refused', () => {
    expect(planStatusAction('active', 'pause')).toEqual({ allowed: true, next: 'paused' });
    expect(planStatusAction('paused', 'resume')).toEqual({ allowed: true, next: 'active' });
    expect(planStatusAction('paused', 'end')).toEqual({ allowed: true, next: 'ended' });
    expect(planStatusAction('active', 'resume')).toEqual({ allowed: false, reason: 'A plan that is active cannot resume.' });
    expect(planStatusAction('paused', 'pause')).toEqual({ allowed: false, reason: 'A plan that is paused cannot pause.' });
    expect(planStatusAction('ended', 'resume')).toEqual({ allowed: false, reason: PLAN_MESSAGES.ended });
  });

  it('names how many visits ending a plan cancels', () => {
    expect(PLAN_MESSAGES.endConfirmation(0)).toBe('End this plan? It has no upcoming visits.');
    expect(PLAN_MESSAGES.endConfirmation(1)).toBe('End this plan? 1 upcoming visit will be cancelled.');
    expect(PLAN_MESSAGES.endConfirmation(12)).toBe('End this plan? 12 upcoming visits will be cancelled.');
  });
});

describe('yearlyValue', () => {
  const zone = 'America/New_York';
  const asOf = '2026-11-27T15:00:00Z';
  it.each<[string, Parameters<typeof yearlyValue>[0], number]>([
    ['per visit, weekly on Monday: 52 visits', { billing: 'per_visit', priceCents: 8_000, recurrence: rec({}) }, 52 * 8_000],
    [
      'per visit, every 3 months on the 15th: 4 visits',
      { billing: 'per_visit', priceCents: 25_000, recurrence: rec({ frequency: 'monthly', interval: 3, weekdays: [], monthDay: { kind: 'day', day: 15 } }) },
      4 * 25_000,
    ],
    [
      'per visit, daily: 365 visits, past the 100 a listing holds',
      { billing: 'per_visit', priceCents: 1_000, recurrence: rec({ frequency: 'daily', weekdays: [] }) },
      365 * 1_000,
    ],
    [
      'per visit, spring and autumn',
      {
        billing: 'per_visit',
        priceCents: 15_000,
        recurrence: rec({ frequency: 'yearly', weekdays: [], monthDay: { kind: 'day', day: 1 }, months: [3, 4, 9, 10] }),
      },
      4 * 15_000,
    ],
    ['per visit, an end date does not shorten the rate', { billing: 'per_visit', priceCents: 8_000, recurrence: rec({ endDate: '2026-12-31' }) }, 52 * 8_000],
    ['monthly: 12 periods', { billing: 'monthly', priceCents: 4_999, recurrence: rec({}) }, 12 * 4_999],
    ['quarterly: 4 periods', { billing: 'quarterly', priceCents: 30_000, recurrence: rec({}) }, 4 * 30_000],
    ['yearly: 1 period', { billing: 'yearly', priceCents: 99_900, recurrence: rec({}) }, 99_900],
  ])('%s', (_, plan, cents) => {
    expect(yearlyValue(plan, zone, asOf)).toBe(cents);
  });

  it('counts a plan that starts later from its start', () => {
    const plan = {
      billing: 'per_visit' as const,
      priceCents: 100,
      recurrence: rec({ frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 1 }, startDate: '2027-06-01' }),
    };
    expect(yearlyValue(plan, zone, asOf)).toBe(12 * 100);
  });
});

describe('recurringRevenue', () => {
  const zone = 'America/New_York';
  const asOf = '2026-11-27T15:00:00Z';
  it("adds up the active plans' yearly values; paused and ended plans bring nothing in", () => {
    const weekly = { billing: 'per_visit' as const, priceCents: 8_000, recurrence: rec({}) };
    const monthly = { billing: 'monthly' as const, priceCents: 4_999, recurrence: rec({}) };
    const plans = [
      { ...weekly, status: 'active' as const },
      { ...monthly, status: 'active' as const },
      { ...monthly, status: 'paused' as const },
      { ...weekly, status: 'ended' as const },
    ];
    expect(recurringRevenue(plans, zone, asOf)).toBe(52 * 8_000 + 12 * 4_999);
    expect(recurringRevenue(plans, zone, asOf)).toBe(yearlyValue(weekly, zone, asOf) + yearlyValue(monthly, zone, asOf));
    expect(recurringRevenue([], zone, asOf)).toBe(0);
  });
});

describe('horizon and keys', () => {
  it('ends the horizon at the end of the local day before the same date 12 months on', () => {
    expect(horizonEnd('2026-11-27T15:00:00Z', 'America/New_York').toISOString()).toBe('2027-11-27T04:59:59.999Z');
    expect(horizonEnd('2026-11-27T15:00:00Z', 'Pacific/Auckland').toISOString()).toBe('2027-11-27T10:59:59.999Z');
  });

  it('keys one visit per plan and occurrence', () => {
    expect(planOccurrenceKey('6d0f5d1e-0000-4000-8000-000000000001', '2027-03-15')).toBe('6d0f5d1e-0000-4000-8000-000000000001:2027-03-15');
    expect(planOccurrenceKey('a', '2027-03-15')).not.toBe(planOccurrenceKey('a', '2027-03-16'));
  });
});

describe('pushBack', () => {
  const zone = 'America/New_York';
  const visits = occurrences(rec({ weekdays: ['MO'], startDate: '2026-02-23' }), zone, { from: '2026-02-01T00:00Z', limit: 4 }).map((o, i) => ({
    id: `v${i}`,
    startsAt: o.startsAt,
    endsAt: o.endsAt,
    started: i === 1,
  }));

  it('moves un-started visits from the date on by N local days at the same wall-clock time, across a DST change', () => {
    // Mondays Feb 23, Mar 2 (started), Mar 9, Mar 16; New York springs forward on Mar 8.
    const moves = pushBack(visits, '2026-03-02', 3, zone);
    expect(moves.map((m) => [m.id, m.startsAt.toISOString(), m.endsAt.toISOString()])).toEqual([
      ['v2', '2026-03-12T12:00:00.000Z', '2026-03-12T14:00:00.000Z'],
      ['v3', '2026-03-19T12:00:00.000Z', '2026-03-19T14:00:00.000Z'],
    ]);
    const across = pushBack(visits, '2026-02-23', 14, zone);
    expect(across[0]).toEqual({ id: 'v0', startsAt: new Date('2026-03-09T12:00:00.000Z'), endsAt: new Date('2026-03-09T14:00:00.000Z') }); // 08:00 EDT, was 08:00 EST
  });
});

describe('splitRecurrence (this and following)', () => {
  it('ends the old rule the day before and starts the new one on the date', () => {
    const current = rec({ weekdays: ['MO'], startDate: '2026-01-05' });
    const changed = rec({ weekdays: ['TH'], startDate: '2026-01-05', time: '10:00' });
    expect(splitRecurrence(current, changed, '2026-03-01')).toEqual({
      before: { ...current, endDate: '2026-02-28' },
      after: { ...changed, startDate: '2026-03-01' },
    });
    expect(splitRecurrence(current, changed, '2026-01-05').before).toBeNull();
  });
});

describe('billingPeriods', () => {
  it('runs monthly periods from the start day, clamped in short months, and ends the last with the plan', () => {
    expect(billingPeriods('monthly', { startDate: '2026-01-31', endDate: '2026-04-15' }, '2026-01-01', '2026-12-31')).toEqual([
      { start: '2026-01-31', end: '2026-02-27' },
      { start: '2026-02-28', end: '2026-03-30' },
      { start: '2026-03-31', end: '2026-04-15' },
    ]);
  });

  it('runs quarterly and yearly periods', () => {
    expect(billingPeriods('quarterly', { startDate: '2026-02-15', endDate: null }, '2026-05-01', '2026-12-31')).toEqual([
      { start: '2026-05-15', end: '2026-08-14' },
      { start: '2026-08-15', end: '2026-11-14' },
      { start: '2026-11-15', end: '2027-02-14' },
    ]);
    expect(billingPeriods('yearly', { startDate: '2024-02-29', endDate: null }, '2025-01-01', '2026-12-31')).toEqual([
      { start: '2025-02-28', end: '2026-02-27' },
      { start: '2026-02-28', end: '2027-02-27' },
    ]);
  });
});

describe('preview, renewal and generated visits', () => {
  it('previews the next ten visits from now', () => {
    const preview = previewVisits(rec({ weekdays: ['MO', 'TH'] }), 'Europe/Berlin', '2026-11-27T12:00:00Z');
    expect(preview.map((o) => o.localDate)).toEqual([
      '2026-11-30',
      '2026-12-03',
      '2026-12-07',
      '2026-12-10',
      '2026-12-14',
      '2026-12-17',
      '2026-12-21',
      '2026-12-24',
      '2026-12-28',
      '2026-12-31',
    ]);
  });

  it('reminds the office N days before the end date, never before the start', () => {
    expect(renewalReminderDate({ startDate: '2026-01-01', endDate: '2026-12-31' }, 30)).toBe('2026-12-01');
    expect(renewalReminderDate({ startDate: '2026-12-15', endDate: '2026-12-31' }, 30)).toBe('2026-12-15');
    expect(renewalReminderDate({ startDate: '2026-01-01', endDate: null }, 30)).toBeNull();
    expect(renewalReminderDate({ startDate: '2026-01-01', endDate: '2026-12-31' }, null)).toBeNull();
  });

  it('leaves a visit unassigned, needing attention, when its person is busy in the slot', () => {
    const tech = { technicianId: 't1', subcontractorId: null };
    expect(generatedVisitAssignee(tech, false)).toEqual({ ...tech, needsAttention: false });
    expect(generatedVisitAssignee(tech, true)).toEqual({ technicianId: null, subcontractorId: null, needsAttention: true });
    expect(generatedVisitAssignee({ technicianId: null, subcontractorId: 's1' }, true)).toEqual({
      technicianId: null,
      subcontractorId: null,
      needsAttention: true,
    });
    expect(generatedVisitAssignee({ technicianId: null, subcontractorId: null }, true)).toEqual({
      technicianId: null,
      subcontractorId: null,
      needsAttention: false,
    });
  });
});
