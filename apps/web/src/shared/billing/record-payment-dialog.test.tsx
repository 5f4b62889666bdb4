import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVOICE_MESSAGES } from '@fieldwork/domain/billing/invoices.rules';
import { mockApi, renderWithQuery, route } from '../../test-utils';
import { INVOICE_ID, emailDraftReply, invoice } from './preview-test-fixtures';
import { RecordPaymentDialog, validatePayment } from './record-payment-dialog';

const draftRoute = (o: { lastEmailedTo?: string[]; companyVerified?: boolean } = {}) => emailDraftReply('invoice', INVOICE_ID, o);
const posts = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

const values = (amount: string) => ({ amount, paidOn: '2025-03-06', method: 'CASH' as const, reference: '' });

describe('validatePayment', () => {
  it('mirrors the server: more than zero, cents only, never over the balance', () => {
    expect(validatePayment(values('450'), 450)).toEqual({});
    expect(validatePayment(values('450.01'), 450).amount).toBe(INVOICE_MESSAGES.overBalance('$450.00'));
    expect(validatePayment(values('0'), 450).amount).toMatch(/^Amount must be between 0.01 and/);
    expect(validatePayment(values(''), 450).amount).toBe('Amount must be a number.');
    expect(validatePayment(values('1.234'), 450).amount).toMatch(/Amount/);
    expect(validatePayment({ ...values('10'), paidOn: '' }, 450).paidOn).toBe('Payment Date must be a date (YYYY-MM-DD).');
  });
});

describe('record payment dialog', { timeout: 20_000 }, () => {
  const open = (balance = 450) => {
    const onClose = vi.fn();
    renderWithQuery(
      <RecordPaymentDialog target={{ kind: 'invoice', id: INVOICE_ID, invoiceNumber: 3001, balance }} timeZone="America/New_York" onClose={onClose} />,
    );
    return { onClose, dialog: within(screen.getByRole('dialog', { name: 'Record Payment' })) };
  };

  it('refuses an amount over the balance without calling the server', async () => {
    const fetchMock = mockApi(draftRoute());
    const { dialog } = open();
    const user = userEvent.setup();
    const amount = dialog.getByLabelText('Amount');
    expect((amount as HTMLInputElement).value).toBe('450.00');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(dialog.getByRole('button', { name: 'Record Payment' }));
    expect(await dialog.findByText(INVOICE_MESSAGES.overBalance('$450.00'))).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('sends dollars with the date, method and reference, then closes', async () => {
    const fetchMock = mockApi(draftRoute(), route('POST', `/api/invoices/${INVOICE_ID}/payments`, { body: { data: invoice({ paidAmount: 120.5 }) } }));
    const { dialog, onClose } = open();
    const user = userEvent.setup();
    const amount = dialog.getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '120.50');
    const date = dialog.getByLabelText('Payment Date') as HTMLInputElement;
    expect(date.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.clear(date);
    await user.type(date, '2025-03-06');
    await user.selectOptions(dialog.getByLabelText('Method'), 'Bank transfer');
    await user.type(dialog.getByLabelText('Reference'), 'TX-77');
    await user.click(dialog.getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ amount: 120.5, paidOn: '2025-03-06', method: 'BANK_TRANSFER', reference: 'TX-77' });
  });

  it("shows the server's message when it refuses (e.g. a payment raced past the balance)", async () => {
    const message = INVOICE_MESSAGES.overBalance('$20.00');
    mockApi(draftRoute(), route('POST', `/api/invoices/${INVOICE_ID}/payments`, { status: 409, body: { statusCode: 409, code: 'CONFLICT', message } }));
    const { dialog, onClose } = open();
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Record Payment' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('emails a receipt by default to whom the invoice was last emailed; the address can be changed', async () => {
    const fetchMock = mockApi(
      draftRoute({ lastEmailedTo: ['owner@riverside.test'] }),
      route('POST', `/api/invoices/${INVOICE_ID}/payments`, { body: { data: invoice({ paidAmount: 450 }) } }),
    );
    const { dialog, onClose } = open();
    const user = userEvent.setup();
    await waitFor(() => expect(dialog.getByRole('checkbox', { name: 'Email a receipt' }).getAttribute('aria-checked')).toBe('true'));
    const to = dialog.getByLabelText('Receipt to') as HTMLInputElement;
    expect(to.value).toBe('owner@riverside.test');
    await user.clear(to);
    await user.type(to, 'not-an-address');
    await user.click(dialog.getByRole('button', { name: 'Record Payment' }));
    expect(await dialog.findByText('Receipt to: "not-an-address" is not a valid email address.')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);
    await user.clear(to);
    await user.type(to, 'owner@riverside.test, books@riverside.test');
    await user.click(dialog.getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body)).receipt).toEqual({ to: ['owner@riverside.test', 'books@riverside.test'] });
  });

  it('leaves the receipt off when the invoice was never emailed', async () => {
    const fetchMock = mockApi(draftRoute(), route('POST', `/api/invoices/${INVOICE_ID}/payments`, { body: { data: invoice({ paidAmount: 450 }) } }));
    const { dialog, onClose } = open();
    const box = await dialog.findByRole('checkbox', { name: 'Email a receipt' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).not.toHaveProperty('receipt');
  });

  it('offers no receipt while the company is unverified', async () => {
    const fetchMock = mockApi(draftRoute({ companyVerified: false, lastEmailedTo: ['owner@riverside.test'] }));
    const { dialog } = open();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/email-draft'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(dialog.queryByRole('checkbox', { name: 'Email a receipt' })).toBeNull();
  });
});
