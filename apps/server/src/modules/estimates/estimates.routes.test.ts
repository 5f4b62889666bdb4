import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { approvedEstimate, estimateBody, jobMoney, line, PNG } from '../billing/billing.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const post = (url: string, payload?: object, s: Session = admin) => t.call('POST', url, s.cookie, payload ?? {});

describe('estimates CRUD and totals', () => {
  it('creates with server-computed totals (client totals ignored), numbers per tenant, and moves the job money in step', async () => {
    const job = await buildJob(t.db, tenantId);
    const res = await post('/api/estimates', { ...estimateBody({ jobId: job.id, info: { freight: 12.5, totalAmount: 1, subTotal: 999 } }) });
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json().data;
    // 2 × 150 = 300 (+10% tax = 30), 1.5 × 80 = 120; freight 12.50
    expect(e).toMatchObject({
      status: 'DRAFT',
      statusLabel: 'Draft',
      subTotal: 420,
      taxableSubTotal: 300,
      tax: 30,
      freight: 12.5,
      totalAmount: 462.5,
      depositAmount: 0,
      account: { id: job.customerId },
      job: { id: job.id, jobNumber: job.jobNumber },
      totalRevenue: 420,
      version: 1,
    });
    expect(e.productServices.map((l: { total: number; tax: number }) => [l.total, l.tax])).toEqual([
      [300, 30],
      [120, 0],
    ]);
    expect(e.actions).toMatchObject({ edit: true, delete: true, send: true, convert: false });
    expect(await jobMoney(t, job.id)).toMatchObject({ open_estimates_count: 0, estimate_count: 1 });
    const sent = await post(`/api/estimates/${e.id}/send`);
    expect(sent.json().data).toMatchObject({ status: 'SENT', statusLabel: 'Open' });
    expect(await jobMoney(t, job.id)).toMatchObject({ open_estimates_count: 1, open_estimates_cents: 46250 });
    const second = (await post('/api/estimates', estimateBody({ jobId: job.id }))).json().data;
    expect(second.estimateNumber).toBe(e.estimateNumber + 1);
    const other = await t.newCompany();
    const otherJob = await buildJob(t.db, other.tenantId);
    expect((await t.call('POST', '/api/estimates', other.admin.cookie, estimateBody({ jobId: otherJob.id }))).json().data.estimateNumber).toBe(1001);
  });

  it('edits only a draft at its version (409 STALE_VERSION), recomputing totals; refuses bad input with field messages', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const e = (await post('/api/estimates', estimateBody({ accountId: customer.id }))).json().data;
    const put = await t.call('PUT', `/api/estimates/${e.id}`, admin.cookie, {
      ...estimateBody({ accountId: customer.id, lines: [line('One', 3, 33.33, 8.875)], info: { isDepositRequired: true, depositAmount: 50 } }),
      version: 1,
    });
    expect(put.statusCode, put.body).toBe(200);
    // 3 × 33.33 = 99.99; tax 8.875% = 8.874… → 8.87
    expect(put.json().data).toMatchObject({ subTotal: 99.99, tax: 8.87, totalAmount: 108.86, depositAmount: 50, version: 2, job: null });
    const stale = await t.call('PUT', `/api/estimates/${e.id}`, admin.cookie, { ...estimateBody({ accountId: customer.id }), version: 1 });
    expect(stale.json()).toMatchObject({ statusCode: 409, code: 'STALE_VERSION' });
    const bad = await post('/api/estimates', estimateBody({ accountId: customer.id, lines: [line('x', 1, 1.001)] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Rate can have at most 2 decimal places.');
    const deposit = await post(
      '/api/estimates',
      estimateBody({ accountId: customer.id, lines: [line('x', 1, 10)], info: { isDepositRequired: true, depositAmount: 10.01 } }),
    );
    expect(deposit.json().message).toEqual(['Deposit Amount cannot be more than the total.']);
    await post(`/api/estimates/${e.id}/send`);
    const notDraft = await t.call('PUT', `/api/estimates/${e.id}`, admin.cookie, { ...estimateBody({ accountId: customer.id }), version: 3 });
    expect(notDraft.statusCode).toBe(409);
  });

  it('editing a sent estimate makes a draft copy; delete, void and their refusals follow the action table', async () => {
    const job = await buildJob(t.db, tenantId);
    const e = (await post('/api/estimates', estimateBody({ jobId: job.id, mode: 'Send' }))).json().data;
    const copy = await post(`/api/estimates/${e.id}/draft`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      message: 'Now, You can edit your Estimate.',
      data: {
        status: 'DRAFT',
        isConvertedJobEstimate: true,
        convertedJobEstimateInfo: { previousEstimateNumber: e.estimateNumber },
        totalAmount: e.totalAmount,
      },
    });
    expect((await post(`/api/estimates/${copy.json().data.id}/draft`)).statusCode).toBe(409);
    expect((await t.call('DELETE', `/api/estimates/${e.id}`, admin.cookie)).statusCode).toBe(409);
    const del = await t.call('DELETE', `/api/estimates/${copy.json().data.id}`, admin.cookie);
    expect(del.json()).toEqual({ message: `Estimate ${copy.json().data.estimateNumber} deleted successfully` });
    const voided = await post(`/api/estimates/${e.id}/void`);
    expect(voided.json()).toMatchObject({ message: 'Estimate voided successfully', data: { status: 'VOID' } });
    expect((await post(`/api/estimates/${e.id}/void`)).statusCode).toBe(409);
    expect(await jobMoney(t, job.id)).toMatchObject({ open_estimates_count: 0, open_estimates_cents: 0, estimate_count: 1 });
  });

  it('a sent estimate past its due date (tenant zone) reads EXPIRED and filters so', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const e = (await post('/api/estimates', estimateBody({ accountId: customer.id, mode: 'Send', info: { dueDate: '2020-01-01' } }))).json().data;
    expect(e).toMatchObject({ status: 'EXPIRED', statusLabel: 'Expired' });
    expect(e.actions).toMatchObject({ onsiteApproval: true, edit: true, delete: false });
    const expired = (await t.call('GET', '/api/estimates?status=EXPIRED&limit=100', admin.cookie)).json().data.map((x: { id: string }) => x.id);
    expect(expired).toContain(e.id);
    expect((await t.call('GET', '/api/estimates?status=SENT&limit=100', admin.cookie)).json().data.map((x: { id: string }) => x.id)).not.toContain(e.id);
  });

  it('onsite approval stores the signature, name, time and IP; convert once to a draft invoice', async () => {
    const job = await buildJob(t.db, tenantId);
    const id = await approvedEstimate(t, admin, job.id);
    const e = (await t.call('GET', `/api/estimates/${id}`, admin.cookie)).json().data;
    expect(e.status).toBe('APPROVED');
    expect(e.approval).toMatchObject({ decision: 'APPROVED', signerName: 'Carla Customer', signature: PNG, signerIp: '127.0.0.1' });
    expect(Date.parse(e.approval.signedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await post(`/api/estimates/${id}/approval`, { decision: 'DECLINED', signerName: 'x', signature: PNG })).statusCode).toBe(409);
    expect((await t.call('GET', '/api/jobs/summary', admin.cookie)).json().data.approvedEstimates).toBeGreaterThanOrEqual(1);
    expect((await post(`/api/estimates/${id}/approval`, { decision: 'APPROVED', signerName: 'x', signature: 'data:image/png;base64,AAAA' })).statusCode).toBe(
      400,
    );
    const converted = await post(`/api/estimates/${id}/convert`);
    expect(converted.statusCode, converted.body).toBe(201);
    expect(converted.json().message).toBe('Estimate converted to invoice successfully');
    const inv = (await t.call('GET', `/api/invoices/${converted.json().data.id}`, admin.cookie)).json().data;
    expect(inv).toMatchObject({
      status: 'DRAFT',
      totalAmount: e.totalAmount,
      isConvertedFromEstimate: true,
      convertedEstimate: { id, estimateNumber: e.estimateNumber },
      job: { id: job.id },
    });
    expect(inv.productServices).toHaveLength(2);
    const again = await post(`/api/estimates/${id}/convert`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Cannot convert to invoice/);
    expect((await t.call('GET', `/api/estimates/${id}`, admin.cookie)).json().data).toMatchObject({
      isConverted: true,
      convertedInvoice: { id: inv.id, invoiceNumber: inv.invoiceNumber },
      actions: { convert: false, void: false },
    });
  });

  it('links a loose estimate to a job once; void or other-customer refused', async () => {
    const job = await buildJob(t.db, tenantId);
    const e = (await post('/api/estimates', estimateBody({ accountId: job.customerId, mode: 'Send' }))).json().data;
    const unlinked = (await t.call('GET', '/api/estimates?unlinked=true&limit=100', admin.cookie)).json().data.map((x: { id: string }) => x.id);
    expect(unlinked).toContain(e.id);
    const link = await post('/api/estimates/link', { jobId: job.id, estimateId: e.id });
    expect(link.json()).toEqual({ data: { id: e.id, jobId: job.id, jobNumber: job.jobNumber }, message: `Linking to Job: ${job.jobNumber}` });
    expect(await jobMoney(t, job.id)).toMatchObject({ open_estimates_count: 1, open_estimates_cents: Math.round(e.totalAmount * 100), estimate_count: 1 });
    const other = await buildJob(t.db, tenantId, {
      customer: {
        id: job.customerId,
        addressId: (await t.db.selectFrom('jobs').select('site_address_id').where('id', '=', job.id).executeTakeFirstOrThrow()).site_address_id,
      },
    });
    expect((await post('/api/estimates/link', { jobId: other.id, estimateId: e.id })).statusCode).toBe(409);
    const stranger = await buildJob(t.db, tenantId);
    const loose = (await post('/api/estimates', estimateBody({ accountId: job.customerId }))).json().data;
    expect((await post('/api/estimates/link', { jobId: stranger.id, estimateId: loose.id })).statusCode).toBe(409);
    await post(`/api/estimates/${loose.id}/void`);
    expect((await post('/api/estimates/link', { jobId: job.id, estimateId: loose.id })).json().message).toBe('A void item without a job cannot be linked.');
    expect((await post('/api/estimates/link', { jobId: job.id, estimateId: randomUUID() })).statusCode).toBe(404);
  });
});

