import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenScope } from '@fieldwork/domain/access/api-tokens.rules';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let secret: string;
let other: { tenantId: string; admin: Session };
let otherSecret: string;

const tokenOf = async (cookie: string, scope: TokenScope = 'receptionist') => {
  const res = await t.call('POST', '/api/tokens', cookie, { name: 'Phone system', scope });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { token: { id: string }; secret: string };
};
const post = (payload: object, bearer: string | null = secret, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/receptionist/calls',
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(cookie ? { cookie } : {}) },
    payload,
  });
const callBody = (o: Record<string, unknown> = {}) => ({
  externalCallId: `ext-${randomUUID()}`,
  callerName: 'Rita Caller',
  callerNumber: '+1 555 0100',
  startedAt: '2026-11-10T14:00:00.000Z',
  endedAt: '2026-11-10T14:03:20.000Z',
  outcome: 'BOOKED',
  summary: 'Booked a furnace tune-up.',
  ...o,
});

beforeAll(async () => {
  t = await createTestApp({ logLevel: (process.env.TEST_LOG as 'error') ?? 'silent' });
  ({ tenantId, admin } = await t.newCompany());
  secret = (await tokenOf(admin.cookie)).secret;
  other = await t.newCompany();
  otherSecret = (await tokenOf(other.admin.cookie)).secret;
});
afterAll(async () => t.close());

