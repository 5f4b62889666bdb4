import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '@fieldwork/testing/factories';
import { extractPdfText } from '@fieldwork/testing/pdf-text';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { invoiceBody, line } from '../billing/billing.fixture.ts';

/** Tax is rounded once per rate over the rounded line amounts; documents stored before keep their figures. */
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const pennies = () => Array.from({ length: 200 }, (_, i) => line(`Washer ${i + 1}`, 1, 0.01, 50));

describe('money rounds once', () => {
  it("200 lines of $0.01 at 50% tax: $1.00 of tax on the screen's API, the PDF and the dashboard", async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const res = await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ accountId: customer.id, lines: pennies(), mode: 'Send' }));
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json().data;
    expect({ subTotal: inv.subTotal, tax: inv.tax, total: inv.totalAmount }).toEqual({ subTotal: 2, tax: 1, total: 3 });
    expect(inv.productServices.reduce((s: number, l: { tax: number }) => s + Math.round(l.tax * 100), 0)).toBe(100);
    const pdf = await extractPdfText((await t.call('GET', `/api/invoices/${inv.id}/pdf`, admin.cookie)).rawPayload);
    expect(pdf).toMatch(/Tax\s*\$1\.00/);
    expect(pdf).toMatch(/Total\s*\$3\.00/);
    const finance = (await t.call('GET', '/api/dashboard/finance-metrics?preset=this_year', admin.cookie)).json();
    expect(finance.invoiced.value).toBe(3);
  });

  it('a document stored with per-line tax keeps its figures when read, printed, paid and copied into a draft', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const inv = (await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ accountId: customer.id, lines: pennies(), mode: 'Send' }))).json().data;
    // As an earlier version stored it: each line's tax rounded on its own (0.5 → 1 cent), $2.00 in all.
    await t.db.updateTable('invoice_lines').set({ tax_cents: 1 }).where('invoice_id', '=', inv.id).execute();
    await t.db.updateTable('invoices').set({ tax_cents: 200, total_cents: 400 }).where('id', '=', inv.id).execute();
    const read = (await t.call('GET', `/api/invoices/${inv.id}`, admin.cookie)).json().data;
    expect({ tax: read.tax, total: read.totalAmount, balance: read.balance }).toEqual({ tax: 2, total: 4, balance: 4 });
    expect(await extractPdfText((await t.call('GET', `/api/invoices/${inv.id}/pdf`, admin.cookie)).rawPayload)).toMatch(/Total\s*\$4\.00/);
    const copy = await t.call('POST', `/api/invoices/${inv.id}/draft`, admin.cookie);
    expect(copy.statusCode, copy.body).toBe(201);
    expect({ tax: copy.json().data.tax, total: copy.json().data.totalAmount }).toEqual({ tax: 2, total: 4 });
    const paid = await t.call('POST', `/api/invoices/${inv.id}/payments`, admin.cookie, { amount: 4, paidOn: '2026-03-01', method: 'CASH' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ totalAmount: 4, balance: 0, status: 'PAID' });
  });
});
