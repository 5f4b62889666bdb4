import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import { extractPdfText } from '@fieldwork/testing/pdf-text';
import { testConfig } from '../../config.ts';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { estimateBody, invoiceBody, line } from '../billing/billing.fixture.ts';

/**
 * The render threads are held with the pool's test gate: a held worker is blocked exactly like one busy with a
 * long render, so what these tests show without any timing is that the request thread still answers meanwhile.
 */
const gate = new SharedArrayBuffer(4);
const held = new Int32Array(gate);
const hold = () => Atomics.store(held, 0, 1);
const release = () => {
  Atomics.store(held, 0, 0);
  Atomics.notify(held, 0);
};

const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-';
const pdfConfig = (overrides: object) => ({ pdf: { ...testConfig().pdf, rendersPerCompany: 2, queuePerCompany: 4, holdGate: gate, ...overrides } });

async function estimates(t: TestApp, tenantId: string, s: Session, count: number): Promise<{ id: string; estimateNumber: number }[]> {
  const customer = await buildCustomer(t.db, tenantId);
  const out = [];
  for (let i = 0; i < count; i++) {
    const res = await t.call('POST', '/api/estimates', s.cookie, estimateBody({ accountId: customer.id, lines: [line(`Item ${i}`, 1, 10 + i)] }));
    out.push(res.json().data);
  }
  return out;
}

describe('PDFs render off the request thread, within a per-company limit', () => {
  let t: TestApp;
  let a: { tenantId: string; admin: Session };
  let b: { tenantId: string; admin: Session };
  beforeAll(async () => {
    t = await createTestApp(pdfConfig({}));
    a = await t.newCompany();
    b = await t.newCompany();
  });
  afterAll(async () => {
    release();
    await t.close();
  });

  it('past 2 in flight + 4 waiting a company gets 429 with Retry-After; another company is answered meanwhile; the held renders then complete', async () => {
    const docs = await estimates(t, a.tenantId, a.admin, 7);
    const bJob = await buildJob(t.db, b.tenantId);
    const bInvoice = (await t.call('POST', '/api/invoices', b.admin.cookie, invoiceBody({ jobId: bJob.id }))).json().data;
    const admitted = (n: number) => () => {
      const s = t.app.pdf.stats();
      expect(s.inFlight + s.waiting).toBe(n);
    };

    hold();
    const downloads = docs.slice(0, 6).map((d) => t.call('GET', `/api/estimates/${d.id}/pdf`, a.admin.cookie));
    await vi.waitFor(admitted(6), { timeout: 20_000 });

    const refused = await t.call('GET', `/api/estimates/${docs[6]!.id}/pdf`, a.admin.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many PDFs are being prepared for your company. Try again in a few seconds.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Company B, while every render thread is held: its job list answers, and its own PDF is admitted.
    const jobs = await t.call('GET', '/api/jobs', b.admin.cookie);
    expect(jobs.statusCode, jobs.body).toBe(200);
    expect(jobs.json().data.map((j: { id: string }) => j.id)).toContain(bJob.id);
    const bDownload = t.call('GET', `/api/invoices/${bInvoice.id}/pdf`, b.admin.cookie);
    await vi.waitFor(admitted(7), { timeout: 20_000 });
    expect(t.app.pdf.stats().renders).toBe(0);

    release();
    const answers = await Promise.all(downloads);
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, res.body).toBe(200);
      expect(isPdf(res.rawPayload)).toBe(true);
      expect(await extractPdfText(res.rawPayload)).toContain(`Estimate #${docs[i]!.estimateNumber}`);
    }
    const bAnswer = await bDownload;
    expect(bAnswer.statusCode, bAnswer.body).toBe(200);
    expect(await extractPdfText(bAnswer.rawPayload)).toContain(`Invoice #${bInvoice.invoiceNumber}`);
    expect(t.app.pdf.stats().renders).toBe(7);

    // The limit is free again.
    expect((await t.call('GET', `/api/estimates/${docs[6]!.id}/pdf`, a.admin.cookie)).statusCode).toBe(200);
  });
});

describe('a render thread that is stuck', () => {
  let t: TestApp;
  let a: { tenantId: string; admin: Session };
  beforeAll(async () => {
    t = await createTestApp(pdfConfig({ renderTimeoutMs: 2_000 }));
    a = await t.newCompany();
  });
  afterAll(async () => {
    release();
    await t.close();
  });

  it('is ended at the render timeout and replaced: that request gets 503 with a clear message, the next one its PDF', async () => {
    const [doc] = await estimates(t, a.tenantId, a.admin, 1);
    hold();
    const stuck = await t.call('GET', `/api/estimates/${doc!.id}/pdf`, a.admin.cookie);
    release();
    expect(stuck.statusCode).toBe(503);
    expect(stuck.json()).toEqual({ statusCode: 503, code: 'UNAVAILABLE', message: 'This PDF took too long to prepare and was stopped. Please try again.' });
    expect(t.app.pdf.stats().replaced).toBe(1);

    const next = await t.call('GET', `/api/estimates/${doc!.id}/pdf`, a.admin.cookie);
    expect(next.statusCode, next.body).toBe(200);
    expect(isPdf(next.rawPayload)).toBe(true);
    expect(t.app.pdf.stats()).toMatchObject({ renders: 1, replaced: 1 });
  });
});
