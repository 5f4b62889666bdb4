import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Company } from '@fieldwork/domain/company.schemas';
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
