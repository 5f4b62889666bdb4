import { describe, expect, it } from 'vitest';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import type { Invoice } from '@fieldwork/domain/billing/invoices.schemas';
import { renderDocumentPdf } from './document-pdf.ts';
import { sampleEstimate, sampleInvoice } from './document-pdf.fixture.ts';
import { pngDataUrl, tinyPng } from './png.fixture.ts';

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const isPdf = (pdf: Buffer) => pdf.subarray(0, 5).toString('latin1') === '%PDF-';

describe('renderDocumentPdf', () => {
  it('draws an approved estimate with its signature image', async () => {
    const approval: NonNullable<Estimate['approval']> = {
      decision: 'APPROVED',
      signerName: 'Carla',
      signedAt: '2026-03-01T15:00:00.000Z',
      signerIp: '10.0.0.1',
      comment: null,
      signature: pngDataUrl(tinyPng()),
    };
    const pdf = await renderDocumentPdf({
      kind: 'estimate',
      document: sampleEstimate(3, { approval }),
      company: { name: 'Acme' },
      timeZone: 'America/Chicago',
    });
    expect(isPdf(pdf)).toBe(true);
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
  });

  it('survives non-Latin text in every field, an unknown time zone, a broken signature and no lines', async () => {
    const weird = '東京 😀 Łódź \u0007 tab\there';
    const base = sampleEstimate(0);
    const document: Estimate = {
      ...base,
      account: { id: 'a', name: weird },
      tenantAccountAddress: { id: 'b', fullAddress: weird },
      paymentTerm: weird,
      statusLabel: weird,
      estimateCustomerMessage: weird.repeat(50),
      approval: {
        decision: 'CHANGE_REQUEST',
        signerName: weird,
        signedAt: 'not a date',
        signerIp: null,
        comment: weird,
        signature: 'data:image/png;base64,AAAA',
      },
    };
    const pdf = await renderDocumentPdf({
      kind: 'estimate',
      document,
      company: { name: weird, address: weird, phone: weird, email: weird },
      timeZone: 'Mars/Olympus',
    });
    expect(isPdf(pdf)).toBe(true);
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(1);
  });

  it('flows 300 lines over several pages and draws an invoice with payments', async () => {
    expect(pageCount(await renderDocumentPdf({ kind: 'estimate', document: sampleEstimate(300), company: { name: 'Acme' }, timeZone: 'UTC' }))).toBeGreaterThan(
      3,
    );
    const invoice: Invoice = sampleInvoice(300);
    expect(pageCount(await renderDocumentPdf({ kind: 'invoice', document: invoice, company: { name: 'Acme' }, timeZone: 'UTC' }))).toBeGreaterThan(3);
  });
});
