import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGE_MESSAGES } from '@fieldwork/domain/messages/messages.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { INVOICE_ID, emailDraftReply, invoice, invoiceReply } from './preview-test-fixtures';

const draftInvoice = () => invoice({ status: 'DRAFT' });
const sendPosts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url).endsWith(`/api/invoices/${INVOICE_ID}/send`))
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : null));

async function openSend() {
  renderApp(`/workorder/invoices/${INVOICE_ID}`, makeSession());
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Send' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Send Invoice #3001' }));
  await dialog.findByRole('checkbox', { name: /Pat Billing/ });
  return { user, dialog };
}

describe('Send dialog', { timeout: 30_000 }, () => {
  it('prefills the billing contact, the company wording and the PDF; sends to the picked and typed addresses', async () => {
    const fetchMock = mockApi(
      invoiceReply(draftInvoice()),
      emailDraftReply('invoice', INVOICE_ID),
      route('POST', `/api/invoices/${INVOICE_ID}/send`, { body: { data: invoice({ status: 'SENT' }) } }),
    );
    const { user, dialog } = await openSend();
    expect(dialog.getByRole('checkbox', { name: /Pat Billing/ }).getAttribute('aria-checked')).toBe('true');
    expect(dialog.getByRole('checkbox', { name: /Sam Site/ }).getAttribute('aria-checked')).toBe('false');
    expect((dialog.getByLabelText('Subject') as HTMLInputElement).value).toBe('Invoice #3001 from Acme');
    expect((dialog.getByLabelText('Message') as HTMLTextAreaElement).value).toContain('Hi Riverside Dental');
    expect(dialog.getByText('Invoice-3001.pdf')).toBeTruthy();

    // A typo is named at once, in the server's words, and not added.
    const add = dialog.getByLabelText('Add an address');
    await user.type(add, 'owner@riverside{Enter}');
    expect(await dialog.findByText('To: "owner@riverside" is not a valid email address.')).toBeTruthy();
    await user.clear(add);
    await user.type(add, 'Owner@Riverside.test{Enter}');
    expect(dialog.getByRole('button', { name: 'Remove owner@riverside.test' })).toBeTruthy();
    await user.click(dialog.getByRole('checkbox', { name: /Sam Site/ }));
    await user.type(dialog.getByLabelText('Cc'), 'books@riverside.test');
    const subject = dialog.getByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Your invoice');
    await user.click(dialog.getByRole('button', { name: 'Send email' }));

    expect(await screen.findByText('Invoice #3001 sent to billing@riverside.test, site@riverside.test and 1 more')).toBeTruthy();
    expect(sendPosts(fetchMock)).toEqual([
      {
        email: {
          to: ['billing@riverside.test', 'site@riverside.test', 'owner@riverside.test'],
          cc: ['books@riverside.test'],
          subject: 'Your invoice',
          message: 'Hi Riverside Dental,\n\nPlease find it attached.',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('with no recipient picked says so and sends nothing; Mark as sent without email sends no body', async () => {
    const fetchMock = mockApi(
      invoiceReply(draftInvoice()),
      emailDraftReply('invoice', INVOICE_ID),
      route('POST', `/api/invoices/${INVOICE_ID}/send`, { body: { data: invoice({ status: 'SENT' }) } }),
    );
    const { user, dialog } = await openSend();
    await user.click(dialog.getByRole('checkbox', { name: /Pat Billing/ }));
    await user.click(dialog.getByRole('button', { name: 'Send email' }));
    expect(await dialog.findByText(MESSAGE_MESSAGES.noRecipients)).toBeTruthy();
    expect(sendPosts(fetchMock)).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Mark as sent without email' }));
    expect(await screen.findByText('Invoice #3001 marked as sent')).toBeTruthy();
    expect(sendPosts(fetchMock)).toEqual([null]);
  });

  it('an unverified company is told why it cannot email, Send email is off, and an admin can have the link sent again', async () => {
    const fetchMock = mockApi(
      invoiceReply(draftInvoice()),
      emailDraftReply('invoice', INVOICE_ID, { companyVerified: false, mailConfigured: false }),
      route('POST', '/api/company/verification', { status: 202, body: { data: { message: 'We sent a new link to admin@acme.test.' } } }),
    );
    const { user, dialog } = await openSend();
    expect(dialog.getByText(MESSAGE_MESSAGES.unverified)).toBeTruthy();
    expect(dialog.getByText(/No mail server is configured/)).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Send email' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent a new link to admin@acme.test.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/company/verification'))).toBe(true);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    mockApi(
      invoiceReply(draftInvoice()),
      emailDraftReply('invoice', INVOICE_ID),
      route('POST', `/api/invoices/${INVOICE_ID}/send`, { status: 409, body: { statusCode: 409, code: 'CONFLICT', message: MESSAGE_MESSAGES.unverified } }),
    );
    const { user, dialog } = await openSend();
    await user.click(dialog.getByRole('button', { name: 'Send email' }));
    expect(await dialog.findByText(MESSAGE_MESSAGES.unverified)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Send Invoice #3001' })).toBeTruthy();
  });
});
