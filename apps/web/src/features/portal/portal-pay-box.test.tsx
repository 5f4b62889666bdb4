import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import type { PortalInvoice } from '@fieldwork/domain/portal/portal.schemas';
import { mockApi, renderApp, route } from '../../test-utils';
import { captureNavigation, estimateReply, meReply, P_ESTIMATE_ID, P_INVOICE_ID, portalEstimate, portalInvoice, sentBody } from './portal-test-fixtures';
import { AMOUNT_NOT_MONEY } from './portal-pay-box';
import { CONFIRM_POLL_FOR_MS, CONFIRM_POLL_MS } from './use-payment-return';
import { PAYMENT_RETURN_TEXT } from './payment-return-banner';

const INVOICE = `/portal/invoices/${P_INVOICE_ID}`;
const PAY = `/api/portal/invoices/${P_INVOICE_ID}/pay`;
const CHECKOUT_URL = 'https://checkout.stripe.example/c/pay/cs_test_1';
const payable = (o: Partial<PortalInvoice> = {}) => portalInvoice({ onlinePay: { canPay: true, allowPartial: false, minimum: 0.5, testMode: false }, ...o });
const invoiceGet = (i: PortalInvoice) => route('GET', `/api/portal/invoices/${P_INVOICE_ID}`, { body: { data: i } });

const navigation = captureNavigation();
afterEach(() => {
  vi.useRealTimers();
});

describe('portal invoice: pay online', { timeout: 20_000 }, () => {
  it('pays the whole balance: opens checkout and sends the browser there', async () => {
    const fetchMock = mockApi(meReply(), route('POST', PAY, { body: { data: { url: CHECKOUT_URL } } }), invoiceGet(payable()));
    renderApp(INVOICE, null);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $500.00' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(sentBody(fetchMock, 'POST', PAY)).toEqual({});
    // The browser is leaving: the button stays busy so a second click cannot open a second checkout.
    const busy = screen.getByRole('button', { name: 'Opening secure checkout…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(screen.queryByText('Pay another amount')).toBeNull();
    expect(screen.queryByText('Test mode — no real money moves')).toBeNull();
  });

  it('offers no Pay button when the invoice cannot be paid online', async () => {
    mockApi(meReply(), invoiceGet(portalInvoice({ onlinePay: { canPay: false, allowPartial: true, minimum: 0.5, testMode: true } })));
    renderApp(INVOICE, null);
    await screen.findByRole('article', { name: 'Invoice #3001' });
    expect(screen.queryByRole('region', { name: 'Pay online' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('pays part of the balance where the company allows it, checked by the domain rule first', async () => {
    const fetchMock = mockApi(
      meReply(),
      route('POST', PAY, { body: { data: { url: CHECKOUT_URL } } }),
      invoiceGet(payable({ onlinePay: { canPay: true, allowPartial: true, minimum: 0.5, testMode: true } })),
    );
    renderApp(INVOICE, null);
    const user = userEvent.setup();
    expect(await screen.findByText('Test mode — no real money moves')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay another amount' }));
    const amount = screen.getByLabelText('Amount to pay');
    await user.type(amount, '600');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.amountOverBalance)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '0.25');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.amountTooSmall)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(AMOUNT_NOT_MONEY)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', PAY)).toBeUndefined();
    await user.clear(amount);
    await user.type(amount, '125.5');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(sentBody(fetchMock, 'POST', PAY)).toEqual({ amount: 125.5 });
  });

  it("shows the server's refusal inline", async () => {
    mockApi(
      meReply(),
      route('POST', PAY, { status: 409, body: { statusCode: 409, code: 'CONFLICT', message: PAYMENT_MESSAGES.notPayable } }),
      invoiceGet(payable()),
    );
    renderApp(INVOICE, null);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $500.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PAYMENT_MESSAGES.notPayable);
    expect(navigation.assign).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Pay $500.00' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('back from checkout: says the payment is being confirmed and refetches until it shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let gets = 0;
    mockApi(meReply(), (url, init) => {
      if (url.pathname !== `/api/portal/invoices/${P_INVOICE_ID}` || (init?.method ?? 'GET') !== 'GET') return undefined;
      gets += 1;
      const paid = gets > 1;
      return { body: { data: payable(paid ? { paidAmount: 1321, balance: 0, status: 'PAID', statusLabel: 'Paid', onlinePay: null } : {}) } };
    });
    renderApp(`${INVOICE}?payment=done`, null);
    expect(await screen.findByText('Thank you — your payment is being confirmed.')).toBeTruthy();
    expect(gets).toBe(1);
    // The server still offers Pay until the webhook lands; a second click now would charge twice.
    expect(screen.queryByRole('button', { name: 'Pay $500.00' })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRM_POLL_MS);
    });
    expect(await screen.findByText('Payment received. Thank you!')).toBeTruthy();
    expect(within(screen.getByLabelText('Totals')).getByText('$0.00')).toBeTruthy();
    // Settled: no more refetching.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRM_POLL_MS * 3);
    });
    expect(gets).toBe(2);
  });

  it('stops asking after a minute and says the payment may take longer to show', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi(meReply(), invoiceGet(payable()));
    const gets = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith(`/api/portal/invoices/${P_INVOICE_ID}`)).length;
    renderApp(`${INVOICE}?payment=done`, null);
    expect(await screen.findByText(PAYMENT_RETURN_TEXT.waiting)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRM_POLL_FOR_MS);
    });
    expect(await screen.findByText(PAYMENT_RETURN_TEXT.slow)).toBeTruthy();
    const asked = gets();
    expect(asked).toBeGreaterThan(10);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRM_POLL_MS * 5);
    });
    expect(gets()).toBe(asked);
  });

  it('back from a cancelled checkout says nothing was charged, and does not poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi(meReply(), invoiceGet(payable()));
    renderApp(`${INVOICE}?payment=cancelled`, null);
    expect(await screen.findByText('Payment cancelled — nothing was charged.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $500.00' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRM_POLL_MS * 2);
    });
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith(`/api/portal/invoices/${P_INVOICE_ID}`))).toHaveLength(1);
  });

  it('shows a credit beyond the total', async () => {
    mockApi(meReply(), invoiceGet(portalInvoice({ status: 'PAID', statusLabel: 'Paid', paidAmount: 1321, balance: 0, credit: 40 })));
    renderApp(INVOICE, null);
    expect(await screen.findByText('Credit on this invoice: $40.00 (the company will refund or apply it)')).toBeTruthy();
  });
});