describe('POST /api/receptionist/calls: token auth', () => {
  it('takes a Bearer token only: no credentials 401, a session cookie 401, a bad token 401', async () => {
    expect((await post(callBody(), null)).statusCode).toBe(401);
    const byCookie = await post(callBody(), null, admin.cookie);
    expect(byCookie.statusCode).toBe(401);
    expect(byCookie.json().message).toContain('Bearer');
    expect((await post(callBody(), 'fw_not-a-token')).statusCode).toBe(401);
  });

  it('answers 401 once the token is revoked', async () => {
    const { token, secret: s } = await tokenOf(admin.cookie);
    expect((await post(callBody(), s)).statusCode).toBe(201);
    expect((await t.call('DELETE', `/api/tokens/${token.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await post(callBody(), s)).statusCode).toBe(401);
  });

  it('refuses the token of a user who may not write office records (403), and of a technician', async () => {
    const viewOnly = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    expect((await post(callBody(), (await tokenOf(viewOnly.cookie, 'read')).secret)).statusCode).toBe(403);
    const tech = await t.signInAs(tenantId, 'Technician');
    expect((await post(callBody(), (await tokenOf(tech.cookie, 'full')).secret)).statusCode).toBe(403);
    const staff = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    expect((await post(callBody(), (await tokenOf(staff.cookie)).secret)).statusCode).toBe(201);
    expect((await post(callBody(), (await tokenOf(staff.cookie, 'full')).secret)).statusCode).toBe(201);
  });

  it('takes receptionist and full tokens; a read-only one is refused, and a receptionist one reads nothing', async () => {
    const readOnly = await post(callBody(), (await tokenOf(admin.cookie, 'read')).secret);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe('This API token is read-only.');
    const stored = (await post(callBody())).json().data;
    for (const url of ['/api/receptionist/calls', `/api/receptionist/calls/${stored.id}`, '/api/dashboard/ai-receptionist-metrics']) {
      const read = await t.app.inject({ url, headers: { authorization: `Bearer ${secret}` } });
      expect(read.statusCode, url).toBe(403);
      expect(read.json().message).toBe('This API token may only record receptionist calls.');
    }
  });
});

describe('POST /api/receptionist/calls: validation', () => {
  it('answers 400 with the field messages', async () => {
    const res = await post({ externalCallId: ' ', callerNumber: '', startedAt: 'yesterday', endedAt: '2026-11-10T14:00:00Z', outcome: 'HUNG_UP' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toEqual(
      expect.arrayContaining([
        'External Call Id is mandatory.',
        'Caller Number is mandatory.',
        'Started At must be a valid ISO 8601 date-time.',
        'Outcome must be one of: BOOKED, LEAD_CREATED, INFORMATION, MISSED, SPAM.',
      ]),
    );
    const backwards = await post(callBody({ endedAt: '2026-11-10T13:59:59Z' }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('Ended At must be the same as or after Started At.');
    const long = await post(callBody({ endedAt: '2026-11-11T14:00:01Z' }));
    expect(long.json().message).toContain('A call cannot last longer than 24 hours.');
    const extra = await post({ ...callBody(), recordingUrl: 'x' });
    expect(extra.statusCode).toBe(400);
    const badLead = await post(callBody({ leadId: '12' }));
    expect(badLead.json().message).toContain('Lead must be a valid UUID.');
    const tooLong = await post(callBody({ summary: 'x'.repeat(5001) }));
    expect(tooLong.json().message).toContain('Summary must be less than or equal to 5000 characters.');
  });

  it("answers 404 for another company's lead or job, like a missing one, and stores nothing", async () => {
    const customer = await buildCustomer(t.db, other.tenantId);
    const job = await buildJob(t.db, other.tenantId, { customer });
    const lead = (await t.call('POST', '/api/leads', other.admin.cookie, { customerId: customer.id, source: 'PHONE' })).json().data.id;
    const foreignJob = await post(callBody({ externalCallId: 'x-job', jobId: job.id }));
    const missingJob = await post(callBody({ externalCallId: 'x-job', jobId: randomUUID() }));
    expect(foreignJob.statusCode).toBe(404);
    expect(foreignJob.body).toBe(missingJob.body);
    const foreignLead = await post(callBody({ externalCallId: 'x-lead', leadId: lead }));
    const missingLead = await post(callBody({ externalCallId: 'x-lead', leadId: randomUUID() }));
    expect(foreignLead.statusCode).toBe(404);
    expect(foreignLead.body).toBe(missingLead.body);
    const stored = await t.db.selectFrom('receptionist_calls').select('id').where('external_call_id', 'in', ['x-job', 'x-lead']).execute();
    expect(stored).toEqual([]);
  });
});

describe('POST /api/receptionist/calls: idempotency', () => {
  it('stores a call once: the repeat answers 200 with the stored call, whatever its body says', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const job = await buildJob(t.db, tenantId, { customer, name: 'Furnace tune-up' });
    const lead = (await t.call('POST', '/api/leads', admin.cookie, { customerId: customer.id, source: 'PHONE' })).json().data;
    const body = callBody({ externalCallId: 'call-0001', jobId: job.id, leadId: lead.id });
    const first = await post(body);
    expect(first.statusCode, first.body).toBe(201);
    const call = first.json().data;
    expect(call).toMatchObject({
      externalCallId: 'call-0001',
      callerName: 'Rita Caller',
      callerNumber: '+1 555 0100',
      durationSeconds: 200,
      outcome: 'BOOKED',
      job: { id: job.id, jobNumber: job.jobNumber, name: 'Furnace tune-up' },
      lead: { id: lead.id, name: customer.name },
    });
    const repeat = await post({ ...body, outcome: 'SPAM', summary: 'changed' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data).toEqual(call);
    // Another company may use the same caller-system id: idempotency is per company.
    const elsewhere = await post({ ...body, jobId: null, leadId: null }, otherSecret);
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().data.id).not.toBe(call.id);
    const rows = await t.db.selectFrom('receptionist_calls').select('tenant_id').where('external_call_id', '=', 'call-0001').execute();
    expect(rows.map((r) => r.tenant_id).sort()).toEqual([tenantId, other.tenantId].sort());
  });

  it('keeps one row under 20 parallel repeats: one 201, nineteen 200s, all the same call', async () => {
    const body = callBody({ externalCallId: 'race-1' });
    const results = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    const rows = await t.db.selectFrom('receptionist_calls').select('id').where('tenant_id', '=', tenantId).where('external_call_id', '=', 'race-1').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('GET /api/receptionist/calls', () => {
  let calls: Record<string, string>;
  let company: { tenantId: string; admin: Session };
  let companySecret: string;
  beforeAll(async () => {
    company = await t.newCompany();
    await t.db.updateTable('tenants').set({ time_zone: 'Asia/Kolkata' }).where('id', '=', company.tenantId).execute();
    companySecret = (await tokenOf(company.admin.cookie)).secret;
    const send = async (externalCallId: string, o: object) => (await post(callBody({ externalCallId, ...o }), companySecret)).json().data.id as string;
    calls = {
      // 2026-11-09 23:59 in Kolkata (UTC+5:30) is 18:29Z; 2026-11-10 00:00 there is 18:30Z.
      lateNinth: await send('c1', {
        startedAt: '2026-11-09T18:29:00Z',
        endedAt: '2026-11-09T18:30:00Z',
        outcome: 'MISSED',
        callerName: 'Ann Late',
        callerNumber: '555-0001',
      }),
      earlyTenth: await send('c2', {
        startedAt: '2026-11-09T18:30:00Z',
        endedAt: '2026-11-09T18:35:00Z',
        outcome: 'BOOKED',
        callerName: 'Bob Early',
        callerNumber: '555-0002',
      }),
      eleventh: await send('c3', {
        startedAt: '2026-11-11T10:00:00Z',
        endedAt: '2026-11-11T10:01:00Z',
        outcome: 'SPAM',
        callerName: null,
        callerNumber: '+1 (800) 555-9999',
      }),
    };
  });

  it('answers 401 signed out, 403 for field roles and no-access staff, 200 for view-only staff', async () => {
    expect((await t.call('GET', '/api/receptionist/calls')).statusCode).toBe(401);
    for (const [role, access] of [
      ['Technician', 'noAccess'],
      ['SubContractor', 'noAccess'],
      ['Staff', 'noAccess'],
    ] as const) {
      const s = await t.signInAs(company.tenantId, role, access);
      expect((await t.call('GET', '/api/receptionist/calls', s.cookie)).statusCode, role).toBe(403);
      expect((await t.call('GET', `/api/receptionist/calls/${calls.eleventh}`, s.cookie)).statusCode, role).toBe(403);
    }
    const viewer = await t.signInAs(company.tenantId, 'Staff', 'onlyViewAccess');
    expect((await t.call('GET', '/api/receptionist/calls', viewer.cookie)).statusCode).toBe(200);
  });

  it('lists newest first and filters by outcome, company days and caller', async () => {
    const list = async (q: string) => {
      const res = await t.call('GET', `/api/receptionist/calls?${q}`, company.admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: string }[]; pagination: { totalItems: number } };
    };
    expect((await list('')).data.map((c) => c.id)).toEqual([calls.eleventh, calls.earlyTenth, calls.lateNinth]);
    expect((await list('outcome=MISSED')).data.map((c) => c.id)).toEqual([calls.lateNinth]);
    expect((await list('from=2026-11-10&to=2026-11-10')).data.map((c) => c.id)).toEqual([calls.earlyTenth]);
    expect((await list('to=2026-11-09')).data.map((c) => c.id)).toEqual([calls.lateNinth]);
    expect((await list('search=bob')).data.map((c) => c.id)).toEqual([calls.earlyTenth]);
    expect((await list('search=800')).data.map((c) => c.id)).toEqual([calls.eleventh]);
    const paged = await list('limit=2&page=2');
    expect(paged.data.map((c) => c.id)).toEqual([calls.lateNinth]);
    expect(paged.pagination).toEqual({ totalItems: 3, totalPages: 2, currentPage: 2, itemsPerPage: 2 });
    const bad = await t.call('GET', '/api/receptionist/calls?outcome=x&from=2026-13-01&limit=500', company.admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.arrayContaining(['from must be a date (YYYY-MM-DD).', 'limit must be at most 100.']));
    const backwards = await t.call('GET', '/api/receptionist/calls?from=2026-11-10&to=2026-11-09', company.admin.cookie);
    expect(backwards.json().message).toContain('to must be the same as or after from.');
  });

  it("opens one call; another company's call is a 404 like a missing one", async () => {
    const one = await t.call('GET', `/api/receptionist/calls/${calls.eleventh}`, company.admin.cookie);
    expect(one.json().data).toMatchObject({ id: calls.eleventh, callerName: null, outcome: 'SPAM', durationSeconds: 60, lead: null, job: null });
    const foreign = await t.call('GET', `/api/receptionist/calls/${calls.eleventh}`, admin.cookie);
    const missing = await t.call('GET', `/api/receptionist/calls/${randomUUID()}`, admin.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const list = await t.call('GET', '/api/receptionist/calls?limit=100', admin.cookie);
    expect(list.body).not.toContain(calls.eleventh);
  });
});
