import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import { extractPdfPages, extractPdfText } from '@fieldwork/testing/pdf-text';
import { dataUrlOf, pngBomb } from '@fieldwork/testing/image-samples';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { approvedEstimate, estimateBody, invoiceBody, line, PNG } from '../billing/billing.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let companyName: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  companyName = (await t.call('GET', '/api/company', admin.cookie)).json().data.name;
});
afterAll(async () => t.close());

const post = (url: string, payload: object, s: Session = admin) => t.call('POST', url, s.cookie, payload);
const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-';

describe('GET /api/estimates/:id/pdf and /api/invoices/:id/pdf', () => {
  it('401 anonymous, 403 technician, and the same 404 for another company’s id and a missing id', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const est = (await post('/api/estimates', estimateBody({ accountId: customer.id }))).json().data;
    const inv = (await post('/api/invoices', invoiceBody({ accountId: customer.id }))).json().data;
    const tech = await t.signInAs(tenantId, 'Technician');
    const other = await t.newCompany();
    for (const [kind, id] of [
      ['estimates', est.id],
      ['invoices', inv.id],
    ] as const) {
      expect((await t.call('GET', `/api/${kind}/${id}/pdf`)).statusCode).toBe(401);
      expect((await t.call('GET', `/api/${kind}/${id}/pdf`, tech.cookie)).statusCode).toBe(403);
      const foreign = await t.call('GET', `/api/${kind}/${id}/pdf`, other.admin.cookie);
      const missing = await t.call('GET', `/api/${kind}/${randomUUID()}/pdf`, other.admin.cookie);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(missing.body);
      expect(foreign.headers['content-type']).toBe(missing.headers['content-type']);
    }
  });

  it('an estimate: attachment headers, and the text holds number, company, customer, each line and the total', async () => {
    const customer = await buildCustomer(t.db, tenantId, { name: 'Zoë Ørsted & Sons 東京' });
    const body = estimateBody({
      accountId: customer.id,
      lines: [line('Pump replacement', 2, 1500.25, 10), { ...line('Labour', 3, 80), description: 'Two fitters — “on site”' }],
      info: { freight: 12.5, terms: 'Net 30', estimateCustomerMessage: 'Thank you for the work 🙂' },
    });
    const est = (await post('/api/estimates', body)).json().data;
    const res = await t.call('GET', `/api/estimates/${est.id}/pdf`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Estimate-${est.estimateNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(isPdf(res.rawPayload)).toBe(true);
    const text = await extractPdfText(res.rawPayload);
    // 2 × 1,500.25 = 3,000.50 (+10% = 300.05), 3 × 80 = 240, freight 12.50 → 3,553.05
    for (const expected of [
      `Estimate #${est.estimateNumber}`,
      companyName,
      'Pump replacement',
      'Labour',
      'Two fitters — “on site”',
      '$3,000.50',
      '$300.05',
      '$3,553.05',
      'Net 30',
      'Status: Draft',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    // Characters Helvetica cannot draw are folded or replaced, never fatal.
    expect(text).toContain('Zoë Ørsted & Sons ??');
    expect(text).toContain('Thank you for the work ?');
    expect(text).not.toMatch(/margin/i);
  });

  it('an invoice with payments shows each payment, the paid amount and the balance', async () => {
    const job = await buildJob(t.db, tenantId);
    const inv = (await post('/api/invoices', invoiceBody({ jobId: job.id, mode: 'Send', lines: [line('Boiler service', 1, 1000)] }))).json().data;
    expect(
      (await post(`/api/invoices/${inv.id}/payments`, { amount: 400.25, paidOn: '2026-03-01', method: 'BANK_TRANSFER', reference: 'wire 77' })).statusCode,
    ).toBe(201);
    const res = await t.call('GET', `/api/invoices/${inv.id}/pdf`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice-${inv.invoiceNumber}.pdf"`);
    const text = await extractPdfText(res.rawPayload);
    for (const expected of [
      `Invoice #${inv.invoiceNumber}`,
      'Boiler service',
      '$1,000.00',
      'Payments',
      'Mar 1, 2026',
      'Bank transfer',
      'wire 77',
      '$400.25',
      'Balance Due',
      '$599.75',
      `#${job.jobNumber}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('an approved estimate shows the signer, the decision and the IP (an unreadable signature image does not fail it)', async () => {
    const job = await buildJob(t.db, tenantId);
    const id = await approvedEstimate(t, admin, job.id);
    const res = await t.call('GET', `/api/estimates/${id}/pdf`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const text = await extractPdfText(res.rawPayload);
    for (const expected of ['Customer Approval', 'Carla Customer', 'Decision Approved', 'Status: Approved', 'IP Address']) expect(text).toContain(expected);
  });

  it('a signature stored as a 7000 × 7000 PNG (190 KB) before uploads were checked is never decoded: the PDF says it could not be shown', async () => {
    const job = await buildJob(t.db, tenantId);
    const est = (await post('/api/estimates', estimateBody({ jobId: job.id, mode: 'Send' }))).json().data;
    const approved = await post(`/api/estimates/${est.id}/approval`, { decision: 'APPROVED', signerName: 'Bomb Signer', signature: PNG });
    expect(approved.statusCode, approved.body).toBe(200);
    // The approval route refuses it now; one stored by an earlier version is what the renderer must survive.
    await t.db
      .updateTable('estimates')
      .set({ approval_signature: dataUrlOf(pngBomb()) })
      .where('id', '=', est.id)
      .execute();
    const res = await t.call('GET', `/api/estimates/${est.id}/pdf`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
    const text = await extractPdfText(res.rawPayload);
    for (const expected of ['Customer Approval', 'Signature image could not be shown.', 'Bomb Signer']) expect(text).toContain(expected);
  });

  it('300 lines flow over several pages, the table header repeated and "Page n of N" on each', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const lines = Array.from({ length: 200 }, (_, i) => line(`Item ${String(i + 1).padStart(3, '0')}`, 1, 10));
    const est = (await post('/api/estimates', estimateBody({ accountId: customer.id, lines }))).json().data;
    // The API takes at most 200 lines; the renderer must not care, so 100 more go straight into the table.
    const rows = await t.db.selectFrom('estimate_lines').selectAll().where('estimate_id', '=', est.id).orderBy('position').limit(100).execute();
    await t.db
      .insertInto('estimate_lines')
      .values(rows.map((r, i) => ({ ...r, id: randomUUID(), position: 200 + i, name: `Item ${200 + i + 1}` })))
      .execute();
    const res = await t.call('GET', `/api/estimates/${est.id}/pdf`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { pages, text } = await extractPdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i < pages.length - 1) expect(page).toContain('Product/Service');
    });
    for (const n of [1, 150, 200, 201, 300]) expect(text).toContain(`Item ${String(n).padStart(3, '0')}`);
  });

  it('is declared in the OpenAPI with an application/pdf body', async () => {
    const paths = (await t.app.inject({ url: '/api/openapi.json' })).json().paths;
    for (const path of ['/api/estimates/{id}/pdf', '/api/invoices/{id}/pdf']) {
      expect(paths[path].get.responses['200'].content['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' });
      expect(paths[path].get.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    }
  });
});
