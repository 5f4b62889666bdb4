import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import { extractPdfText } from '@fieldwork/testing/pdf-text';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { estimateBody, invoiceBody, line } from '../billing/billing.fixture.ts';
import { pngImage } from '@fieldwork/testing/image-samples';
import { multipart } from '../media/media-upload.fixture.ts';
import { createPdfCache } from './pdf-cache.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const renders = () => t.app.pdf.stats().renders;
const download = async (url: string, s: Session = admin) => {
  const res = await t.call('GET', url, s.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

describe('rendered PDFs are cached by their exact content', () => {
  it('a second download of an unchanged estimate does not render again; an edit renders afresh', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const body = estimateBody({ accountId: customer.id, lines: [line('Pump', 1, 100)] });
    const est = (await t.call('POST', '/api/estimates', admin.cookie, body)).json().data;
    const url = `/api/estimates/${est.id}/pdf`;
    const before = renders();
    const first = await download(url);
    expect(renders()).toBe(before + 1);
    expect(await download(url)).toEqual(first);
    expect(renders()).toBe(before + 1);
    expect(t.app.pdf.stats().cacheHits).toBeGreaterThanOrEqual(1);

    const edited = await t.call('PUT', `/api/estimates/${est.id}`, admin.cookie, {
      ...estimateBody({ accountId: customer.id, lines: [line('Pump and valve', 1, 120)] }),
      version: est.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await download(url);
    expect(renders()).toBe(before + 2);
    expect(await extractPdfText(after)).toContain('Pump and valve');
  });

  it('a payment on an invoice renders afresh with the new balance', async () => {
    const job = await buildJob(t.db, tenantId);
    const inv = (
      await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ jobId: job.id, mode: 'Send', lines: [line('Boiler service', 1, 1000)] }))
    ).json().data;
    const url = `/api/invoices/${inv.id}/pdf`;
    await download(url);
    const before = renders();
    await download(url);
    expect(renders()).toBe(before);
    expect(
      (await t.call('POST', `/api/invoices/${inv.id}/payments`, admin.cookie, { amount: 250, paidOn: '2026-03-01', method: 'CHECK', reference: 'chk 9' }))
        .statusCode,
    ).toBe(201);
    const text = await extractPdfText(await download(url));
    expect(renders()).toBe(before + 1);
    expect(text).toContain('$750.00');
  });

  it('renaming the customer (the estimate itself unchanged) renders afresh', async () => {
    const customer = await buildCustomer(t.db, tenantId, { name: 'Old Customer Name' });
    const est = (await t.call('POST', '/api/estimates', admin.cookie, estimateBody({ accountId: customer.id }))).json().data;
    const url = `/api/estimates/${est.id}/pdf`;
    await download(url);
    const before = renders();
    await t.db.updateTable('customers').set({ name: 'New Customer Name' }).where('id', '=', customer.id).execute();
    expect((await t.call('GET', `/api/estimates/${est.id}`, admin.cookie)).json().data.version).toBe(est.version);
    expect(await extractPdfText(await download(url))).toContain('New Customer Name');
    expect(renders()).toBe(before + 1);
  });

  it("renaming the company renders afresh; another company's document never shares an entry", async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const est = (await t.call('POST', '/api/estimates', admin.cookie, estimateBody({ accountId: customer.id }))).json().data;
    const url = `/api/estimates/${est.id}/pdf`;
    await download(url);
    const before = renders();
    const company = (await t.call('GET', '/api/company', admin.cookie)).json().data;
    const renamed = await t.call('PUT', '/api/company', admin.cookie, { name: 'Renamed Heating Co', timeZone: company.timeZone, version: company.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await extractPdfText(await download(url))).toContain('Renamed Heating Co');
    expect(renders()).toBe(before + 1);

    const other = await t.newCompany();
    const otherCustomer = await buildCustomer(t.db, other.tenantId);
    const otherEst = (await t.call('POST', '/api/estimates', other.admin.cookie, estimateBody({ accountId: otherCustomer.id }))).json().data;
    await download(`/api/estimates/${otherEst.id}/pdf`, other.admin);
    expect(renders()).toBe(before + 2);
    expect((await t.call('GET', url, other.admin.cookie)).statusCode).toBe(404);
  });
});

describe("the company's branding on its documents", () => {
  it('prints contact lines and the logo; new contact lines, colour or logo render afresh', async () => {
    const { tenantId: tid, admin: a } = await t.newCompany();
    const customer = await buildCustomer(t.db, tid);
    const est = (await t.call('POST', '/api/estimates', a.cookie, estimateBody({ accountId: customer.id }))).json().data;
    const url = `/api/estimates/${est.id}/pdf`;
    const plain = await download(url, a);
    expect(plain.toString('latin1')).not.toContain('/Subtype /Image');
    const company = (await t.call('GET', '/api/company', a.cookie)).json().data;
    const saved = await t.call('PUT', '/api/company', a.cookie, {
      name: company.name,
      timeZone: company.timeZone,
      email: 'office@brand.test',
      phone: '+1 555 0100',
      address: '9 Elm St, Springfield',
      brandColor: '#0f766e',
      version: company.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = renders();
    const coloured = await download(url, a);
    expect(renders()).toBe(before + 1);
    const text = await extractPdfText(coloured);
    for (const line of ['office@brand.test', '+1 555 0100', '9 Elm St, Springfield']) expect(text).toContain(line);
    const form = multipart('logo.png', 'image/png', pngImage(120, 40));
    const logo = await t.app.inject({ method: 'PUT', url: '/api/company/logo', payload: form.payload, headers: { ...form.headers, cookie: a.cookie } });
    expect(logo.statusCode, logo.body).toBe(200);
    const withLogo = await download(url, a);
    expect(renders()).toBe(before + 2);
    expect(withLogo.toString('latin1')).toContain('/Subtype /Image');
    await download(url, a);
    expect(renders()).toBe(before + 2);
  });
});

describe('createPdfCache', () => {
  it('holds at most its bytes, evicting the least recently used first', () => {
    const cache = createPdfCache(10);
    cache.set('a', Buffer.alloc(6));
    cache.set('b', Buffer.alloc(4));
    cache.get('a');
    cache.set('c', Buffer.alloc(4));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((b) => b?.length)).toEqual([6, undefined, 4]);
    expect(cache.stats()).toEqual({ entries: 2, bytes: 10 });
    cache.set('big', Buffer.alloc(11));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.stats().bytes).toBe(10);
  });

  it('keeps nothing at 0 bytes', () => {
    const cache = createPdfCache(0);
    cache.set('a', Buffer.alloc(1));
    expect(cache.get('a')).toBeUndefined();
  });
});
