import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildJob, buildTag, buildTask, buildZone } from '@fieldwork/testing/factories';
import { DASHBOARD_CARDS } from '@fieldwork/domain/company/onboarding.schemas';
import { estimateBody, invoiceBody } from '../billing/billing.fixture.ts';
import { createTestApp, ROLE_CASES, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const done = async (cookie: string) => {
  const res = await t.call('GET', '/api/dashboard/onboarding', cookie);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { items: { key: string; done: boolean }[]; completed: number; total: number; dismissed: boolean };
  return Object.fromEntries(body.items.map((i) => [i.key, i.done])) as Record<string, boolean>;
};

describe('GET/PUT /api/dashboard/onboarding', () => {
  it('ticks each item as its first record appears', async () => {
    const { tenantId, admin } = await t.newCompany();
    const ticked = async () =>
      Object.entries(await done(admin.cookie))
        .filter(([, v]) => v)
        .map(([k]) => k)
        .sort();
    const expected = ['timeZone'];
    const step = async (key: string, act: () => Promise<unknown>) => {
      await act();
      expected.push(key);
      expect(await ticked(), key).toEqual([...expected].sort());
    };
    expect(await ticked()).toEqual(['timeZone']);
    await step('zones', () => buildZone(t.db, tenantId));
    await step('tags', () => buildTag(t.db, tenantId));
    await step('technician', () => t.call('POST', '/api/user/invitation', admin.cookie, { email: 'tech@new.test', role: 'Technician' }));
    const customer = await buildCustomer(t.db, tenantId);
    expected.push('customer');
    const job = await buildJob(t.db, tenantId, { customer });
    expected.push('job');
    // An unscheduled task is not a scheduled one.
    await buildTask(t.db, tenantId, { jobId: job.id });
    expect(await ticked()).toEqual([...expected].sort());
    await step('scheduledTask', () =>
      buildTask(t.db, tenantId, {
        jobId: job.id,
        startAt: new Date(Date.now() + 86_400_000).toISOString(),
        expectedEndAt: new Date(Date.now() + 90_000_000).toISOString(),
      }),
    );
    // A draft estimate or a sent invoice not yet paid leaves their items open.
    await t.call('POST', '/api/estimates', admin.cookie, estimateBody({ jobId: job.id }));
    const invoice = (await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ jobId: job.id, mode: 'Send' }))).json().data;
    expect(await ticked()).toEqual([...expected].sort());
    await step('estimateSent', () => t.call('POST', '/api/estimates', admin.cookie, estimateBody({ jobId: job.id, mode: 'Send' })));
    await step('invoicePaid', async () => {
      const paid = await t.call('POST', `/api/invoices/${invoice.id}/payments`, admin.cookie, {
        amount: invoice.balance,
        paidOn: '2026-03-01',
        method: 'CASH',
      });
      expect(paid.statusCode, paid.body).toBe(201);
    });
    const full = (await t.call('GET', '/api/dashboard/onboarding', admin.cookie)).json();
    expect(full).toMatchObject({ completed: 9, total: 9, dismissed: false });
    expect(full.items[0]).toEqual({ key: 'timeZone', label: 'Set your company time zone', done: true });
  });

  it('counts a technician who is already a user, not only an invitation', async () => {
    const { tenantId, admin } = await t.newCompany();
    expect((await done(admin.cookie)).technician).toBe(false);
    await t.signInAs(tenantId, 'Technician');
    expect((await done(admin.cookie)).technician).toBe(true);
  });

  it('is dismissed per user', async () => {
    const { tenantId, admin } = await t.newCompany();
    const colleague = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const put = await t.call('PUT', '/api/dashboard/onboarding', admin.cookie, { dismissed: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().dismissed).toBe(true);
    expect((await t.call('GET', '/api/dashboard/onboarding', admin.cookie)).json().dismissed).toBe(true);
    expect((await t.call('GET', '/api/dashboard/onboarding', colleague.cookie)).json().dismissed).toBe(false);
    expect((await t.call('PUT', '/api/dashboard/onboarding', admin.cookie, { dismissed: false })).json().dismissed).toBe(false);
    const bad = await t.call('PUT', '/api/dashboard/onboarding', admin.cookie, { dismissed: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('dismissed must be true or false.');
  });
});

describe('GET/PUT /api/dashboard/configuration', () => {
  let tenantId: string;
  let admin: Session;
  beforeAll(async () => {
    ({ tenantId, admin } = await t.newCompany());
  });

  it('starts with every card visible in the default order', async () => {
    const res = await t.call('GET', '/api/dashboard/configuration', admin.cookie);
    expect(res.json()).toEqual({ cards: DASHBOARD_CARDS.map((key) => ({ key, visible: true })) });
  });

  it("saves one user's order and visibility without touching another's", async () => {
    const colleague = await t.signInAs(tenantId, 'Admin', 'fullAccess');
    const cards = [
      { key: 'leads', visible: true },
      { key: 'finance', visible: false },
      { key: 'assets', visible: true },
    ];
    const put = await t.call('PUT', '/api/dashboard/configuration', admin.cookie, { cards });
    expect(put.statusCode, put.body).toBe(200);
    const rest = DASHBOARD_CARDS.filter((k) => !['leads', 'finance', 'assets'].includes(k)).map((key) => ({ key, visible: true }));
    expect(put.json().cards).toEqual([...cards, ...rest]);
    expect((await t.call('GET', '/api/dashboard/configuration', admin.cookie)).json().cards).toEqual([...cards, ...rest]);
    expect((await t.call('GET', '/api/dashboard/configuration', colleague.cookie)).json().cards).toEqual(
      DASHBOARD_CARDS.map((key) => ({ key, visible: true })),
    );
    // Dismissals and configuration share the row: one does not reset the other.
    await t.call('PUT', '/api/dashboard/onboarding', admin.cookie, { dismissed: true });
    expect((await t.call('GET', '/api/dashboard/configuration', admin.cookie)).json().cards[1]).toEqual({ key: 'finance', visible: false });
  });

  it('refuses unknown keys and duplicates with their messages', async () => {
    const unknown = await t.call('PUT', '/api/dashboard/configuration', admin.cookie, { cards: [{ key: 'weather', visible: true }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(`Card must be one of: ${DASHBOARD_CARDS.join(', ')}.`);
    const twice = await t.call('PUT', '/api/dashboard/configuration', admin.cookie, {
      cards: [
        { key: 'jobs', visible: true },
        { key: 'jobs', visible: false },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('Each card can appear only once.');
    const extra = await t.call('PUT', '/api/dashboard/configuration', admin.cookie, { cards: [{ key: 'jobs', visible: true, width: 2 }] });
    expect(extra.statusCode).toBe(400);
    expect((await t.call('PUT', '/api/dashboard/configuration', admin.cookie, { cards: 'all' })).json().message).toContain('cards must be an array.');
  });

  it('is for office roles: field roles and no-access staff get 403', async () => {
    for (const c of ROLE_CASES) {
      const s = await t.signInAs(tenantId, c.role, c.access);
      const expected = ['Technician', 'SubContractor', 'Staff noAccess'].includes(c.label) ? 403 : 200;
      for (const url of ['/api/dashboard/configuration', '/api/dashboard/onboarding', '/api/dashboard/financing']) {
        expect((await t.call('GET', url, s.cookie)).statusCode, `${c.label} ${url}`).toBe(expected);
      }
    }
    expect((await t.call('GET', '/api/dashboard/configuration')).statusCode).toBe(401);
  });
});

describe('Customer Financing banner', () => {
  it("shows the company's URL set by an admin, and each user's dismissal for good", async () => {
    const { tenantId, admin } = await t.newCompany();
    const staff = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    expect((await t.call('GET', '/api/dashboard/financing', admin.cookie)).json()).toEqual({ url: null, dismissed: false });
    const company = (await t.call('GET', '/api/company', admin.cookie)).json().data;
    expect(company.financingUrl).toBeNull();
    const url = 'https://apply.example-lender.test/acme';
    const saved = await t.call('PUT', '/api/company', admin.cookie, {
      name: company.name,
      timeZone: company.timeZone,
      financingUrl: url,
      version: company.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.financingUrl).toBe(url);
    // A save without the field keeps it (older clients); staff may not change it.
    const kept = await t.call('PUT', '/api/company', admin.cookie, { name: 'Renamed', timeZone: company.timeZone, version: company.version + 1 });
    expect(kept.json().data.financingUrl).toBe(url);
    expect(
      (await t.call('PUT', '/api/company', staff.cookie, { name: 'x', timeZone: 'UTC', financingUrl: null, version: company.version + 2 })).statusCode,
    ).toBe(403);
    for (const bad of ['http://apply.example-lender.test/acme', 'javascript:alert(1)', `https://a.test/${'x'.repeat(500)}`]) {
      const res = await t.call('PUT', '/api/company', admin.cookie, {
        name: 'Renamed',
        timeZone: company.timeZone,
        financingUrl: bad,
        version: company.version + 2,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message[0], bad).toMatch(/^Financing URL must be/);
    }
    expect((await t.call('GET', '/api/dashboard/financing', staff.cookie)).json()).toEqual({ url, dismissed: false });
    const dismissed = await t.call('PUT', '/api/dashboard/financing', staff.cookie, { dismissed: true });
    expect(dismissed.json()).toEqual({ url, dismissed: true });
    expect((await t.call('GET', '/api/dashboard/financing', staff.cookie)).json().dismissed).toBe(true);
    expect((await t.call('GET', '/api/dashboard/financing', admin.cookie)).json().dismissed).toBe(false);
    const undo = await t.call('PUT', '/api/dashboard/financing', staff.cookie, { dismissed: false });
    expect(undo.statusCode).toBe(400);
    expect(undo.json().message).toContain('dismissed must be true.');
    // Cleared with '' or null.
    const cleared = await t.call('PUT', '/api/company', admin.cookie, {
      name: 'Renamed',
      timeZone: company.timeZone,
      financingUrl: '',
      version: company.version + 2,
    });
    expect(cleared.json().data.financingUrl).toBeNull();
    expect((await t.call('GET', '/api/dashboard/financing', admin.cookie)).json().url).toBeNull();
  });
});
