import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import type { OnlinePayment } from '@fieldwork/domain/payments/payments.schemas';
import { browserNavigation } from '../../lib/browser-navigation';
import { FakeEventSource, makeSession, mockApi, renderApp, route } from '../../test-utils';
import { INVOICE_ID, invoice, invoiceReply } from '../../shared/billing/preview-test-fixtures';

const PAGE = `/workorder/invoices/${INVOICE_ID}`;
const CHECKOUT = `/api/invoices/${INVOICE_ID}/checkout`;
const CHECKOUT_URL = 'https://checkout.stripe.example/c/pay/cs_test_9';
const online = { canPay: true, allowPartial: false, minimum: 0.5, testMode: true };
const cardPayment: OnlinePayment = {
  id: 'op1',
  amount: 200,
  refunded: 50,
  fee: 6.1,
  net: 143.9,
  payerEmail: 'dana@example.com',
  providerPaymentId: 'pi_3Abc123',
  paidAt: '2025-03-06T15:04:00.000Z',
};

let openInNewTab: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  openInNewTab = vi.spyOn(browserNavigation, 'openInNewTab').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('office invoice: card payments', { timeout: 20_000 }, () => {
  it('takes a card payment for the whole balance in a new tab', async () => {
    const fetchMock = mockApi(invoiceReply(invoice({ onlinePay: online })), route('POST', CHECKOUT, { body: { data: { url: CHECKOUT_URL } } }));
    renderApp(PAGE, makeSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Take card payment' }));
    await waitFor(() => expect(openInNewTab).toHaveBeenCalledWith(CHECKOUT_URL));
    const call = fetchMock.mock.calls.find(([u, init]) => String(u) === CHECKOUT && init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({});
  });

  it("says the server's refusal in a toast", async () => {
    mockApi(
      invoiceReply(invoice({ onlinePay: online })),
      route('POST', CHECKOUT, { status: 409, body: { statusCode: 409, code: 'CONFLICT', message: PAYMENT_MESSAGES.notConnected } }),
    );
    renderApp(PAGE, makeSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Take card payment' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.notConnected)).toBeTruthy();
    expect(openInNewTab).not.toHaveBeenCalled();
  });

  it('is not offered without online payments, nor to someone who cannot record payments', async () => {
    mockApi(invoiceReply(invoice({ onlinePay: null })));
    const first = renderApp(PAGE, makeSession());
    await screen.findByRole('article', { name: 'Invoice #3001' });
    expect(screen.queryByRole('button', { name: 'Take card payment' })).toBeNull();
    first.unmount();

    // The server's per-record actions say this viewer may not record payments (read-only access).
    const readOnly = invoice({ onlinePay: online });
    mockApi(invoiceReply({ ...readOnly, actions: { ...readOnly.actions, recordPayment: false } }));
    renderApp(PAGE, makeSession('Viewer', 'onlyViewAccess'));
    await screen.findByRole('article', { name: 'Invoice #3001' });
    expect(screen.queryByRole('button', { name: 'Take card payment' })).toBeNull();
  });

  it('flags a credit beyond the total and lists card payments with their Stripe details', async () => {
    mockApi(invoiceReply(invoice({ status: 'PAID', paidAmount: 450, credit: 40, onlinePayments: [cardPayment] })));
    renderApp(PAGE, makeSession());
    const doc = await screen.findByRole('article', { name: 'Invoice #3001' });
    expect(within(doc).getByText('Credit $40.00 — refund or apply')).toBeTruthy();
    const table = within(doc).getByRole('table', { name: 'Card payments' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Mar 6, 2025, 10:04 AM', '$200.00', '$50.00', '$6.10', '$143.90', 'dana@example.com', 'pi_3Abc123']);
  });

  it('shows no credit flag and no card payments table when there are none', async () => {
    mockApi(invoiceReply(invoice()));
    renderApp(PAGE, makeSession());
    const doc = await screen.findByRole('article', { name: 'Invoice #3001' });
    expect(within(doc).queryByText(/refund or apply/)).toBeNull();
    expect(within(doc).queryByRole('table', { name: 'Card payments' })).toBeNull();
  });

  it('refetches the invoice and says so when a payment for it arrives live', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let paidAmount = 0;
    mockApi((url, init) =>
      (init?.method ?? 'GET') === 'GET' && url.pathname === `/api/invoices/${INVOICE_ID}` ? { body: { data: invoice({ paidAmount }) } } : undefined,
    );
    renderApp(PAGE, makeSession());
    const doc = await screen.findByRole('article', { name: 'Invoice #3001' });
    const source = FakeEventSource.listening('invoice.payment');
    const event = (recordId: string) => ({ type: 'invoice.payment', recordId, assigneeKeys: [], at: '' });
    paidAmount = 450;
    act(() => source?.emit('invoice.payment', event('another-invoice')));
    expect(screen.queryByText('Payment received online.')).toBeNull();
    act(() => source?.emit('invoice.payment', event(INVOICE_ID)));
    expect(await screen.findByText('Payment received online.')).toBeTruthy();
    expect((doc.querySelector('dl[aria-label="Totals"]') as HTMLElement).textContent).toContain('Paid$450.00Balance$0.00');
  });
});

describe('a refund arriving live', () => {
  it('says a card payment was refunded, not that one came in', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const card = {
      id: 'op1',
      amount: 450,
      fee: 13.35,
      net: 436.65,
      payerEmail: 'pat@example.com',
      providerPaymentId: 'pi_1',
      paidAt: '2026-11-26T10:00:00.000Z',
    };
    let refunded = 0;
    mockApi((url, init) =>
      (init?.method ?? 'GET') === 'GET' && url.pathname === `/api/invoices/${INVOICE_ID}`
        ? { body: { data: invoice({ paidAmount: 450 - refunded, onlinePayments: [{ ...card, refunded }] }) } }
        : undefined,
    );
    renderApp(PAGE, makeSession());
    await screen.findByRole('article', { name: 'Invoice #3001' });
    const source = FakeEventSource.listening('invoice.payment');
    refunded = 100;
    // Toasts of earlier tests may still be on screen: count, do not assume none.
    const receivedBefore = screen.queryAllByText('Payment received online.').length;
    act(() => source?.emit('invoice.payment', { type: 'invoice.payment', recordId: INVOICE_ID, assigneeKeys: [], at: '' }));
    expect(await screen.findByText('A card payment was refunded.')).toBeTruthy();
    expect(screen.queryAllByText('Payment received online.')).toHaveLength(receivedBefore);
  });
});
