import { describe, expect, it } from 'vitest';
import { bucketOf, changeOf, chartBuckets, marginPercent, previousDays, resolveRange, topWithOther } from './dashboard.rules.ts';
import { DASHBOARD_MESSAGES, dashboardRangeQuery } from './dashboard.schemas.ts';

const NY = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';

describe('dashboard range query', () => {
  it('defaults to no fields (this_month is applied by resolveRange) and drops empty strings', () => {
    expect(dashboardRangeQuery.parse({})).toEqual({});
    expect(dashboardRangeQuery.parse({ from: '', to: '', preset: 'this_year' })).toEqual({ preset: 'this_year' });
  });
  it.each([
    [{ from: '2026-01-02' }, DASHBOARD_MESSAGES.toRequired],
    [{ to: '2026-01-02' }, DASHBOARD_MESSAGES.fromRequired],
    [{ from: '2026-02-02', to: '2026-02-01' }, DASHBOARD_MESSAGES.fromAfterTo],
    [{ from: '2020-01-01', to: '2026-01-01' }, DASHBOARD_MESSAGES.tooLong],
    [{ from: '2026-13-01', to: '2026-12-01' }, 'from must be a date (YYYY-MM-DD).'],
    [{ preset: 'yesterday' }, 'preset must be one of: this_week, last_week, this_month, last_month, this_quarter, last_quarter, this_year, last_year.'],
  ])('%j → %s', (q, message) => {
    const r = dashboardRangeQuery.safeParse(q);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(message);
  });
  it('accepts a one-day range and the longest one', () => {
    expect(dashboardRangeQuery.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(dashboardRangeQuery.safeParse({ from: '2024-01-01', to: '2026-12-31' }).success).toBe(true);
  });
});

describe('resolveRange', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  it('this_month in New York: local midnights, previous = February, weekly buckets', () => {
    const r = resolveRange({}, now, NY);
    expect(r).toMatchObject({
      preset: 'this_month',
      from: '2026-03-01',
      to: '2026-03-31',
      start: '2026-03-01T05:00:00.000Z',
      end: '2026-04-01T04:00:00.000Z',
      previousStart: '2026-02-01T05:00:00.000Z',
      previousEnd: '2026-03-01T05:00:00.000Z',
      bucket: 'week',
    });
  });
  it('last_quarter compares with the quarter before it; monthly buckets', () => {
    const r = resolveRange({ preset: 'last_quarter' }, now, KOLKATA);
    expect(r).toMatchObject({
      from: '2025-10-01',
      to: '2025-12-31',
      start: '2025-09-30T18:30:00.000Z',
      previousStart: '2025-06-30T18:30:00.000Z',
      previousEnd: '2025-09-30T18:30:00.000Z',
      bucket: 'month',
    });
    expect(previousDays(r)).toEqual({ from: '2025-07-01', to: '2025-09-30' });
  });
  it('this_year: previous is last year', () => {
    const r = resolveRange({ preset: 'this_year' }, now, NY);
    expect(previousDays(r)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(chartBuckets(r).map((b) => b.label)).toEqual([
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
      'Dec 2026',
    ]);
  });
  it('custom days across the spring-forward change: 23-hour day kept whole; previous is the same number of days before', () => {
    const r = resolveRange({ from: '2026-03-08', to: '2026-03-09', preset: 'this_year' }, now, NY);
    expect(r).toMatchObject({
      preset: 'custom',
      start: '2026-03-08T05:00:00.000Z',
      end: '2026-03-10T04:00:00.000Z',
      previousStart: '2026-03-06T05:00:00.000Z',
      previousEnd: '2026-03-08T05:00:00.000Z',
      bucket: 'week',
    });
    expect(previousDays(r)).toEqual({ from: '2026-03-06', to: '2026-03-07' });
  });
  it('a 63-day custom range is charted per month, 62 days per week', () => {
    expect(resolveRange({ from: '2026-01-01', to: '2026-03-04' }, now, NY).bucket).toBe('month');
    expect(resolveRange({ from: '2026-01-01', to: '2026-03-03' }, now, NY).bucket).toBe('week');
  });
});

describe('chart buckets', () => {
  it('weeks start on Sunday, the first clipped to the range', () => {
    const r = resolveRange({ from: '2026-03-04', to: '2026-03-20' }, new Date(), NY);
    const b = chartBuckets(r);
    expect(b).toEqual([
      { start: '2026-03-04', label: 'Mar 4' },
      { start: '2026-03-08', label: 'Mar 8' },
      { start: '2026-03-15', label: 'Mar 15' },
    ]);
    expect(bucketOf(b, '2026-03-07', r)).toBe(0);
    expect(bucketOf(b, '2026-03-08', r)).toBe(1);
    expect(bucketOf(b, '2026-03-20', r)).toBe(2);
    expect(bucketOf(b, '2026-03-21', r)).toBe(-1);
    expect(bucketOf(b, '2026-03-03', r)).toBe(-1);
  });
});

describe('figures', () => {
  it('change is a fraction, null against 0 or no comparison', () => {
    expect(changeOf(150, 100)).toBe(0.5);
    expect(changeOf(50, 100)).toBe(-0.5);
    expect(changeOf(5, 0)).toBeNull();
    expect(changeOf(5, null)).toBeNull();
    expect(changeOf(-50, -100)).toBe(0.5);
  });
  it('margin percent with 2 places, 0 with nothing invoiced', () => {
    expect(marginPercent(1234, 10_000)).toBe(12.34);
    expect(marginPercent(-500, 1000)).toBe(-50);
    expect(marginPercent(0, 0)).toBe(0);
  });
  it('top 5 then Other', () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: `z${i}`, name: `Z${i}`, revenue: (i + 1) * 100, jobs: 1 }));
    const top = topWithOther(rows, 5, 'Other');
    expect(top.map((r) => r.name)).toEqual(['Z6', 'Z5', 'Z4', 'Z3', 'Z2', 'Other']);
    expect(top[5]).toEqual({ id: null, name: 'Other', revenue: 300, jobs: 2 });
    expect(topWithOther(rows.slice(0, 3), 5, 'Other')).toHaveLength(3);
  });
});
