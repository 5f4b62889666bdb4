import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockApi, renderApp } from '../../test-utils';
import { invoiceReply, meReply, P_INVOICE_ID, portalInvoice } from './portal-test-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('portal invoice page', { timeout: 20_000 }, () => {
  it('shows the totals, each payment, what was paid and the balance due, and the PDF link', async () => {
    mockApi(meReply(), invoiceReply());
    renderApp(`/portal/invoices/${P_INVOICE_ID}`, null);
    const doc = await screen.findByRole('article', { name: 'Invoice #3001' });
    const totals = within(doc).getByLabelText('Totals').textContent;
    expect(totals).toContain('Freight$25.00');
    expect(totals).toContain('Total$1,321.00');
    expect(totals).toContain('Paid$821.00');
    expect(totals).toContain('Balance due$500.00');
    const payments = within(doc).getByRole('region', { name: 'Payments' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Nov 22, 2026 · Card$300.00', 'Nov 25, 2026 · Check$521.00']);
    expect(within(doc).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/portal/invoices/${P_INVOICE_ID}/pdf`);
  });

  it('shows a paid invoice with nothing left to pay', async () => {
    mockApi(meReply(), invoiceReply(portalInvoice({ status: 'PAID', statusLabel: 'Paid', paidAmount: 1321, balance: 0, freight: 0 })));
    renderApp(`/portal/invoices/${P_INVOICE_ID}`, null);
    const doc = await screen.findByRole('article', { name: 'Invoice #3001' });
    expect(within(doc).getByLabelText('Totals').textContent).toContain('Balance due$0.00');
    expect(within(doc).getByLabelText('Totals').textContent).not.toContain('Freight');
    expect(within(doc).getByText('Paid', { selector: 'span' })).toBeTruthy();
  });
});
