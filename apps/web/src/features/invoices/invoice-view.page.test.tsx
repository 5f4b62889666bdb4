import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { INVOICE_MESSAGES } from '@fieldwork/domain/billing/invoices.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { INVOICE_ID, invoice, invoiceReply } from '../../shared/billing/preview-test-fixtures';

describe('invoice view page', { timeout: 20_000 }, () => {
  it('renders lines, totals, paid and balance, payments and the estimate it came from', async () => {
    const estimateId = '00000000-0000-4000-8000-0000000000e9';
    mockApi(
      invoiceReply(
        invoice({
          paidAmount: 100,
          isConvertedFromEstimate: true,
          convertedEstimate: { id: estimateId, estimateNumber: 2005 },
          payments: [{ id: 'p1', amount: 100, paidOn: '2025-03-06', method: 'CARD', reference: 'AUTH-9', createdAt: '2025-03-06T10:00:00.000Z' }],
        }),
      ),
    );
    renderApp(`/workorder/invoices/${INVOICE_ID}`, makeSession());
    const doc = await screen.findByRole('article', { name: 'Invoice #3001' });
    expect(within(doc).getByText('Open')).toBeTruthy();
    expect(within(within(doc).getByRole('table', { name: 'Products and services' })).getByText('Pump')).toBeTruthy();
    const totals = doc.querySelector('dl[aria-label="Totals"]') as HTMLElement;
    expect(totals.textContent).toContain('Total$450.00');
    expect(totals.textContent).toContain('Paid$100.00Balance$350.00');
    const payments = within(doc).getByRole('table', { name: 'Payments' });
    expect(within(payments).getByText('Card')).toBeTruthy();
    expect(within(payments).getByText('AUTH-9')).toBeTruthy();
    expect(within(doc).getByRole('link', { name: '#2005' }).getAttribute('href')).toBe(`/workorder/estimates/${estimateId}`);
  });

  it('links a draft copy to the invoice it was copied from, and the original to its copies', async () => {
    const originalId = '00000000-0000-4000-8000-0000000000a1';
    const copyId = '00000000-0000-4000-8000-0000000000c1';
    mockApi(
      invoiceReply(
        invoice({
          status: 'DRAFT',
          convertedInvoiceJobinfo: { previousInvoiceNumber: 31 },
          isConvertedInvoiceJob: true,
          copiedFrom: { id: originalId, invoiceNumber: 31, status: 'PAID' },
        }),
      ),
    );
    const first = renderApp(`/workorder/invoices/${INVOICE_ID}`, makeSession());
    const doc = await screen.findByRole('article', { name: 'Invoice #3001' });
    expect(within(doc).getByText(/Copied from Invoice/).textContent).toBe('Copied from Invoice #31');
    expect(within(doc).getByRole('link', { name: '#31' }).getAttribute('href')).toBe(`/workorder/invoices/${originalId}`);
    first.unmount();

    mockApi(invoiceReply(invoice({ status: 'PAID', copies: [{ id: copyId, invoiceNumber: 3002, status: 'DRAFT' }] })));
    renderApp(`/workorder/invoices/${INVOICE_ID}`, makeSession());
    const copies = await screen.findByRole('list', { name: INVOICE_MESSAGES.copies });
    expect(within(copies).getByRole('link', { name: 'Invoice #3002' }).getAttribute('href')).toBe(`/workorder/invoices/${copyId}`);
    expect(copies.textContent).toContain('(Draft)');
  });

  it('answers a missing invoice with a not-found panel', async () => {
    mockApi(route('GET', `/api/invoices/${INVOICE_ID}`, { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: INVOICE_MESSAGES.notFound } }));
    renderApp(`/workorder/invoices/${INVOICE_ID}`, makeSession());
    expect(await screen.findByText(INVOICE_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to invoices' }).getAttribute('href')).toBe('/workorder/invoices');
  });
});
