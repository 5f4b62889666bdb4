import { describe, expect, it } from 'vitest';
import type { Invoice } from '@fieldwork/domain/billing/invoices.schemas';
import { MAX_PAGES, renderDocumentPdf } from './document-pdf.ts';
import { sampleEstimate, sampleInvoice, sampleLines, WORST_CASE_SHAPES, worstCaseLines, type WorstCaseShape } from './document-pdf.fixture.ts';
import { drawnLines, pageCount } from './pdf-content.fixture.ts';
import { ELLIPSIS } from './pdf-text-wrap.ts';

const company = { name: 'Acme Heating' };
const shapes = Object.keys(WORST_CASE_SHAPES) as WorstCaseShape[];

describe('renderDocumentPdf stays linear and bounded', () => {
  it.each(shapes)('200 lines of %s at the API maximum: about 1 page per 5 lines, well inside the page budget', async (shape) => {
    const pdf = await renderDocumentPdf({
      kind: 'estimate',
      document: sampleEstimate(0, { productServices: worstCaseLines(shape) }),
      company,
      timeZone: 'UTC',
    });
    const pages = pageCount(pdf);
    expect(pages).toBeLessThanOrEqual(200 / 4);
    expect(pages).toBeLessThan(MAX_PAGES - 4);
    const text = drawnLines(pdf);
    expect(text.some((l) => l.includes('not printed'))).toBe(false);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // Every line is there (its figures are never cut), and the cut texts say so.
    expect(text.filter((l) => l === '$125.00')).toHaveLength(sampleLines(200).filter((l) => l.rate === 125).length);
    expect(text.filter((l) => l.endsWith(ELLIPSIS)).length).toBeGreaterThanOrEqual(200);
  });

  it('ordinary documents lose nothing: every name and description in full, about 1 page per 25 lines', async () => {
    const document = sampleEstimate(200);
    const pdf = await renderDocumentPdf({ kind: 'estimate', document, company, timeZone: 'UTC' });
    expect(pageCount(pdf)).toBeLessThanOrEqual(200 / 25 + 1);
    const lines = drawnLines(pdf);
    const text = lines.join(' ');
    for (const line of document.productServices) {
      expect(lines).toContain(line.name);
      if (line.description) expect(text).toContain(line.description);
    }
    expect(lines.some((l) => l.endsWith(ELLIPSIS))).toBe(false);
  });

  it('cuts a long description after 8 lines with an ellipsis and a long name after 3', async () => {
    const [line] = worstCaseLines('prose', 1);
    const pdf = await renderDocumentPdf({ kind: 'estimate', document: sampleEstimate(0, { productServices: [line!] }), company, timeZone: 'UTC' });
    const lines = drawnLines(pdf);
    const name = lines.findIndex((l) => l.startsWith('Replace and commission'));
    expect(lines.slice(name, name + 3).map((l) => l.endsWith(ELLIPSIS))).toEqual([false, false, true]);
    const description = lines.slice(name + 3, name + 11);
    expect(description[0]).toMatch(/^Remove the old unit/);
    expect(description.map((l) => l.endsWith(ELLIPSIS))).toEqual([false, false, false, false, false, false, false, true]);
    expect(lines[name + 11]).toBe('1.5'); // the quantity: the description ended there
  });

  it('a message of 2,000 line breaks prints on one page, blank lines collapsed and cut with an ellipsis', async () => {
    const document = sampleEstimate(1, { estimateCustomerMessage: 'Call first.\n\n\n\n' + 'x\n'.repeat(2000) });
    const pdf = await renderDocumentPdf({ kind: 'estimate', document, company, timeZone: 'UTC' });
    expect(pageCount(pdf)).toBeLessThanOrEqual(2);
    const lines = drawnLines(pdf);
    const at = lines.indexOf('Call first.');
    expect(lines[at + 1]).toBe('x');
    expect(lines.filter((l) => l === 'x' || l === `x${ELLIPSIS}`).length).toBeLessThan(60);
    expect(lines).toContain(`x${ELLIPSIS}`);
  });

  it('never passes the page budget: 2,000 lines and 2,000 payments stop at it with a note, the totals still printed', async () => {
    const payments: Invoice['payments'] = Array.from({ length: 2000 }, (_, i) => ({
      id: `p${i}`,
      amount: 1,
      paidOn: '2026-11-21',
      method: 'CHECK',
      reference: 'r'.repeat(100),
      createdAt: '2026-11-21T10:00:00.000Z',
    }));
    const document = sampleInvoice(0, { productServices: worstCaseLines('unbroken', 2000), payments, invoiceCustomerMessage: 'm '.repeat(2000) });
    const pdf = await renderDocumentPdf({ kind: 'invoice', document, company, timeZone: 'UTC' });
    expect(pageCount(pdf)).toBeLessThanOrEqual(MAX_PAGES);
    const lines = drawnLines(pdf);
    expect(lines.find((l) => l.includes('more lines not printed'))).toMatch(/^1,\d{3} more lines not printed: a PDF holds at most 60 pages\./);
    expect(lines.some((l) => /^[\d,]+ more payments not printed/.test(l))).toBe(true);
    for (const expected of ['Balance Due', 'Payments', 'Message to Customer', `Page ${pageCount(pdf)} of ${pageCount(pdf)}`]) expect(lines).toContain(expected);
  });
});
