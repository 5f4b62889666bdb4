import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import type { Estimate } from '@fieldwork/domain/estimates.schemas';
import type { Invoice } from '@fieldwork/domain/invoices.schemas';
import { renderDocumentPdf } from './document-pdf.ts';
import { sampleEstimate, sampleInvoice } from './document-pdf.fixture.ts';

/** A real 2×2 grey PNG (the signature pad's format), built here so no binary fixture is needed. */
function tinyPng(): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 0, 0, 0, 0]); // 2×2, 8-bit greyscale
  const raw = Buffer.from([0, 0x40, 0x80, 0, 0xc0, 0xff]);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const isPdf = (pdf: Buffer) => pdf.subarray(0, 5).toString('latin1') === '%PDF-';

describe('renderDocumentPdf', () => {
  it('draws an approved estimate with its signature image', async () => {
    const approval: NonNullable<Estimate['approval']> = { decision: 'APPROVED', signerName: 'Carla', signedAt: '2026-03-01T15:00:00.000Z', signerIp: '10.0.0.1', comment: null, signature: tinyPng() };
    const pdf = await renderDocumentPdf({ kind: 'estimate', document: sampleEstimate(3, { approval }), company: { name: 'Acme' }, timeZone: 'America/Chicago' });
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
      approval: { decision: 'CHANGE_REQUEST', signerName: weird, signedAt: 'not a date', signerIp: null, comment: weird, signature: 'data:image/png;base64,AAAA' },
    };
    const pdf = await renderDocumentPdf({ kind: 'estimate', document, company: { name: weird, address: weird, phone: weird, email: weird }, timeZone: 'Mars/Olympus' });
    expect(isPdf(pdf)).toBe(true);
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(1);
  });

  it('flows 300 lines over several pages and draws an invoice with payments', async () => {
    expect(pageCount(await renderDocumentPdf({ kind: 'estimate', document: sampleEstimate(300), company: { name: 'Acme' }, timeZone: 'UTC' }))).toBeGreaterThan(3);
    const invoice: Invoice = sampleInvoice(300);
    expect(pageCount(await renderDocumentPdf({ kind: 'invoice', document: invoice, company: { name: 'Acme' }, timeZone: 'UTC' }))).toBeGreaterThan(3);
  });
});
