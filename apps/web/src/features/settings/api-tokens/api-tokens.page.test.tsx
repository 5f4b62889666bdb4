import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiToken } from '@fieldwork/domain/access/api-tokens.schemas';
import type { AccessLevel } from '@fieldwork/domain/access/roles.rules';
import { makeSession, mockApi, renderApp, route } from '../../../test-utils';
import { expiryInstant } from './token-expiry';

const URL_ = '/settings/api-tokens';
const DAY = 86_400_000;
const token = (o: Partial<ApiToken>): ApiToken => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  name: 'Zapier',
  prefix: 'AbCdEfGh',
  scope: 'read',
  expiresAt: null,
  createdAt: '2026-01-05T15:00:00.000Z',
  lastUsedAt: null,
  ...o,
});
const created = { status: 201, body: { data: { token: token({}), secret: 'fwk_secret-shown-once' } } };
const bodies = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith('/api/tokens'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

async function openCreate(role: string, access: AccessLevel) {
  const fetchMock = mockApi(route('GET', '/api/tokens', { body: { data: { items: [] } } }), route('POST', '/api/tokens', created));
  renderApp(URL_, makeSession(role, access));
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Create token' }));
  return { dialog: within(await screen.findByRole('dialog')), fetchMock };
}
const scopeOptions = (dialog: ReturnType<typeof within>) =>
  within(dialog.getByLabelText(/^Scope/))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('API tokens settings', { timeout: 20_000 }, () => {
  it.each([
    ['Staff', 'onlyViewAccess', ['Read only']],
    ['Staff', 'noAccess', ['Read only']],
    ['Technician', 'noAccess', ['Read only', 'Full access']],
    ['Staff', 'partialAccess', ['Read only', 'Receptionist call log', 'Full access']],
    ['Admin', 'fullAccess', ['Read only', 'Receptionist call log', 'Full access']],
  ] as const)('offers %s with %s only the scopes it may create', async (role, access, labels) => {
    const { dialog } = await openCreate(role, access);
    expect(scopeOptions(dialog)).toEqual(labels);
    expect((dialog.getByLabelText(/^Scope/) as HTMLSelectElement).value).toBe('read');
  });

  it('creates a token with the chosen scope and expiry, then shows its secret once', async () => {
    const { dialog, fetchMock } = await openCreate('Admin', 'fullAccess');
    const user = userEvent.setup();
    await user.type(dialog.getByLabelText(/^Token name/), 'Phone system');
    await user.selectOptions(dialog.getByLabelText(/^Scope/), 'receptionist');
    expect(dialog.getByText('Only records calls in the AI receptionist call log.')).toBeTruthy();
    await user.selectOptions(dialog.getByLabelText('Expires'), '30');
    const before = Date.now();
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('token-secret')).toBeTruthy();
    const [body] = bodies(fetchMock);
    expect(body).toMatchObject({ name: 'Phone system', scope: 'receptionist' });
    expect(Date.parse(String(body?.expiresAt)) - before).toBeGreaterThanOrEqual(30 * DAY - 1_000);
    expect(Date.parse(String(body?.expiresAt)) - before).toBeLessThanOrEqual(30 * DAY + 5_000);
  });

  it('sends no expiry for Never, and asks for the date when "On a date" is chosen', async () => {
    const { dialog, fetchMock } = await openCreate('Technician', 'noAccess');
    const user = userEvent.setup();
    await user.type(dialog.getByLabelText(/^Token name/), 'Script');
    await user.selectOptions(dialog.getByLabelText('Expires'), 'date');
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    expect(await dialog.findByText('Expiry date is required.')).toBeTruthy();
    await user.selectOptions(dialog.getByLabelText('Expires'), 'never');
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    await screen.findByTestId('token-secret');
    expect(bodies(fetchMock)).toEqual([{ name: 'Script', scope: 'read' }]);
  });

  it('refuses a date past a year ahead before sending', async () => {
    const { dialog, fetchMock } = await openCreate('Admin', 'fullAccess');
    const user = userEvent.setup();
    await user.type(dialog.getByLabelText(/^Token name/), 'Too long');
    await user.selectOptions(dialog.getByLabelText('Expires'), 'date');
    fireEvent.change(dialog.getByLabelText(/^Expiry date/), { target: { value: new Date(Date.now() + 400 * DAY).toISOString().slice(0, 10) } });
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    expect(await dialog.findByText('Expiry must be at most one year ahead.')).toBeTruthy();
    expect(bodies(fetchMock)).toEqual([]);
  });

  it('lists scope, expiry (Expired once passed), last use and creation', async () => {
    const items = [
      token({ name: 'Reporting', scope: 'read', expiresAt: '2099-03-01T05:00:00.000Z', lastUsedAt: null }),
      token({
        id: 'a1b2c3d4-0000-4000-8000-000000000002',
        name: 'Old sync',
        scope: 'full',
        expiresAt: '2026-01-06T05:00:00.000Z',
        lastUsedAt: '2026-01-05T20:30:00.000Z',
      }),
    ];
    mockApi(route('GET', '/api/tokens', { body: { data: { items } } }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const rows = (await screen.findAllByRole('row')).slice(1).map((r) => within(r));
    expect(rows[0]!.getByText('Read only')).toBeTruthy();
    expect(rows[0]!.getByText('Mar 1, 2099, 12:00 AM')).toBeTruthy();
    expect(rows[0]!.getByText('Never used')).toBeTruthy();
    expect(rows[1]!.getByText('Full access')).toBeTruthy();
    expect(rows[1]!.getByText('Expired')).toBeTruthy();
    expect(rows[1]!.getByText('Jan 5, 2026, 3:30 PM')).toBeTruthy();
    expect(rows[1]!.getByText('Jan 5, 2026')).toBeTruthy();
  });

  it('shows the empty state when there are no tokens, and the error with a retry when the list fails', async () => {
    mockApi(route('GET', '/api/tokens', { body: { data: { items: [] } } }));
    const first = renderApp(URL_, makeSession('Staff', 'noAccess'));
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    first.unmount();
    mockApi(route('GET', '/api/tokens', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong! Please try again' } }));
    renderApp(URL_, makeSession('Staff', 'noAccess'));
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('token expiry choices', () => {
  const now = Date.parse('2026-03-07T15:00:00.000Z');
  it('is N days from now, the end of the chosen day in the company zone, or never', () => {
    expect(expiryInstant('never', '', 'America/New_York', now)).toBeNull();
    expect(expiryInstant('90', '', 'America/New_York', now)).toBe('2026-06-05T15:00:00.000Z');
    // Through March 8 in New York, the day clocks move to EDT: 23:59 EDT.
    expect(expiryInstant('date', '2026-03-08', 'America/New_York', now)).toBe('2026-03-09T03:59:00.000Z');
    expect(expiryInstant('date', '2026-03-07', 'America/New_York', now)).toBe('2026-03-08T04:59:00.000Z');
    expect(expiryInstant('date', '', 'America/New_York', now)).toBe('');
  });
});