describe('estimate lists', () => {
  it('pages 10, searches by number, sorts by amount, filters created-on presets', async () => {
    const company = await t.newCompany();
    const customer = await buildCustomer(t.db, company.tenantId);
    for (let i = 1; i <= 12; i++)
      await t.call('POST', '/api/estimates', company.admin.cookie, estimateBody({ accountId: customer.id, lines: [line('x', 1, i)] }));
    const list = (q: string) => t.call('GET', `/api/estimates${q}`, company.admin.cookie).then((r) => r.json());
    const first = await list('');
    expect(first.pagination).toEqual({ totalItems: 12, totalPages: 2, currentPage: 1, itemsPerPage: 10 });
    expect(first.data[0].productServices).toBeUndefined();
    expect((await list('?orderByKey=amount&orderByValue=asc')).data[0].totalAmount).toBe(1);
    expect((await list('?searchText=1012')).data.map((e: { estimateNumber: number }) => e.estimateNumber)).toEqual([1012]);
    expect((await list('?searchText=abc')).data).toEqual([]);
    expect((await list('?createdOn=this_week')).pagination.totalItems).toBe(12);
    expect((await list('?createdOn=last_year')).pagination.totalItems).toBe(0);
    for (const bad of ['?orderByKey=x', '?status=OPEN', '?createdOn=yesterday', '?limit=101'])
      expect((await t.call('GET', `/api/estimates${bad}`, company.admin.cookie)).statusCode, bad).toBe(400);
  });
});

describe('estimate roles', () => {
  it('office reads, office writers write; field roles get 403; margins only for the office', async () => {
    const job = await buildJob(t.db, tenantId);
    const e = (await post('/api/estimates', estimateBody({ jobId: job.id }))).json().data;
    const viewOnly = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    const tech = await t.signInAs(tenantId, 'Technician');
    const sub = await t.signInAs(tenantId, 'SubContractor');
    const read = await t.call('GET', `/api/estimates/${e.id}`, viewOnly.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.actions).toMatchObject({ edit: false, delete: false, preview: true });
    expect((await post('/api/estimates', estimateBody({ jobId: job.id }), viewOnly)).statusCode).toBe(403);
    for (const s of [tech, sub]) {
      expect((await t.call('GET', `/api/estimates/${e.id}`, s.cookie)).statusCode).toBe(403);
      expect((await t.call('GET', '/api/estimates', s.cookie)).statusCode).toBe(403);
    }
    expect((await t.call('GET', '/api/estimates')).statusCode).toBe(401);
  });
});