describe('portal estimate: pay deposit', { timeout: 20_000 }, () => {
  const depositDue = portalEstimate({
    status: 'APPROVED',
    statusLabel: 'Approved',
    canAnswer: false,
    answer: { decision: 'APPROVED', signerName: 'Dana Whitfield', at: '2026-11-26T15:30:00.000Z', comment: null, via: 'portal' },
    onlinePay: { canPay: true, allowPartial: false, minimum: 0.5, testMode: true },
  });
  const PAY_DEPOSIT = `/api/portal/estimates/${P_ESTIMATE_ID}/pay-deposit`;

  it('pays the deposit through checkout', async () => {
    const fetchMock = mockApi(meReply(), route('POST', PAY_DEPOSIT, { body: { data: { url: CHECKOUT_URL } } }), estimateReply(depositDue));
    renderApp(`/portal/estimates/${P_ESTIMATE_ID}`, null);
    expect(await screen.findByText('Test mode — no real money moves')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay deposit $300.00' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(sentBody(fetchMock, 'POST', PAY_DEPOSIT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Opening secure checkout…' })).toBeTruthy();
  });

  it('back from checkout: refetches until the estimate is Deposit Paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let gets = 0;
    mockApi(meReply(), (url, init) => {
      if (url.pathname !== `/api/portal/estimates/${P_ESTIMATE_ID}` || (init?.method ?? 'GET') !== 'GET') return undefined;
      gets += 1;
      // The webhook lands between the second and third look.
      const paid = gets > 2;
      return { body: { data: paid ? { ...depositDue, status: 'PAID', statusLabel: 'Deposit Paid', onlinePay: null } : depositDue } };
    });
    renderApp(`/portal/estimates/${P_ESTIMATE_ID}?payment=done`, null);
    expect(await screen.findByText('Thank you — your payment is being confirmed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay deposit/ })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRM_POLL_MS);
    });
    expect(screen.getByText('Thank you — your payment is being confirmed.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRM_POLL_MS);
    });
    expect(await screen.findByText('Payment received. Thank you!')).toBeTruthy();
    expect(screen.getAllByText('Deposit Paid').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Pay deposit/ })).toBeNull();
  });
});
