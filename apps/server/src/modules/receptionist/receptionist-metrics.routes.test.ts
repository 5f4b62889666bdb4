import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ROLE_CASES, type Session, type TestApp } from '../../test-support/test-app.ts';

/**
 * The metrics against figures worked out here from the posted calls: days by Intl in the company's zone
 * (America/New_York, whose clocks go forward on 2026-03-08), not by the server's code.
 */
let t: TestApp;
let tenantId: string;
let admin: Session;
const ZONE = 'America/New_York';

type Posted = { startedAt: string; endedAt: string; outcome: string };
const calls: Posted[] = [
  // Just before the range: 2026-03-06 23:59:59 EST.
  { startedAt: '2026-03-07T04:59:59Z', endedAt: '2026-03-07T05:04:59Z', outcome: 'BOOKED' },
  // 2026-03-07 00:00 EST, first instant of the range.
  { startedAt: '2026-03-07T05:00:00Z', endedAt: '2026-03-07T05:02:00Z', outcome: 'BOOKED' },
  { startedAt: '2026-03-07T16:00:00Z', endedAt: '2026-03-07T16:00:00Z', outcome: 'MISSED' },
  // 2026-03-07 23:30 EST (still the 7th there, the 8th in UTC).
  { startedAt: '2026-03-08T04:30:00Z', endedAt: '2026-03-08T04:31:30Z', outcome: 'LEAD_CREATED' },
  // 2026-03-08 03:30 EDT, after the clocks went forward.
  { startedAt: '2026-03-08T07:30:00Z', endedAt: '2026-03-08T07:40:00Z', outcome: 'INFORMATION' },
  { startedAt: '2026-03-08T20:00:00Z', endedAt: '2026-03-08T20:00:45Z', outcome: 'SPAM' },
  // 2026-03-09 23:59 EDT, last minute of the range.
  { startedAt: '2026-03-10T03:59:00Z', endedAt: '2026-03-10T04:03:00Z', outcome: 'BOOKED' },
  // 2026-03-10 00:00 EDT, just after it.
  { startedAt: '2026-03-10T04:00:00Z', endedAt: '2026-03-10T04:05:00Z', outcome: 'MISSED' },
];

const dayOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  await t.db.updateTable('tenants').set({ time_zone: ZONE }).where('id', '=', tenantId).execute();
  const { secret } = (await t.call('POST', '/api/tokens', admin.cookie, { name: 'Phone', scope: 'receptionist' })).json().data;
  for (const [i, c] of calls.entries()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/receptionist/calls',
      headers: { authorization: `Bearer ${secret}` },
      payload: { externalCallId: `m-${i}`, callerNumber: '555-0100', ...c },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // Another company's calls on the same days count nowhere here.
  const other = await t.newCompany();
  const otherToken = (await t.call('POST', '/api/tokens', other.admin.cookie, { name: 'Phone', scope: 'receptionist' })).json().data.secret;
  await t.app.inject({
    method: 'POST',
    url: '/api/receptionist/calls',
    headers: { authorization: `Bearer ${otherToken}` },
    payload: { externalCallId: 'o-1', callerNumber: '1', ...calls[1]! },
  });
});
afterAll(async () => t.close());

describe('GET /api/dashboard/ai-receptionist-metrics', () => {
  it('counts the calls of the company days asked for, in its zone', async () => {
    const res = await t.call('GET', '/api/dashboard/ai-receptionist-metrics?from=2026-03-07&to=2026-03-09', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const inRange = calls.filter((c) => dayOf(c.startedAt) >= '2026-03-07' && dayOf(c.startedAt) <= '2026-03-09');
    expect(inRange).toHaveLength(6);
    const count = (o: string) => inRange.filter((c) => c.outcome === o).length;
    const handled = inRange.filter((c) => c.outcome !== 'MISSED');
    const seconds = handled.map((c) => (Date.parse(c.endedAt) - Date.parse(c.startedAt)) / 1000);
    const days = ['2026-03-07', '2026-03-08', '2026-03-09'].map((day) => {
      const of = inRange.filter((c) => dayOf(c.startedAt) === day);
      return { day, calls: of.length, booked: of.filter((c) => c.outcome === 'BOOKED').length, missed: of.filter((c) => c.outcome === 'MISSED').length };
    });
    const body = res.json();
    expect(body).toMatchObject({
      totalCalls: inRange.length,
      callsHandled: handled.length,
      booked: count('BOOKED'),
      leadsCreated: count('LEAD_CREATED'),
      information: count('INFORMATION'),
      missed: count('MISSED'),
      spam: count('SPAM'),
      averageDurationSeconds: Math.round(seconds.reduce((a, b) => a + b, 0) / seconds.length),
      byDay: days,
    });
    // Spelled out, so a wrong day boundary cannot hide behind the same mistake twice.
    expect(body.byDay).toEqual([
      { day: '2026-03-07', calls: 3, booked: 1, missed: 1 },
      { day: '2026-03-08', calls: 2, booked: 0, missed: 0 },
      { day: '2026-03-09', calls: 1, booked: 1, missed: 0 },
    ]);
    expect(body.averageDurationSeconds).toBe(Math.round((120 + 90 + 600 + 45 + 240) / 5));
    expect(body.range).toMatchObject({
      preset: 'custom',
      from: '2026-03-07',
      to: '2026-03-09',
      start: '2026-03-07T05:00:00.000Z',
      end: '2026-03-10T04:00:00.000Z',
      timeZone: ZONE,
    });
  });

  it('answers zeros for a quiet range and a preset range with every day listed', async () => {
    const quiet = (await t.call('GET', '/api/dashboard/ai-receptionist-metrics?from=2025-01-01&to=2025-01-02', admin.cookie)).json();
    expect(quiet).toMatchObject({
      totalCalls: 0,
      callsHandled: 0,
      averageDurationSeconds: 0,
      byDay: [
        { day: '2025-01-01', calls: 0, booked: 0, missed: 0 },
        { day: '2025-01-02', calls: 0, booked: 0, missed: 0 },
      ],
    });
    const week = await t.call('GET', '/api/dashboard/ai-receptionist-metrics?preset=last_week', admin.cookie);
    expect(week.statusCode).toBe(200);
    expect(week.json().byDay).toHaveLength(7);
  });

  it('answers 400 for a bad range and refuses field roles and no-access staff (403)', async () => {
    const bad = await t.call('GET', '/api/dashboard/ai-receptionist-metrics?from=2026-03-09&to=2026-03-07', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('from must be on or before to.');
    expect((await t.call('GET', '/api/dashboard/ai-receptionist-metrics')).statusCode).toBe(401);
    for (const c of ROLE_CASES) {
      const s = await t.signInAs(tenantId, c.role, c.access);
      const expected = ['Technician', 'SubContractor', 'Staff noAccess'].includes(c.label) ? 403 : 200;
      expect((await t.call('GET', '/api/dashboard/ai-receptionist-metrics', s.cookie)).statusCode, c.label).toBe(expected);
      expect((await t.call('GET', '/api/dashboard/asset-distribution', s.cookie)).statusCode, c.label).toBe(expected);
    }
  });
});
