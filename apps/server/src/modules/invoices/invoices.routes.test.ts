import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { invoiceBody, jobMoney, line } from '../billing/billing.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const post = (url: string, payload?: object, s: Session = admin) => t.call('POST', url, s.cookie, payload ?? {});
const pay = (id: string, amount: number) => post(`/api/invoices/${id}/payments`, { amount, paidOn: '2026-03-01', method: 'CHECK', reference: 'chk 12' });

describe('invoices', () => {
  it('creates, sends, takes partial then full payment (Paid), and keeps the job money in step', async () => {
    const job = await buildJob(t.db, tenantId);
    const created = await post('/api/invoices', invoiceBody({ jobId: job.id, lines: [line('Boiler', 1, 1000, 5)] }));
    expect(created.statusCode, created.body).toBe(201);
    const inv = created.json().data;
    expect(inv).toMatchObject({
      status: 'DRAFT',
      totalAmount: 1050,
      tax: 50,
      balance: 1050,
      paidAmount: 0,
      payments: [],
      invoiceCreatedBy: { username: expect.any(String) },
    });
    expect((await pay(inv.id, 10)).json().message).toBe('Payments can be recorded only on an open (sent) invoice.');
    expect((await post(`/api/invoices/${inv.id}/send`)).json().data.status).toBe('SENT');
    expect(await jobMoney(t, job.id)).toMatchObject({
      due_invoices_count: 1,
      due_invoices_cents: 105000,
      open_balance_cents: 105000,
      paid_cents: 0,
      invoice_count: 1,
    });
    const partial = await pay(inv.id, 400.25);
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json().data).toMatchObject({
      status: 'SENT',
      paidAmount: 400.25,
      balance: 649.75,
      payments: [{ amount: 400.25, method: 'CHECK', reference: 'chk 12', paidOn: '2026-03-01' }],
    });
    expect(partial.json().data.actions).toMatchObject({ void: false, recordPayment: true });
    expect(await jobMoney(t, job.id)).toMatchObject({ due_invoices_cents: 64975, open_balance_cents: 64975, paid_cents: 40025 });
    const over = await pay(inv.id, 649.76);
    expect(over.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'The payment is more than the open balance ($649.75).' });
    expect((await pay(inv.id, 649.75)).json().data).toMatchObject({ status: 'PAID', statusLabel: 'Paid', balance: 0, paidAmount: 1050 });
    expect(await jobMoney(t, job.id)).toMatchObject({ due_invoices_count: 0, due_invoices_cents: 0, open_balance_cents: 0, paid_cents: 105000 });
    expect((await pay(inv.id, 1)).statusCode).toBe(409);
    expect((await pay(inv.id, 0.001)).statusCode).toBe(400);
  });

  it('edits a draft at its version; a sent invoice is copied into a draft; delete for drafts only', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const inv = (await post('/api/invoices', invoiceBody({ accountId: customer.id }))).json().data;
    const put = await t.call('PUT', `/api/invoices/${inv.id}`, admin.cookie, {
      ...invoiceBody({ accountId: customer.id, lines: [line('a', 2, 2.5)] }),
      version: 1,
    });
    expect(put.json().data).toMatchObject({ totalAmount: 5, version: 2 });
    expect((await t.call('PUT', `/api/invoices/${inv.id}`, admin.cookie, { ...invoiceBody({ accountId: customer.id }), version: 1 })).json().code).toBe(
      'STALE_VERSION',
    );
    await post(`/api/invoices/${inv.id}/send`);
    expect((await t.call('DELETE', `/api/invoices/${inv.id}`, admin.cookie)).statusCode).toBe(409);
    const copy = await post(`/api/invoices/${inv.id}/draft`);
    expect(copy.json()).toMatchObject({
      message: 'Now, You can edit your Invoice.',
      data: { status: 'DRAFT', isConvertedInvoiceJob: true, convertedInvoiceJobinfo: { previousInvoiceNumber: inv.invoiceNumber } },
    });
    // Both ends of the link: the copy names its original, the original lists its copy (stored, not inferred).
    expect(copy.json().data).toMatchObject({ copiedFrom: { id: inv.id, invoiceNumber: inv.invoiceNumber, status: 'SENT' }, copies: [] });
    const original = (await t.call('GET', `/api/invoices/${inv.id}`, admin.cookie)).json().data;
    expect(original).toMatchObject({
      status: 'SENT',
      copiedFrom: null,
      copies: [{ id: copy.json().data.id, invoiceNumber: copy.json().data.invoiceNumber, status: 'DRAFT' }],
    });
    expect(await t.db.selectFrom('invoices').select('copied_from_invoice_id').where('id', '=', copy.json().data.id).executeTakeFirstOrThrow()).toEqual({
      copied_from_invoice_id: inv.id,
    });
    const del = await t.call('DELETE', `/api/invoices/${copy.json().data.id}`, admin.cookie);
    expect(del.json()).toEqual({ message: `Invoice ${copy.json().data.invoiceNumber} deleted successfully` });
    expect((await t.call('GET', `/api/invoices/${inv.id}`, admin.cookie)).json().data.copies).toEqual([]);
    expect((await post(`/api/invoices/${inv.id}/void`)).json().data.status).toBe('VOID');
  });

  it('links a loose invoice once; lists search and filter by status', async () => {
    const job = await buildJob(t.db, tenantId);
    const inv = (await post('/api/invoices', invoiceBody({ accountId: job.customerId, mode: 'Send' }))).json().data;
    const link = await post('/api/invoices/link', { jobId: job.id, invoiceId: inv.id });
    expect(link.json()).toEqual({ data: { id: inv.id, jobId: job.id, jobNumber: job.jobNumber }, message: `Linking to Job: ${job.jobNumber}` });
    expect(await jobMoney(t, job.id)).toMatchObject({ due_invoices_count: 1, due_invoices_cents: Math.round(inv.totalAmount * 100), invoice_count: 1 });
    expect((await post('/api/invoices/link', { jobId: job.id, invoiceId: inv.id })).json().message).toBe(
      'This item is already linked to a job. Linking is permanent.',
    );
    const list = (await t.call('GET', `/api/invoices?searchText=${inv.invoiceNumber}&status=SENT`, admin.cookie)).json();
    expect(list.data.map((i: { id: string }) => i.id)).toEqual([inv.id]);
    expect(list.pagination.itemsPerPage).toBe(10);
    expect((await t.call('GET', `/api/invoices?jobId=${job.id}`, admin.cookie)).json().data).toHaveLength(1);
  });

  it("lists the job's customer's unlinked invoices first for the link panel (customerFirst)", async () => {
    const job = await buildJob(t.db, tenantId);
    const other = await buildCustomer(t.db, tenantId);
    const own = (await post('/api/invoices', invoiceBody({ accountId: job.customerId }))).json().data;
    // Newer, so it would come first by date alone.
    const foreign = (await post('/api/invoices', invoiceBody({ accountId: other.id }))).json().data;
    const ids = async (q: string) =>
      (await t.call('GET', `/api/invoices?unlinked=true&limit=100${q}`, admin.cookie)).json().data.map((i: { id: string }) => i.id);
    const plain = await ids('');
    expect(plain.indexOf(foreign.id)).toBeLessThan(plain.indexOf(own.id));
    const first = await ids(`&customerFirst=${job.customerId}`);
    expect(first[0]).toBe(own.id);
    expect(first).toContain(foreign.id);
    const refused = await post('/api/invoices/link', { jobId: job.id, invoiceId: foreign.id });
    expect(refused.json()).toMatchObject({ statusCode: 409, message: "The job belongs to another customer than this item's." });
  });

  it('technicians and subcontractors get 403; read-only office sees no write actions', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const inv = (await post('/api/invoices', invoiceBody({ accountId: customer.id }))).json().data;
    for (const role of ['Technician', 'SubContractor'] as const) {
      const s = await t.signInAs(tenantId, role);
      expect((await t.call('GET', `/api/invoices/${inv.id}`, s.cookie)).statusCode).toBe(403);
      expect(
        (await pay(inv.id, 1).then(() => t.call('POST', `/api/invoices/${inv.id}/payments`, s.cookie, { amount: 1, paidOn: '2026-01-01', method: 'CASH' })))
          .statusCode,
      ).toBe(403);
    }
    const view = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    expect((await t.call('GET', `/api/invoices/${inv.id}`, view.cookie)).json().data.actions).toMatchObject({
      edit: false,
      delete: false,
      view: true,
      download: true,
    });
  });
});
