import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TestCheckout } from '@fieldwork/domain/payments/payments.schemas';
import { mockApi, renderApp, route } from '../../test-utils';
import { captureNavigation, P_INVOICE_ID, sentBody } from './portal-test-fixtures';

const COMPANY_ID = '00000000-0000-4000-8000-0000000000c1';
const SESSION_ID = 'cs_demo_0123456789';
const PATH = `/portal/test-checkout/${COMPANY_ID}/${SESSION_ID}`;
const API = `/api/portal/test-checkout/${COMPANY_ID}/${SESSION_ID}`;
const RETURN_URL = `http://localhost/portal/invoices/${P_INVOICE_ID}?payment=done`;
const checkout = (o: Partial<TestCheckout> = {}): TestCheckout => ({
  companyName: 'Harbor Plumbing',
  description: 'Invoice #3001',
  amount: 500,
  status: 'open',
  returnUrl: RETURN_URL,
  cancelUrl: `http://localhost/portal/invoices/${P_INVOICE_ID}?payment=cancelled`,
  ...o,
});

const navigation = captureNavigation();

describe('demo test checkout page', { timeout: 20_000 }, () => {
  it('says no money moves, shows what is paid and completes the test payment', async () => {
    const fetchMock = mockApi(route('GET', API, { body: { data: checkout() } }), route('POST', `${API}/complete`, { body: { data: { url: RETURN_URL } } }));
    renderApp(PATH, null);
    expect(await screen.findByText('Test payment — no money moves')).toBeTruthy();
    expect(screen.getByText('Harbor Plumbing')).toBeTruthy();
    expect(screen.getByText('Invoice #3001')).toBeTruthy();
    const card = screen.getByLabelText('Card number') as HTMLInputElement;
    expect(card.value).toBe('4242 4242 4242 4242');
    expect(card.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(checkout().cancelUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Pay $500.00' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(RETURN_URL));
    expect(sentBody(fetchMock, 'POST', `${API}/complete`)).toBeNull();
  });

  it('a completed checkout says so and links back', async () => {
    mockApi(route('GET', API, { body: { data: checkout({ status: 'complete' }) } }));
    renderApp(PATH, null);
    expect(await screen.findByText('This test payment is already complete.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the document' }).getAttribute('href')).toBe(RETURN_URL);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('an unknown checkout is not available', async () => {
    mockApi(route('GET', API, { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' } }));
    renderApp(PATH, null);
    expect(await screen.findByText('This checkout is not available.')).toBeTruthy();
  });
});
