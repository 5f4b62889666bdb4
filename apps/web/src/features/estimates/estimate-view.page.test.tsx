import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ESTIMATE_MESSAGES } from '@fieldwork/domain/billing/estimates.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ESTIMATE_ID, estimate, estimateReply, PNG_DATA_URL } from '../../shared/billing/preview-test-fixtures';

describe('estimate view page', { timeout: 20_000 }, () => {
  it('renders the estimate like paper: company, number, badge, lines and totals', async () => {
    mockApi(estimateReply());
    renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    const doc = await screen.findByRole('article', { name: 'Estimate #2001' });
    expect(screen.getByRole('heading', { level: 1, name: 'Estimate #2001' })).toBeTruthy();
    expect(within(doc).getByText('Acme Field Services')).toBeTruthy();
    expect(within(doc).getByText('Open')).toBeTruthy();
    expect(within(doc).getByText('Mar 4, 2025')).toBeTruthy();
    expect(within(doc).getByText('Apr 3, 2025')).toBeTruthy();
    const table = within(doc).getByRole('table', { name: 'Products and services' });
    expect(within(table).getByText('Pump')).toBeTruthy();
    expect(within(table).getByText('Labour')).toBeTruthy();
    expect(within(doc).getByText('$450.00')).toBeTruthy();
    expect(within(doc).getByRole('region', { name: 'Margin' })).toBeTruthy();
  });

  it('links to the invoice it became and names the estimate it copies', async () => {
    const invoiceId = '00000000-0000-4000-8000-0000000000f9';
    mockApi(
      estimateReply(
        estimate({
          status: 'APPROVED',
          isConverted: true,
          convertedInvoice: { id: invoiceId, invoiceNumber: 3007 },
          isConvertedJobEstimate: true,
          convertedJobEstimateInfo: { previousEstimateNumber: 1999 },
        }),
      ),
    );
    renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    expect((await screen.findByRole('link', { name: '#3007' })).getAttribute('href')).toBe(`/workorder/invoices/${invoiceId}`);
    expect(screen.getByText(/Converted to invoice/)).toBeTruthy();
    expect(screen.getByText('Copy of estimate #1999')).toBeTruthy();
    expect(screen.getByText('Approved')).toBeTruthy();
  });

  it('shows the recorded approval with the signature image', async () => {
    mockApi(
      estimateReply(
        estimate({
          status: 'APPROVED',
          approval: {
            decision: 'APPROVED',
            signerName: 'Carla Customer',
            signedAt: '2025-03-05T14:30:00.000Z',
            signerIp: '203.0.113.7',
            comment: null,
            signature: PNG_DATA_URL,
          },
        }),
      ),
    );
    renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    const block = await screen.findByRole('region', { name: 'Approval' });
    expect(within(block).getByText('Carla Customer')).toBeTruthy();
    expect(within(block).getByText('Mar 5, 2025, 9:30 AM')).toBeTruthy();
    expect(within(block).getByRole('img').getAttribute('src')).toBe(PNG_DATA_URL);
  });

  it('answers a missing estimate with a not-found panel and a way back to the list', async () => {
    mockApi(route('GET', `/api/estimates/${ESTIMATE_ID}`, { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: ESTIMATE_MESSAGES.notFound } }));
    renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    expect(await screen.findByText(ESTIMATE_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to estimates' }).getAttribute('href')).toBe('/workorder/estimates');
  });
});
