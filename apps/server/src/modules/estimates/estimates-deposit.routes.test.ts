import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { estimateBody, jobMoney, line, PNG } from '../billing/billing.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const post = (url: string, payload?: object, s: Session = admin) => t.call('POST', url, s.cookie, payload ?? {});
const DEPOSIT = { paidOn: '2026-11-20', method: 'CHECK', reference: 'Chk 5512' };

/** A sent estimate of $450.00 (see billing.fixture lines) requiring a $100 deposit. */
async function sentWithDeposit(jobId: string, depositAmount = 100, lines?: object[]) {
  const res = await post('/api/estimates', estimateBody({ jobId, mode: 'Send', lines, info: { isDepositRequired: true, depositAmount } }));
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.actions.recordDeposit).toBe(true);
  return res.json().data as { id: string; estimateNumber: number };
}

describe('estimate deposit (Deposit Paid)', () => {
  it('moves a sent estimate to Deposit Paid once, and the deposit becomes the converted invoice’s first payment', async () => {
    const job = await buildJob(t.db, tenantId);
    const est = await sentWithDeposit(job.id);
    const res = await post(`/api/estimates/${est.id}/deposit`, DEPOSIT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Deposit recorded successfully',
      data: { status: 'PAID', statusLabel: 'Deposit Paid', depositPayment: { amount: 100, paidOn: '2026-11-20', method: 'CHECK', reference: 'Chk 5512' } },
    });
    expect(res.json().data.actions).toMatchObject({ convert: true, edit: false, recordDeposit: false });
    expect((await post(`/api/estimates/${est.id}/deposit`, DEPOSIT)).statusCode).toBe(409);

    const converted = await post(`/api/estimates/${est.id}/convert`);
    expect(converted.statusCode, converted.body).toBe(201);
    const invoice = (await t.call('GET', `/api/invoices/${converted.json().data.id}`, admin.cookie)).json().data;
    expect(invoice).toMatchObject({ status: 'DRAFT', totalAmount: 450, paidAmount: 100, balance: 350 });
    expect(invoice.payments).toEqual([
      expect.objectContaining({ amount: 100, paidOn: '2026-11-20', method: 'CHECK', reference: `Deposit on estimate #${est.estimateNumber} · Chk 5512` }),
    ]);

    // The draft cannot drop below what was already paid; sending keeps the rest open.
    const shrink = await t.call('PUT', `/api/invoices/${invoice.id}`, admin.cookie, {
      mode: 'Draft',
      version: invoice.version,
      jobInfo: { type: 'Existing', jobId: job.id },
      invoiceInfo: {},
      productServices: [line('Small', 1, 50)],
    });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().message).toEqual(['The total cannot be less than the amount already paid ($100.00).']);
    const sent = await post(`/api/invoices/${invoice.id}/send`);
    expect(sent.json().data).toMatchObject({ status: 'SENT', balance: 350 });
    expect(await jobMoney(t, job.id)).toMatchObject({ paid_cents: 10000, open_balance_cents: 35000, due_invoices_count: 1 });
  });

  it('sends an invoice whose carried deposit covers it straight to Paid', async () => {
    const job = await buildJob(t.db, tenantId);
    const est = await sentWithDeposit(job.id, 80, [line('Visit', 1, 80)]);
    await post(`/api/estimates/${est.id}/deposit`, DEPOSIT);
    const invoiceId = (await post(`/api/estimates/${est.id}/convert`)).json().data.id;
    const sent = await post(`/api/invoices/${invoiceId}/send`);
    expect(sent.json().data).toMatchObject({ status: 'PAID', balance: 0, paidAmount: 80 });
  });

  it('refuses drafts, estimates without a deposit, converted ones and bad input; approved ones may take it', async () => {
    const job = await buildJob(t.db, tenantId);
    const draft = (await post('/api/estimates', estimateBody({ jobId: job.id, info: { isDepositRequired: true, depositAmount: 10 } }))).json().data;
    expect((await post(`/api/estimates/${draft.id}/deposit`, DEPOSIT)).json()).toMatchObject({
      statusCode: 409,
      message: 'A deposit can be recorded only on a sent or approved estimate that requires one and is not converted.',
    });
    const none = (await post('/api/estimates', estimateBody({ jobId: job.id, mode: 'Send' }))).json().data;
    expect((await post(`/api/estimates/${none.id}/deposit`, DEPOSIT)).statusCode).toBe(409);
    const approved = await sentWithDeposit(job.id);
    await post(`/api/estimates/${approved.id}/approval`, { decision: 'APPROVED', signerName: 'Carla Customer', signature: PNG });
    const bad = await post(`/api/estimates/${approved.id}/deposit`, { method: 'GOLD' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.arrayContaining(['Payment Date must be a date (YYYY-MM-DD).']));
    expect((await post(`/api/estimates/${approved.id}/deposit`, { ...DEPOSIT, amount: 5 })).statusCode).toBe(400);
    expect((await post(`/api/estimates/${approved.id}/deposit`, DEPOSIT)).json().data.status).toBe('PAID');
  });

  it('one of 20 parallel deposit requests wins; field roles get 403 and another company 404', async () => {
    const job = await buildJob(t.db, tenantId);
    const est = await sentWithDeposit(job.id);
    const codes = (await Promise.all(Array.from({ length: 20 }, () => post(`/api/estimates/${est.id}/deposit`, DEPOSIT)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const tech = await t.signInAs(tenantId, 'Technician');
    expect((await post(`/api/estimates/${est.id}/deposit`, DEPOSIT, tech)).statusCode).toBe(403);
    const other = await t.newCompany();
    const missing = await post(`/api/estimates/${est.id}/deposit`, DEPOSIT, other.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Estimate not found.' });
  });
});
