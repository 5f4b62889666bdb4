import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCustomer, buildJob, buildTenant } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { insertInvoice } from '../dashboard/dashboard.fixture.ts';

/**
 * ?overdue=true lists what the dashboard's finance card counts as overdue. The clock is pinned to
 * 2026-03-10 03:00Z, which is still March 9 in New York: an invoice due on March 9 is due "today" there (not
 * overdue) although the UTC day has moved on, so a filter in the wrong zone would list it.
 */
const NOW = new Date('2026-03-10T03:00:00.000Z');
let t: TestApp;
let admin: Session;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await buildTenant(t.db, { timeZone: 'America/New_York' });
  admin = await t.signInAs(tenant.id, 'Admin', 'fullAccess');
  const c = await buildCustomer(t.db, tenant.id);
  const job = await buildJob(t.db, tenant.id, { customer: c });
  const inv = (o: Omit<Parameters<typeof insertInvoice>[2], 'customerId' | 'jobId' | 'invoiceDate' | 'total'>) =>
    insertInvoice(t.db, tenant.id, { customerId: c.id, jobId: job.id, invoiceDate: '2026-03-01', total: 10_000, ...o });
  ids.sentYesterday = await inv({ status: 'SENT', dueDate: '2026-03-08', paid: 2_500 });
  ids.sentLongAgo = await inv({ status: 'SENT', dueDate: '2026-01-15' });
  ids.sentToday = await inv({ status: 'SENT', dueDate: '2026-03-09' });
  ids.sentNoDue = await inv({ status: 'SENT', dueDate: null });
  ids.paidLastWeek = await inv({ status: 'PAID', dueDate: '2026-03-02', paid: 10_000 });
  ids.draftLastWeek = await inv({ status: 'DRAFT', dueDate: '2026-03-02' });
  const other = await buildTenant(t.db, { timeZone: 'America/New_York' });
  const oc = await buildCustomer(t.db, other.id);
  ids.otherCompany = await insertInvoice(t.db, other.id, {
    customerId: oc.id,
    status: 'SENT',
    invoiceDate: '2026-03-01',
    total: 10_000,
    dueDate: '2026-03-01',
  });
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

const pinned = () => vi.useFakeTimers({ toFake: ['Date'], now: NOW });
const get = (url: string) => t.call('GET', url, admin.cookie);
const listed = (body: { data: { id: string }[] }) => body.data.map((i) => i.id).sort();

describe('GET /api/invoices?overdue=true', () => {
  it('lists SENT invoices due before today in the tenant zone, the same count as the dashboard', async () => {
    pinned();
    const res = await get('/api/invoices?overdue=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(listed(res.json())).toEqual([ids.sentYesterday, ids.sentLongAgo].sort());
    expect(res.json().pagination.totalItems).toBe(2);
    const finance = await get('/api/dashboard/finance-metrics?from=2026-03-01&to=2026-03-09');
    expect(finance.statusCode, finance.body).toBe(200);
    expect(finance.json().overdue.count.value).toBe(2);
    expect(finance.json().overdue.amount.value).toBe(75 + 100);
  });

  it('combines with the other filters; overdue=false or absent does not filter', async () => {
    pinned();
    expect(listed((await get('/api/invoices?overdue=true&status=PAID')).json())).toEqual([]);
    expect(listed((await get('/api/invoices?overdue=true&status=SENT&orderByKey=invoiceAmount')).json())).toHaveLength(2);
    expect((await get('/api/invoices?overdue=false&limit=50')).json().pagination.totalItems).toBe(6);
    expect((await get('/api/invoices?limit=50')).json().pagination.totalItems).toBe(6);
  });

  it('refuses anything but true or false', async () => {
    const res = await get('/api/invoices?overdue=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('overdue must be true or false.');
  });

  it('is an invoice filter only: the estimates list refuses it', async () => {
    expect((await get('/api/estimates?overdue=true')).statusCode).toBe(400);
  });
});
