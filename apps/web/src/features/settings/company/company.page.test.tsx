import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Company } from '@fieldwork/domain/company/company.schemas';
import { makeSession, mockApi, renderApp, route } from '../../../test-utils';

const company = (overrides: Partial<Company> = {}): Company => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Acme Field Services',
  timeZone: 'America/New_York',
  financingUrl: null,
  version: 2,
  ...overrides,
});

const putBody = (fetchMock: ReturnType<typeof mockApi>) => {
  const hit = fetchMock.mock.calls.find(([u, init]) => String(u) === '/api/company' && init?.method === 'PUT');
  return hit ? (JSON.parse(String(hit[1]?.body)) as Record<string, unknown>) : undefined;
};

describe('company settings: customer financing URL', { timeout: 20_000 }, () => {
  it('saves the lender URL with the company', async () => {
    const fetchMock = mockApi(
      route('PUT', '/api/company', { body: { data: company({ financingUrl: 'https://lender.example/apply', version: 3 }) } }),
      route('GET', '/api/company', { body: { data: company() } }),
      // Saving refreshes the session (it carries the company name and zone).
      route('GET', '/api/user/profile', { body: { data: makeSession('Admin', 'fullAccess') } }),
    );
    renderApp('/settings/company', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Customer financing URL'), 'https://lender.example/apply');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(putBody(fetchMock)).toMatchObject({ financingUrl: 'https://lender.example/apply', version: 2 }));
  });

  it('refuses a URL that is not https before sending', async () => {
    const fetchMock = mockApi(route('GET', '/api/company', { body: { data: company({ financingUrl: 'https://old.example' }) } }));
    renderApp('/settings/company', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Customer financing URL');
    expect((input as HTMLInputElement).value).toBe('https://old.example');
    await user.clear(input);
    await user.type(input, 'http://lender.example');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Financing URL must be a valid https:// URL.')).toBeTruthy();
    expect(putBody(fetchMock)).toBeUndefined();
  });
});

describe('company settings: contact details, brand colour and logo', { timeout: 20_000 }, () => {
  it('saves the contact details and colour printed on documents', async () => {
    const fetchMock = mockApi(
      route('PUT', '/api/company', { body: { data: company({ version: 3 }) } }),
      route('GET', '/api/company', { body: { data: company() } }),
      route('GET', '/api/user/profile', { body: { data: makeSession('Admin', 'fullAccess') } }),
    );
    renderApp('/settings/company', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'office@acme.test');
    await user.type(screen.getByLabelText('Phone'), '+1 212 555 0100');
    await user.type(screen.getByLabelText('Address'), '1 Main St, New York');
    await user.type(screen.getByLabelText('Brand colour'), '#0f766e');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(putBody(fetchMock)).toMatchObject({
        email: 'office@acme.test',
        phone: '+1 212 555 0100',
        address: '1 Main St, New York',
        brandColor: '#0f766e',
        version: 2,
      }),
    );
  });

  it("refuses a brand colour too light to read on white before sending, with the server's words", async () => {
    const fetchMock = mockApi(route('GET', '/api/company', { body: { data: company() } }));
    renderApp('/settings/company', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Brand colour'), '#fde047');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Brand colour is too light to read on white (contrast 1.3:1; it needs at least 3:1). Pick a darker shade.')).toBeTruthy();
    expect(putBody(fetchMock)).toBeUndefined();
  });

  it('uploads a logo and shows it; refuses a WebP before sending', async () => {
    const withLogo = company({ logoUrl: '/api/company/logo?v=abcd1234', version: 3 });
    const fetchMock = mockApi(route('PUT', '/api/company/logo', { body: { data: withLogo } }), route('GET', '/api/company', { body: { data: company() } }));
    renderApp('/settings/company', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup({ applyAccept: false });
    const picker = await screen.findByLabelText('Upload logo');
    await user.upload(picker, new File(['RIFF....WEBP'], 'logo.webp', { type: 'image/webp' }));
    expect(await screen.findByText('The logo must be a PNG or JPEG image.')).toBeTruthy();
    await user.upload(picker, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Acme Field Services logo' })).toBeTruthy();
    const puts = fetchMock.mock.calls.filter(([u, init]) => String(u) === '/api/company/logo' && init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect((puts[0]![1]!.body as FormData).get('file')).toBeInstanceOf(File);
  });
});

describe('company settings: the customer portal', { timeout: 20_000 }, () => {
  it('shows the public portal address and saves how long customer links work', async () => {
    const withPortal = company({ portalPath: '/portal/acme-field-services-0000c1aa', portalLinkDays: { estimate: 30, invoice: 90 } });
    const fetchMock = mockApi(
      route('PUT', '/api/company', { body: { data: { ...withPortal, version: 3 } } }),
      route('GET', '/api/company', { body: { data: withPortal } }),
      route('GET', '/api/user/profile', { body: { data: makeSession('Admin', 'fullAccess') } }),
    );
    renderApp('/settings/company', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    expect((await screen.findByLabelText('Portal page address')).textContent).toBe(`${window.location.origin}/portal/acme-field-services-0000c1aa`);
    const invoiceDays = screen.getByLabelText('Invoice links work for (days)');
    expect((invoiceDays as HTMLInputElement).value).toBe('90');
    await user.clear(invoiceDays);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Invoice links must be a whole number of days.')).toBeTruthy();
    await user.type(invoiceDays, '45');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(putBody(fetchMock)).toMatchObject({ portalEstimateLinkDays: 30, portalInvoiceLinkDays: 45 }));
  });
});
